import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderExamplesTable, withCurrentTable } from '@formsign/mocks/examples-table';
import { parsePrefer } from '@formsign/mocks/prefer';
import { operations } from '../support/contract.js';
import { mockUrl } from '../support/mock.js';

const readme = readFileSync(new URL('../../mocks/README.md', import.meta.url), 'utf8');

describe('the mock README', () => {
  it('shows the current table of named examples (run `npm run readme -w @formsign/mocks` when this fails)', () => {
    expect(withCurrentTable(readme)).toBe(readme);
  });

  it('says plainly what the mock does not do, and how to test in a browser without an extension', () => {
    expect(readme).toContain('The mock keeps no state.');
    expect(readme).toContain('It also ignores paging and filters');
    expect(readme).toContain('http://localhost:8080/__mock');
    expect(readme).not.toMatch(/header-setting browser\s+extension/);
  });

  it('lists every operation of the contract', () => {
    const table = renderExamplesTable();
    for (const { operation } of operations) expect(table).toContain(`| ${operation.operationId} |`);
  });
});

/** The README's shell commands: comments dropped, continued lines joined. */
function shellCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks.flatMap((block) =>
    block
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** Splits a command line into words as the shell does for the quoting the README uses, expanding `$VAR`. */
function words(line: string, variables: Record<string, string>): string[] {
  const out: string[] = [];
  let word: string | null = null;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] ?? '';
    if (char === ' ') {
      if (word !== null) out.push(word);
      word = null;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      word = (word ?? '') + line.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      const end = line.indexOf('"', index + 1);
      word = (word ?? '') + line.slice(index + 1, end).replace(/\$(\w+)/g, (_all, name: string) => variables[name] ?? '');
      index = end;
    } else if (char === '$') {
      const name = /^\w+/.exec(line.slice(index + 1))?.[0] ?? '';
      word = (word ?? '') + (variables[name] ?? '');
      index += name.length;
    } else word = (word ?? '') + char;
  }
  if (word !== null) out.push(word);
  return out;
}

interface Curl {
  method: string;
  url: string;
  headers: Headers;
  body?: string;
}

/** The request a `curl` command sends (the options the README uses: -s, -X, -H, -d). */
function curlRequest(args: string[], mockUrl: string): Curl {
  const request: Curl = { method: 'GET', url: '', headers: new Headers() };
  for (let index = 1; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '-s') continue;
    else if (arg === '-X') request.method = args[++index] ?? '';
    else if (arg === '-H') {
      const [name = '', ...value] = (args[++index] ?? '').split(':');
      request.headers.append(name.trim(), value.join(':').trim());
    } else if (arg === '-d') {
      request.body = args[++index] ?? '';
      if (request.method === 'GET') request.method = 'POST';
      if (!request.headers.has('content-type')) request.headers.set('Content-Type', 'application/x-www-form-urlencoded');
    } else if (/^https?:/.test(arg)) request.url = arg.replace('http://127.0.0.1:4010', mockUrl);
    else throw new Error(`The README's curl uses an option this test does not know: ${arg}`);
  }
  return request;
}

describe('the mock README’s examples', () => {
  it('work as written against the mock', async () => {
    const commands = shellCommands(readme).filter((line) => /\bcurl\b/.test(line));
    expect(commands.length).toBeGreaterThanOrEqual(5);
    const variables: Record<string, string> = {};
    for (const line of commands) {
      // NAME=$(curl ... | sed -E 's/<pattern>/\1/'): keeps what the pattern picks from the answer.
      const assignment = /^(\w+)=\$\((curl .*) \| sed -E '(s\/.*\/)'\)$/.exec(line);
      const command = assignment?.[2] ?? line;
      const request = curlRequest(words(command, variables), mockUrl());
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      const text = await response.text();
      const expected = Number(parsePrefer(request.headers.get('prefer') ?? undefined).code ?? 200);
      expect(response.status, `${line}\n answered ${response.status}: ${text}`).toBe(expected);
      if (assignment) {
        const [, pattern = '', replacement = ''] = /^s\/(.*)\/(.*)\/$/.exec(assignment[3] ?? '') ?? [];
        const value = text.replace(new RegExp(pattern, 's'), replacement.replace(/\\(\d)/g, '$$$1'));
        expect(value, 'the command picks a value from the answer').toMatch(/^eyJ/);
        variables[assignment[1] ?? ''] = value;
      }
    }
  });
});
