/**
 * Which source files of the web app belong to which part of its catalogues (see
 * src/i18n/parts.ts), from the import graph: `shell` is everything the app's entry imports
 * (not the pages it loads when asked) and the login page with what it imports; `signing` is
 * what the signing pages import that the shell does not; `pages` is every other file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { shellPages, signingPages, type CataloguePart } from '../src/i18n/parts.ts';

const staticImport = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The local files a file imports statically (a dynamic `import()` is a page loaded when asked, not part of the importer). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(staticImport)].flatMap((match) => {
    const specifier = match[1] ?? match[2];
    return specifier && /\.tsx?$/.test(specifier) ? [resolve(dirname(file), specifier)] : [];
  });
}

function closure(starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const next = [...starts];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...importsOf(file));
  }
  return seen;
}

/** Each part's files, as paths relative to `root` (the repository), for lingui.config.ts. */
export function catalogueParts(webFolder: string, root: string): Record<CataloguePart, string[]> {
  const src = join(webFolder, 'src');
  const page = (chunk: string) => join(src, 'pages', `${chunk}.tsx`);
  // Loaded with the shell though not imported by it: the texts the app receives as text, with a
  // language (say-text.ts), the login page's second step, when the password is sent, and the
  // notifications, with the first one (any page may show one).
  const loadedWithShell = ['i18n/text-words.ts', 'features/auth/second-factor-form.tsx', 'shell/toaster.tsx'].map((file) => join(src, file));
  const shell = closure([join(src, 'main.tsx'), ...loadedWithShell, ...shellPages.map(page)]);
  const signing = [...closure(signingPages.map(page))].filter((file) => !shell.has(file));
  const taken = new Set([...shell, ...signing]);
  const pages = sourceFiles(src).filter((file) => !taken.has(file));
  const relativeTo = (files: Iterable<string>) => [...files].map((file) => relative(root, file)).sort();
  return { shell: relativeTo(shell), signing: relativeTo(signing), pages: relativeTo(pages) };
}
