/**
 * Writes `diagrams/<name>.md` for every machine (`npm run diagrams -w @formsign/machines`).
 * With `--check` it writes nothing and fails when a file is stale or missing. `DIAGRAMS_OUT`
 * names another folder to write them to (a check of the command that leaves the repository as it is).
 * It reads the machines and the SDK from their sources, so it needs no build.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDiagramFiles } from './diagram-files.js';

const directory = process.env.DIAGRAMS_OUT || join(dirname(fileURLToPath(import.meta.url)), '..', 'diagrams');
const check = process.argv.includes('--check');
const files = renderDiagramFiles();

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const existing = (() => {
  try {
    return readdirSync(directory).filter((name) => name.endsWith('.md'));
  } catch {
    return [];
  }
})();
const stale = [...files].filter(([name, content]) => read(join(directory, name)) !== content).map(([name]) => name);
const extra = existing.filter((name) => !files.has(name));

if (check) {
  if (stale.length > 0 || extra.length > 0) {
    console.error(`Stale diagrams: ${[...stale, ...extra].join(', ')}. Run npm run diagrams -w @formsign/machines.`);
    process.exit(1);
  }
  console.log(`${files.size} diagrams up to date.`);
} else {
  mkdirSync(directory, { recursive: true });
  for (const name of stale) writeFileSync(join(directory, name), files.get(name) ?? '');
  for (const name of extra) rmSync(join(directory, name));
  console.log(`${files.size} diagrams in ${process.env.DIAGRAMS_OUT || 'machines/diagrams'} (${stale.length} written, ${extra.length} removed).`);
}
