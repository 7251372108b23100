/**
 * The rules of imports inside the packages, which ESLint's package boundaries do not see:
 *
 * - no import cycle in a package's sources (a lazy `import()` back to what loads it, as the
 *   route table's pages do, is allowed: it runs once both modules are evaluated; so is a
 *   type-only import, which leaves nothing at run time);
 * - a page of the app (`web/src/pages/`) never imports another page: pages are reached only
 *   through the route table;
 * - a feature of the app (`web/src/features/<f>/`) never imports another feature: what two
 *   features share moves to a shared folder;
 * - a server area (`server/src/modules/<a>/`) never imports another area's `handlers.ts`: it
 *   calls that area's use case or repository;
 * - a shared module of the server (auth, audit, companies, errors, files, jobs, mail, sealing,
 *   db, http) imports no area: the composition root gives it what it needs;
 * - nothing the server's request thread loads (what `server/src/main.ts` imports, and what
 *   that imports, but for lazy and type-only imports) imports a package the file workers
 *   read and draw PDFs with: loaded there, the PDF library alone took about 100 MB of the
 *   request thread's memory for nothing (its work is done in the workers).
 *
 * Pure: it takes the files' paths and texts and returns the broken rules, so its test can
 * show each rule catching a bad import. `check-imports.ts` runs it on the repository.
 */
import { posix } from 'node:path';

export interface SourceFile {
  /** The path from the repository's root, with `/`. */
  path: string;
  text: string;
}

export interface Violation {
  rule: 'cycle' | 'page' | 'feature' | 'area-handlers' | 'shared-module' | 'worker-package';
  message: string;
}

interface Edge {
  to: string;
  /** A lazy `import()`: evaluated later, so it closes no cycle. */
  lazy: boolean;
  /** `import type` / `export type`: nothing at run time. */
  typeOnly: boolean;
}

/** The packages whose sources are checked. */
export const checkedPackages = ['openapi', 'sdk', 'machines', 'serving', 'web', 'mocks', 'server'];

/** The packages only the server's file workers load (`server/src/files/file-tasks.ts`). */
export const workerPackages = ['@libpdf/core', 'pdfjs-dist', '@napi-rs/canvas'];
/** Where the server's request thread starts. */
const serverMain = 'server/src/main.ts';

const sharedServerModules = ['auth', 'audit', 'companies', 'errors', 'files', 'jobs', 'mail', 'sealing', 'db', 'http'];

/** Whether a file is one of the sources the rules look at. */
export function isCheckedSource(path: string): boolean {
  const [pkg, folder] = path.split('/');
  return checkedPackages.includes(pkg ?? '') && folder === 'src' && /\.tsx?$/.test(path) && !path.includes('/generated/');
}

const staticImport = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const packageImport = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^.'"][^'"]*)['"]/g;
const lazyImport = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative imports of a file's text, resolved against the files that exist. */
function edgesOf(file: SourceFile, exists: (path: string) => boolean): Edge[] {
  const resolve = (specifier: string): string | undefined => {
    const joined = posix.normalize(posix.join(posix.dirname(file.path), specifier));
    const stem = joined.replace(/\.(js|jsx|ts|tsx)$/, '');
    return [joined, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find(exists);
  };
  const edges: Edge[] = [];
  for (const match of file.text.matchAll(staticImport)) {
    const to = resolve(match[3] ?? '');
    if (to) edges.push({ to, lazy: false, typeOnly: Boolean(match[2]) });
  }
  for (const match of file.text.matchAll(lazyImport)) {
    const to = resolve(match[1] ?? '');
    if (to) edges.push({ to, lazy: true, typeOnly: false });
  }
  return edges;
}

/** The worker-only packages a file imports for use at run time (a type-only import leaves nothing). */
function workerPackagesOf(file: SourceFile): string[] {
  const found: string[] = [];
  for (const match of file.text.matchAll(packageImport)) {
    const name = match[3] ?? '';
    if (!match[2] && workerPackages.some((pkg) => name === pkg || name.startsWith(`${pkg}/`))) found.push(name);
  }
  return found;
}

/** The files reachable from `start` through the graph's edges, with the path that reached each. */
function reachable(graph: Map<string, string[]>, start: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const to of graph.get(next) ?? []) {
      if (paths.has(to)) continue;
      paths.set(to, [...(paths.get(next) ?? []), to]);
      queue.push(to);
    }
  }
  return paths;
}

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

const pageOf = (path: string): string | undefined => /^web\/src\/pages\/([^/]+)/.exec(path)?.[1];
const featureOf = (path: string): string | undefined => /^web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const areaOf = (path: string): string | undefined => /^server\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const sharedModuleOf = (path: string): string | undefined => {
  const name = /^server\/src\/([^/]+)\//.exec(path)?.[1];
  return name && sharedServerModules.includes(name) ? name : undefined;
};

/** The zone rule an import from `from` to `to` breaks, if any. */
function zoneViolation(from: string, to: string): Violation | undefined {
  const [fromPage, toPage] = [pageOf(from), pageOf(to)];
  if (fromPage && toPage && fromPage !== toPage) {
    return { rule: 'page', message: `${from} imports ${to}: a page does not import another page; move what both need to a shared folder.` };
  }
  const [fromFeature, toFeature] = [featureOf(from), featureOf(to)];
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return { rule: 'feature', message: `${from} imports ${to}: a feature does not import another feature; move what both need to a shared folder.` };
  }
  const [fromArea, toArea] = [areaOf(from), areaOf(to)];
  if (fromArea && toArea && fromArea !== toArea && to.endsWith('/handlers.ts')) {
    return {
      rule: 'area-handlers',
      message: `${from} imports ${to}: an area does not import another area's handlers; call its use case or its repository.`,
    };
  }
  if (sharedModuleOf(from) && toArea) {
    return {
      rule: 'shared-module',
      message: `${from} imports ${to}: a shared module imports no area; register what it needs from the composition root.`,
    };
  }
  return undefined;
}

export function importViolations(files: readonly SourceFile[]): Violation[] {
  const checked = files.filter((file) => isCheckedSource(file.path));
  const known = new Set(checked.map((file) => file.path));
  const exists = (path: string): boolean => known.has(path);
  const violations: Violation[] = [];
  const runtime = new Map<string, string[]>();
  for (const file of checked) {
    const edges = edgesOf(file, exists);
    runtime.set(
      file.path,
      edges.filter((edge) => !edge.lazy && !edge.typeOnly).map((edge) => edge.to),
    );
    for (const edge of edges) {
      const broken = zoneViolation(file.path, edge.to);
      if (broken) violations.push(broken);
    }
  }
  const byPath = new Map(checked.map((file) => [file.path, file]));
  if (known.has(serverMain))
    for (const [path, chain] of reachable(runtime, serverMain)) {
      const file = byPath.get(path);
      for (const pkg of file ? workerPackagesOf(file) : [])
        violations.push({
          rule: 'worker-package',
          message: `${path} imports ${pkg}, and the server's request thread loads it (${chain.join(' → ')}): only the file workers load ${pkg}; import what the thread needs from a module without it, or load it lazily.`,
        });
    }
  for (const group of cycles(runtime)) {
    violations.push({ rule: 'cycle', message: `These files import each other in a circle: ${group.join(', ')}.` });
  }
  return violations;
}
