/**
 * ARCHITECTURE.md's drawing says who imports whom; the packages' own code (not their tests,
 * which may start the mock) says it too. The two must agree: an arrow the drawing shows is one
 * that some import takes, and every import between packages is an arrow the drawing shows.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** The arrows of the drawing's list, "from -> to", from its "Who imports whom" lines. */
function drawnArrows(architecture: string): Set<string> {
  const start = architecture.indexOf('Who imports whom');
  if (start === -1) throw new Error('ARCHITECTURE.md has no "Who imports whom" list.');
  const arrows = new Set<string>();
  for (const line of architecture.slice(start).split('\n').slice(1)) {
    const match = /^\s+([a-z]+)\s+->\s+(.+)$/.exec(line);
    if (!match) break;
    for (const to of (match[2] ?? '').split(',')) arrows.add(`${match[1]} -> ${to.trim()}`);
  }
  return arrows;
}

/** Whether a file is test code (a package's tests may start the mock, and are not its code). */
const isTestCode = (path: string): boolean => /(^|\/)(test|e2e)\//.test(path) || /\.test(-d)?\.tsx?$/.test(path) || path.endsWith('.spec.ts');

/** The packages the drawing shows; tests/ and the root's scripts/ (tooling) may use them all. */
const drawnPackages = new Set(['openapi', 'sdk', 'machines', 'serving', 'web', 'mocks', 'server']);

/** The arrows the imports take: "imported -> importer", for every package the drawing shows. */
function importedArrows(files: { path: string; text: string }[]): Set<string> {
  const arrows = new Set<string>();
  for (const { path, text } of files) {
    const importer = path.split('/')[0] ?? '';
    if (!drawnPackages.has(importer) || isTestCode(path)) continue;
    for (const match of text.matchAll(/(?:from|import\()\s*'@formsign\/([a-z]+)/g)) {
      const imported = match[1] ?? '';
      if (imported !== importer) arrows.add(`${imported} -> ${importer}`);
    }
  }
  return arrows;
}

function sourceFiles(): { path: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter(Boolean)
    .map((path) => ({ path, text: readFileSync(new URL(path, root), 'utf8') }));
}

describe("ARCHITECTURE.md's drawing", () => {
  it('shows exactly the arrows the packages import along', () => {
    const drawn = drawnArrows(readFileSync(new URL('ARCHITECTURE.md', root), 'utf8'));
    const imported = importedArrows(sourceFiles());
    expect([...drawn].sort()).toEqual([...imported].sort());
  });

  it('would see an import the drawing does not show, and an arrow no import takes', () => {
    const drawn = drawnArrows('Who imports whom:\n    sdk      -> web, server\n\n');
    expect([...drawn].sort()).toEqual(['sdk -> server', 'sdk -> web']);
    const imported = importedArrows([
      { path: 'web/src/a.ts', text: "import { x } from '@formsign/sdk';\nimport { y } from '@formsign/machines/z';" },
      { path: 'sdk/test/support/mock.ts', text: "import { startMock } from '@formsign/mocks';" },
      { path: 'tests/e2e/a.spec.ts', text: "import { b } from '@formsign/server';" },
      { path: 'scripts/dev.ts', text: "import { startMock } from '@formsign/mocks';" },
    ]);
    expect([...imported].sort()).toEqual(['machines -> web', 'sdk -> web']);
  });
});
