/**
 * Every `ts` example of the README is type-checked against the SDK's sources, as a module of
 * its own, so the README cannot drift from the API.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(sdkDir, 'README.md'), 'utf8');
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

let dir: string;

beforeAll(() => {
  // A project outside the monorepo that depends on @formsign/sdk, resolved to its sources.
  dir = mkdtempSync(join(tmpdir(), 'formsign-sdk-readme-'));
  mkdirSync(join(dir, 'node_modules', '@formsign'), { recursive: true });
  symlinkSync(sdkDir, join(dir, 'node_modules', '@formsign', 'sdk'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The type errors of some modules, each compiled as a file of the example project. */
function typeErrors(sources: string[]): string[] {
  const files = sources.map((source, index) => {
    const file = join(dir, `example-${index + 1}.ts`);
    writeFileSync(file, source);
    return file;
  });
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['@formsign/source'],
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [fileURLToPath(new URL('../../node_modules/@types', import.meta.url))],
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const name = diagnostic.file ? diagnostic.file.fileName.replace(`${dir}/`, '') : '';
    return `${name}${where ? `:${where.line + 1}:${where.character + 1}` : ''} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe('README examples', () => {
  it('has the examples the README promises', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const topic of ['auth.login', 'forms.completed', 'ApiError', 'Prefer', 'signal']) {
      expect(
        examples.some((example) => example.includes(topic)),
        topic,
      ).toBe(true);
    }
  });

  it('all type-check against the SDK', () => {
    expect(typeErrors(examples)).toEqual([]);
  }, 60_000);

  it('the check catches an example that no longer fits the API', () => {
    const stale = "import { createFormsignClient } from '@formsign/sdk';\nawait createFormsignClient().forms.completed({ pages: 2 });\n";
    expect(typeErrors([stale]).join('\n')).toMatch(/pages/);
  }, 60_000);
});
