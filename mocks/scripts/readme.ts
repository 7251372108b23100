/** Rewrites the examples table of mocks/README.md from the contract; with `--check`, fails when it is stale. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withCurrentTable } from '../src/examples-table.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const current = withCurrentTable(readme);
if (process.argv.includes('--check')) {
  if (current !== readme) {
    console.error('mocks/README.md is stale: run `npm run readme -w @formsign/mocks`.');
    process.exitCode = 1;
  }
} else if (current !== readme) {
  writeFileSync(path, current);
  console.log('Updated mocks/README.md.');
}
