/**
 * The rules of imports inside the packages (`scripts/import-rules.ts`, run by `npm run lint`):
 * the repository keeps them, and each rule catches the import it forbids.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importViolations, isCheckedSource, type SourceFile } from '../../scripts/import-rules.ts';

const root = new URL('../../', import.meta.url);

function repositorySources(): SourceFile[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(isCheckedSource)
    .map((path) => ({ path, text: readFileSync(new URL(path, root), 'utf8') }));
}

const rulesOf = (files: SourceFile[]): string[] => importViolations(files).map((violation) => violation.rule);

describe('the imports inside the packages', () => {
  it('keep every rule in the repository', () => {
    const sources = repositorySources();
    expect(sources.length).toBeGreaterThan(300);
    expect(importViolations(sources)).toEqual([]);
  });

  it('may not go round in a circle, unless lazily or for types only', () => {
    const circle = [
      { path: 'server/src/auth/a.ts', text: "import { b } from './b.js';\nexport const a = 1;" },
      { path: 'server/src/auth/b.ts', text: "import {\n  a,\n} from './a.js';\nexport const b = a;" },
    ];
    expect(rulesOf(circle)).toEqual(['cycle']);
    const lazy = [
      { path: 'web/src/routes/table.ts', text: "export const pages = [() => import('../pages/home-page.js')];" },
      { path: 'web/src/pages/home-page.tsx', text: "import { pages } from '../routes/table.js';" },
    ];
    expect(rulesOf(lazy)).toEqual([]);
    const types = [
      { path: 'server/src/context.ts', text: "import type { Jobs } from './jobs/queue.js';" },
      { path: 'server/src/jobs/queue.ts', text: "import type { ServerContext } from '../context.js';" },
    ];
    expect(rulesOf(types)).toEqual([]);
  });

  it('keep pages and features apart', () => {
    expect(
      rulesOf([
        { path: 'web/src/pages/a-page.tsx', text: "import { B } from './b-page.js';" },
        { path: 'web/src/pages/b-page.tsx', text: 'export const B = 1;' },
      ]),
    ).toEqual(['page']);
    expect(
      rulesOf([
        { path: 'web/src/features/forms/list.tsx', text: "import { columns } from '../account/columns';" },
        { path: 'web/src/features/account/columns.tsx', text: 'export const columns = [];' },
        { path: 'web/src/features/account/panel.tsx', text: "import { columns } from './columns.js';" },
      ]),
    ).toEqual(['feature']);
  });

  it("keep a server area out of another's handlers, and shared modules out of every area", () => {
    expect(
      rulesOf([
        { path: 'server/src/modules/forms/signing.ts', text: "import { helper } from '../templates/handlers.js';" },
        { path: 'server/src/modules/forms/send.ts', text: "import { findTemplate } from '../templates/repository.js';" },
        { path: 'server/src/modules/templates/handlers.ts', text: 'export const helper = 1;' },
        { path: 'server/src/modules/templates/repository.ts', text: 'export const findTemplate = 1;' },
      ]),
    ).toEqual(['area-handlers']);
    expect(
      rulesOf([
        { path: 'server/src/files/file-tasks.ts', text: "import { pdfPages } from '../modules/templates/pdf-pages.js';" },
        { path: 'server/src/modules/templates/pdf-pages.ts', text: 'export const pdfPages = 1;' },
      ]),
    ).toEqual(['shared-module']);
  });

  it("keep the file workers' packages out of what the server's request thread loads", () => {
    const main = { path: 'server/src/main.ts', text: "import { stamp } from './modules/account/company-stamp.js';" };
    const worker = {
      path: 'server/src/files/stamp-image.ts',
      text: "import { PDF } from '@libpdf/core';\nexport const maxStampPixels = 2000;",
    };
    /** The rules broken when the module main.ts loads has this text, beside the worker's module. */
    const withStamp = (text: string): string[] => rulesOf([main, { path: 'server/src/modules/account/company-stamp.ts', text }, worker]);
    expect(withStamp("import { maxStampPixels } from '../../files/stamp-image.js';")).toEqual(['worker-package']);
    // Lazily, or for its types only, it stays in the workers.
    expect(withStamp("const read = () => import('../../files/stamp-image.js');")).toEqual([]);
    expect(withStamp("import type { Stamp } from '../../files/stamp-image.js';")).toEqual([]);
    expect(withStamp("import type { PDF } from '@libpdf/core';\nexport const stamp = 1;")).toEqual([]);
    // A module no request loads may import it.
    expect(withStamp('export const stamp = 1;')).toEqual([]);
  });
});
