/**
 * The package as other teams take it: built with `npm run build` into `dist/`, imported by
 * name from a project outside the monorepo in a plain `node` process (no TypeScript, no
 * export condition), which calls the Prism mock through it. Its declarations type-check a
 * consumer written for Node.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administratorToken, example } from './support/contract.js';
import { startMock, type MockServer } from './support/mock-server.js';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));

let mock: MockServer;
let consumerDir: string;

beforeAll(async () => {
  [mock] = await Promise.all([
    startMock(),
    run('npm', ['run', 'build'], { cwd: sdkDir }),
  ]);
  consumerDir = mkdtempSync(join(tmpdir(), 'formsign-sdk-consumer-'));
  mkdirSync(join(consumerDir, 'node_modules', '@formsign'), { recursive: true });
  symlinkSync(sdkDir, join(consumerDir, 'node_modules', '@formsign', 'sdk'), 'dir');
  writeFileSync(join(consumerDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
}, 120_000);

afterAll(async () => {
  await mock?.stop();
  if (consumerDir) rmSync(consumerDir, { recursive: true, force: true });
});

const consumer = `
// Browser globals must not be touched while the package loads.
for (const name of ['document', 'navigator', 'window', 'localStorage']) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { throw new Error(name + ' read at import time'); } });
}
const sdk = await import('@formsign/sdk');
for (const name of ['document', 'navigator', 'window', 'localStorage']) delete globalThis[name];

const { createFormsignClient, ApiError } = sdk;
const client = createFormsignClient({ baseUrl: process.env.MOCK_URL, token: () => process.env.TOKEN, xsrfCookie: () => 'node' });
const login = await client.auth.login({ name: 'olivia.bennett', password: 'correct-horse-battery' });
const page = await client.forms.completed({ page: 1, limit: 25, filters: { search: 'care plan', from: '2026-11-01' } });
const unused = await client.account.countUnusedEnvelopes();
let failure = null;
try {
  await client.workflow.list({}, { headers: { Prefer: 'code=500, example=noMessage' } });
} catch (error) {
  failure = { isApiError: error instanceof ApiError, status: error.status, message: error.message };
}
console.log(JSON.stringify({ resolved: import.meta.resolve('@formsign/sdk'), username: login.body.username, page, unused, failure }));
`;

describe('the built package', () => {
  it('emits ESM with declarations into dist/', () => {
    for (const file of ['index.js', 'index.d.ts', 'client.js', 'client.d.ts', 'generated/openapi.d.ts', 'middleware/xsrf-token.js']) {
      expect(existsSync(join(sdkDir, 'dist', file)), file).toBe(true);
    }
    expect(existsSync(join(sdkDir, 'dist', 'transport.test.js'))).toBe(false);
  });

  it('runs in a plain node process against the mock', async () => {
    writeFileSync(join(consumerDir, 'consumer.mjs'), consumer);
    const { stdout } = await run(process.execPath, ['consumer.mjs'], {
      cwd: consumerDir,
      env: { ...process.env, NODE_OPTIONS: '', MOCK_URL: mock.url, TOKEN: administratorToken },
    });
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result.resolved).toMatch(/\/dist\/index\.js$/);
    expect(result).toMatchObject({
      username: 'Olivia Bennett',
      page: example('listCompletedForms'),
      unused: 312,
      failure: { isApiError: true, status: 500, message: 'Internal error. please try again' },
    });
  }, 30_000);

  it('its declarations type-check a Node consumer (no DOM library)', () => {
    const file = join(consumerDir, 'consumer.ts');
    writeFileSync(
      file,
      `import { createFormsignClient, ApiError, type CompletedFormPage, type LoginResponse } from '@formsign/sdk';
const client = createFormsignClient({ baseUrl: 'http://127.0.0.1:4010', token: () => null, xsrfCookie: () => 'node' });
export async function main(): Promise<[LoginResponse, CompletedFormPage, string]> {
  const { body } = await client.auth.login({ name: 'n', password: 'p' });
  const page = await client.forms.completed({ page: 1, filters: { search: 'x' } }, { signal: AbortSignal.timeout(5_000) });
  try {
    await client.users.list();
  } catch (error) {
    if (error instanceof ApiError) return [body, page, error.message];
  }
  return [body, page, ''];
}
`,
    );
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts'],
      types: ['node'],
      typeRoots: [fileURLToPath(new URL('../../node_modules/@types', import.meta.url))],
      strict: true,
      noEmit: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    const resolved = program.getSourceFiles().map((source) => source.fileName).find((name) => name.endsWith('/sdk/dist/index.d.ts'));
    expect(resolved).toBeDefined();
  });
});
