import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { diagramSources, renderDiagramFiles } from '../scripts/diagram-files.js';
import { machineStats, mermaidDiagram } from '../scripts/mermaid-diagram.js';

const directory = join(dirname(fileURLToPath(import.meta.url)), '..', 'diagrams');
const srcDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

describe('diagrams', () => {
  const files = renderDiagramFiles();

  it.each([...files.keys()])('diagrams/%s is up to date (run npm run diagrams -w @formsign/machines)', (name) => {
    expect(readFileSync(join(directory, name), 'utf8')).toBe(files.get(name));
  });

  it('has one diagram per machine file and no other', () => {
    const machines = readdirSync(srcDirectory)
      .filter((name) => name.endsWith('.machine.ts'))
      .map((name) => name.replace('.machine.ts', '.md'))
      .sort();
    expect([...files.keys()].sort()).toEqual(machines);
    expect(
      readdirSync(directory)
        .filter((name) => name.endsWith('.md'))
        .sort(),
    ).toEqual(machines);
  });

  it('is shown by the README', () => {
    const readme = readFileSync(join(directory, '..', 'README.md'), 'utf8');
    for (const source of diagramSources) expect(readme).toContain(`diagrams/${source.name}.md`);
  });
});

describe('mermaidDiagram', () => {
  const machine = setup({
    types: { events: {} as { type: 'go' } | { type: 'note' } },
    actors: { load: fromPromise(async () => 1) },
    guards: { allowed: () => true },
    actions: { remember: () => {}, log: () => {} },
    delays: { patience: 5_000 },
  }).createMachine({
    id: 'sample.machine',
    initial: 'idle',
    on: { note: { actions: 'log' } },
    states: {
      idle: { on: { go: { guard: 'allowed', target: 'busy', actions: 'remember' } } },
      busy: {
        initial: 'working',
        invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'idle' },
        states: { working: { after: { patience: 'waiting' } }, waiting: { on: { go: { actions: 'log' } } } },
      },
      done: { type: 'final' },
    },
  });
  const diagram = mermaidDiagram(machine);

  it('draws states, compound states, the initial and final states', () => {
    expect(diagram.split('\n')[0]).toBe('stateDiagram-v2');
    expect(diagram).toContain('[*] --> sample_machine_idle');
    expect(diagram).toContain('state "busy" as sample_machine_busy {');
    expect(diagram).toContain('    [*] --> sample_machine_busy_working');
    expect(diagram).toContain('sample_machine_done --> [*]');
  });

  it('labels arrows with the event, guard and actions; invokes and delays by name', () => {
    expect(diagram).toContain('sample_machine_idle --> sample_machine_busy : go [allowed] / remember');
    expect(diagram).toContain('sample_machine_busy --> sample_machine_done : load done');
    expect(diagram).toContain('sample_machine_busy --> sample_machine_idle : load error');
    expect(diagram).toContain('    sample_machine_busy_working --> sample_machine_busy_waiting : after patience (5000 ms)');
    expect(diagram).toContain('  invoke load');
  });

  it('writes transitions without a target inside their state, and machine-wide ones in "in every state"', () => {
    expect(diagram).toContain('sample_machine_busy_waiting : on go / log');
    expect(diagram).toContain('state "in every state" as sample_machine__every_state');
    expect(diagram).toContain('sample_machine__every_state : on note / log');
  });

  it('counts states and transitions', () => {
    expect(machineStats(machine)).toEqual({ states: 5, transitions: 6 });
  });
});
