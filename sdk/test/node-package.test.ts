/**
 * The package as other teams take it: packed with `npm pack` from an unbuilt folder (its
 * `prepack` builds it), unpacked into a fresh project outside the monorepo, imported by name
 * in a plain `node` process (no TypeScript, no export condition) that calls the Prism mock
 * through it, and type-checked as a consumer would: with Node's types, or with the DOM library.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administratorToken, example } from './support/contract.js';
import { mockUrl } from './support/mock-server.js';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const repoModules = fileURLToPath(new URL('../../node_modules', import.meta.url));

interface PackedFile {
  path: string;
}

let consumerDir: string;
let packed: string[];
let manifest: {
  private?: boolean;
  license?: string;
  engines?: Record<string, string>;
  repository?: unknown;
  exports: Record<string, Record<string, string>>;
  main: string;
  types: string;
};

/** Packs the SDK (building it first, as `prepack` says) and unpacks the tarball into `into`. */
async function packInto(into: string): Promise<string[]> {
  // Packing must work from a clean folder: nothing built yet.
  rmSync(join(sdkDir, 'dist'), { recursive: true, force: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into], {
    cwd: sdkDir,
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const [result] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: PackedFile[] }>;
  if (!result) throw new Error(`npm pack said nothing:\n${stdout}`);
  const target = join(into, 'node_modules', '@formsign', 'sdk');
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', join(into, result.filename), '-C', target, '--strip-components=1']);
  return result.files.map((file) => file.path);
}

beforeAll(async () => {
  consumerDir = mkdtempSync(join(tmpdir(), 'formsign-sdk-consumer-'));
  packed = await packInto(consumerDir);
  // The package's one dependency, as npm would install it beside the package.
  symlinkSync(join(repoModules, 'openapi-fetch'), join(consumerDir, 'node_modules', 'openapi-fetch'), 'dir');
  writeFileSync(join(consumerDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  manifest = JSON.parse(readFileSync(join(consumerDir, 'node_modules', '@formsign', 'sdk', 'package.json'), 'utf8')) as typeof manifest;
}, 180_000);

afterAll(async () => {
  if (consumerDir) rmSync(consumerDir, { recursive: true, force: true });
});

const consumer = `
// Browser globals must not be touched while the package loads.
for (const name of ['document', 'navigator', 'window', 'localStorage']) {
  Object.defineProperty(globalThis, name, { configurable: true, get() { throw new Error(name + ' read at import time'); } });
}
const sdk = await import('@formsign/sdk');
for (const name of ['document', 'navigator', 'window', 'localStorage']) delete globalThis[name];

const { createFormsignClient, ApiError, eachPage } = sdk;
let withoutBaseUrl = null;
try {
  createFormsignClient();
} catch (error) {
  withoutBaseUrl = error.message;
}
const client = createFormsignClient({ baseUrl: process.env.MOCK_URL, token: () => process.env.TOKEN, xsrfCookie: () => 'node' });
const login = await client.auth.login({ name: 'olivia.bennett', password: 'correct-horse-battery' });
const page = await client.forms.completed({ page: 1, limit: 25, filters: { search: 'care plan', from: '2026-11-01' } });
const unused = await client.account.countUnusedEnvelopes();
let pages = 0;
for await (const each of eachPage(client.forms.completed, { limit: 25 })) pages += each.data.length > 0 ? 1 : 0;
let failure = null;
try {
  await client.workflow.list({}, { headers: { Prefer: 'code=500, example=noMessage' } });
} catch (error) {
  failure = { isApiError: error instanceof ApiError, kind: error.kind, status: error.status, message: error.message };
}
let unreachable = null;
try {
  await createFormsignClient({ baseUrl: 'http://127.0.0.1:9' }).settings.get();
} catch (error) {
  unreachable = { kind: error.kind, status: error.status };
}
const contract = await import('@formsign/sdk/contract');
console.log(JSON.stringify({ resolved: import.meta.resolve('@formsign/sdk'), withoutBaseUrl, username: login.body.username, page, unused, pages, failure, unreachable, xsrf: [contract.xsrfCookieName, contract.xsrfHeaderName] }));
`;

/** The type errors of `source` compiled as a consumer's file with the given library and types. */
function consumerTypeErrors(name: string, source: string, options: { lib: string[]; types: string[] }): string[] {
  const file = join(consumerDir, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: options.lib,
    types: options.types,
    typeRoots: [join(repoModules, '@types')],
    strict: true,
    noEmit: true,
  });
  const resolved = program.getSourceFiles().map((source) => source.fileName);
  expect(resolved.some((fileName) => fileName.endsWith('/node_modules/@formsign/sdk/dist/index.d.ts'))).toBe(true);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const typedConsumer = `import { createFormsignClient, eachRow, ApiError, type CompletedForm, type CompletedFormPage, type LoginResponse } from '@formsign/sdk';
const client = createFormsignClient({ baseUrl: 'http://127.0.0.1:4010', token: () => null, xsrfCookie: () => 'node', timeout: 10_000, retry: true });
export async function main(): Promise<[LoginResponse, CompletedFormPage, CompletedForm[], string]> {
  const { body } = await client.auth.login({ name: 'n', password: 'p' });
  const page = await client.forms.completed({ page: 1, filters: { search: 'x' } }, { signal: AbortSignal.timeout(5_000) });
  const rows: CompletedForm[] = [];
  for await (const row of eachRow(client.forms.completed, { limit: 100 })) rows.push(row);
  try {
    await client.users.list();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') return [body, page, rows, error.message];
  }
  return [body, page, rows, ''];
}
`;

describe('the packed package', () => {
  it('can be published: not private, with a licence, engines and repository', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('UNLICENSED');
    expect(manifest.engines?.node).toBe('>=20.19');
    expect(manifest.repository).toMatchObject({ type: 'git', directory: 'sdk' });
  });

  it('is built by prepack: ESM with declarations, no tests', () => {
    for (const file of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/contract.js',
      'dist/client.js',
      'dist/generated/openapi.d.ts',
      'dist/middleware/xsrf-token.js',
      'README.md',
      'package.json',
    ]) {
      expect(packed, file).toContain(file);
    }
    expect(packed.filter((file) => /\.test(-d)?\.(ts|js)$/.test(file))).toEqual([]);
  });

  it('points its exports, main and types only at files it ships', () => {
    const targets = [manifest.main, manifest.types, ...Object.values(manifest.exports).flatMap((conditions) => Object.values(conditions))];
    for (const target of targets) {
      expect(packed, target).toContain(target.replace(/^\.\//, ''));
      expect(existsSync(join(consumerDir, 'node_modules', '@formsign', 'sdk', target)), target).toBe(true);
    }
  });

  it('runs in a plain node process against the mock', async () => {
    writeFileSync(join(consumerDir, 'consumer.mjs'), consumer);
    const { stdout } = await run(process.execPath, ['consumer.mjs'], {
      cwd: consumerDir,
      env: { ...process.env, NODE_OPTIONS: '', MOCK_URL: mockUrl(), TOKEN: administratorToken },
    });
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result.resolved).toMatch(/\/node_modules\/@formsign\/sdk\/dist\/index\.js$/);
    expect(result.withoutBaseUrl).toMatch(/^createFormsignClient: the base URL "\/api" is relative and there is no page to resolve it against/);
    expect(result).toMatchObject({
      username: 'Olivia Bennett',
      page: example('listCompletedForms'),
      unused: 312,
      pages: 1,
      failure: { isApiError: true, kind: 'http', status: 500, message: 'Internal error. please try again' },
      unreachable: { kind: 'network', status: 0 },
      xsrf: ['XSRF-TOKEN', 'X-XSRF-TOKEN'],
    });
  }, 30_000);

  it('its declarations type-check a Node consumer (no DOM library)', () => {
    expect(consumerTypeErrors('node-consumer.ts', typedConsumer, { lib: ['lib.es2023.d.ts'], types: ['node'] })).toEqual([]);
  });

  it('its declarations type-check a browser consumer (the DOM library, no Node types)', () => {
    expect(
      consumerTypeErrors('browser-consumer.ts', typedConsumer, { lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: [] }),
    ).toEqual([]);
  });

  it('its declarations need one of the two: without either, fetch types are missing', () => {
    const errors = consumerTypeErrors('bare-consumer.ts', typedConsumer, { lib: ['lib.es2023.d.ts'], types: [] });
    expect(errors.join('\n')).toMatch(/Cannot find name '(Request|Response|Headers|AbortSignal)'/);
  });
});
