/**
 * The commands README.md lists work on a fresh clone. Each command is named here: run here (in
 * its cheapest form where it takes options: a temporary folder, a few forms, one run) and
 * expected to exit 0, or not run here with the reason. A command added to README.md fails this
 * test until it is named here, so the README never lists a command nobody has tried.
 * The benchmarks and the seed run on a new embedded database, never on DATABASE_URL's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** When this file started: what a command writes is newer. */
const started = Math.floor(Date.now() / 1000) * 1000;
const scratch = mkdtempSync(join(tmpdir(), 'formsign-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** How a command is run here: the command line (its cheap form), its environment, and what else must hold after it. */
interface RunHere {
  line: string;
  env?: Record<string, string>;
  /** Whether the command may change the files of the repository (`git status` and `git diff` the same after it). */
  keepsTree?: true;
  after?: () => void;
}
type Known = { run: RunHere } | { notRun: string };

/** The embedded database, in a folder of its own. */
const embedded = (folder: string) => ({ FORMSIGN_DATA: join(scratch, folder), DATABASE_URL: '' });

const known: Record<string, Known> = {
  'npm install': { notRun: 'the tests run in an installed tree (CI installs with npm ci before npm test)' },
  'npm start': { notRun: 'it builds the app and keeps the server running' },
  'npm test': { notRun: 'this test is part of it' },
  'npm run start:mock': { notRun: 'it builds the app and keeps the mock server running' },
  'npm run serve': { notRun: 'it keeps the server running (the browser tests start it)' },
  'npm run dev': { notRun: 'it keeps the Vite dev server running' },
  'npm run mock': { notRun: 'it keeps the mock running (the mock smoke tests start it)' },
  'npm run migrations -w @formsign/server': {
    // A new migration file means the schema changed without one: the file stays, to be kept.
    run: { line: 'npm run migrations -w @formsign/server', keepsTree: true },
  },
  'npm run docs': {
    run: { line: 'npm run docs', after: () => expect(statSync(join(root, 'openapi/dist/index.html')).mtimeMs).toBeGreaterThanOrEqual(started) },
  },
  'npm run generate': { run: { line: 'npm run generate', keepsTree: true } },
  'npm run messages': {
    notRun: 'it rewrites the catalogues; tests/contract/messages.test.ts extracts the texts afresh and fails on one missing or unused',
  },
  'npm run diagrams': {
    run: {
      line: 'npm run diagrams',
      env: { DIAGRAMS_OUT: join(scratch, 'diagrams') },
      after: () =>
        expect(readdirSync(join(scratch, 'diagrams')).sort()).toEqual(
          readdirSync(join(root, 'machines/diagrams'))
            .filter((name) => name.endsWith('.md'))
            .sort(),
        ),
    },
  },
  'npm run size': { notRun: 'it builds the app, over a minute on two cores; npm test checks the budgets after its own build' },
  'npm run lighthouse': { notRun: 'it builds the app and drives a browser' },
  // The workspace's own script, so that the options reach it.
  'npm run bench': { run: { line: 'npm run bench -w @formsign/sdk -- --iterations 200 --warmup 50' } },
  'npm run seed -- --forms N [--organisations K]': { run: { line: 'npm run seed -- --forms 3', env: embedded('seed') } },
  'npm run bench:server': { notRun: 'its cheapest run starts the server on each database and drives every list, about a minute' },
  'npm run bench:load': { notRun: 'it seeds 25,000 forms and holds a load on the server for a minute on each database' },
  // The benchmarks are run by hand, on a quiet machine, for the figures they print; their
  // cheapest runs cost the suite half a minute of a core each time. Their code is type-checked
  // and the calls they time are the server suite's (sealing.test.ts, report-counts.test.ts).
  'npm run bench:bulk': { notRun: 'a benchmark, run by hand for its figures (sends 10,000 rows on a new database)' },
  'npm run bench:seal': { notRun: 'a benchmark, run by hand for its figures (seals forms on a new database)' },
  'npm run bench:reports': { notRun: 'a benchmark, run by hand for its figures (seeds forms and times the reports)' },
  'npm run format': { notRun: 'it rewrites the code; npm run lint checks that nothing is left to format' },
  'npm run lint': { notRun: 'npm test runs it (npm run checks)' },
  'npm run typecheck': { notRun: 'npm test runs it (npm run checks)' },
  'npm run test:unit': { notRun: 'this test is part of it' },
  'npm run test:e2e': { notRun: 'it builds the app and drives a browser; npm test runs it last' },
};

/** The commands README.md lists: those of its `sh` blocks and those of its command tables' first column. */
function readmeCommands(readme: string): string[] {
  const commands = new Set<string>();
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of (block[1] ?? '').split('\n')) {
      for (const part of line.replace(/#.*$/, '').split('&&')) if (part.trim()) commands.add(part.trim());
    }
  }
  for (const row of readme.matchAll(/^\| ([^|]*`npm [^|]*) \|/gm)) {
    for (const span of (row[1] ?? '').matchAll(/`(npm [^`]+)`/g)) commands.add(span[1] ?? '');
  }
  return [...commands];
}

function run(line: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'sh',
      ['-c', line],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
    child.stdin?.end();
  });
}

/** What `git status` and `git diff` say of the work tree: equal before and after a command that changes nothing. */
async function treeState(): Promise<string> {
  const status = await run('git status --porcelain=v1 --untracked-files=all && git diff --no-ext-diff');
  return status.output;
}

const listed = readmeCommands(readFileSync(join(root, 'README.md'), 'utf8'));
const runHere = Object.entries(known).flatMap(([command, entry]) =>
  'run' in entry && listed.includes(command) ? [[command, entry.run] as const] : [],
);

describe('README.md commands', () => {
  it('lists the commands this test knows', () => {
    expect(listed.length).toBeGreaterThan(10);
  });

  it('names each as run here or not run here, with the reason', () => {
    const unknown = listed.filter((command) => !(command in known));
    expect(unknown, 'Name these README commands in tests/contract/readme-commands.test.ts: run here, or not run here with why').toEqual([]);
  });

  it('names no command the README no longer lists', () => {
    expect(Object.keys(known).filter((command) => !listed.includes(command))).toEqual([]);
  });

  // One at a time: each compares the work tree before and after itself.
  it.each(runHere.filter(([, how]) => how.keepsTree))(
    '%s exits 0 and leaves the files as they were',
    async (_command, how) => {
      const before = await treeState();
      const result = await run(how.line, how.env);
      expect(result.code, result.output).toBe(0);
      expect(await treeState(), `${how.line} changed files: what it writes was stale or missing`).toBe(before);
    },
    120_000,
  );

  it.concurrent.each(runHere.filter(([, how]) => !how.keepsTree))(
    '%s exits 0',
    async (_command, how) => {
      const result = await run(how.line, how.env);
      expect(result.code, result.output).toBe(0);
      how.after?.();
    },
    120_000,
  );
});
