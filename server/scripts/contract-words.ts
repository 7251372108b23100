/**
 * Writes `src/generated/contract-words.ts` from the contract (see `contract-words-file.ts`).
 * With `--check` it writes nothing and fails when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { contractWordsPath, renderContractWords } from './contract-words-file.js';

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

const rendered = renderContractWords();
const current = readOrEmpty(contractWordsPath) === rendered;
if (process.argv.includes('--check')) {
  if (!current) {
    console.error('server/src/generated/contract-words.ts is stale. Run `npm run generate`.');
    process.exitCode = 1;
  } else console.log('server/src/generated/contract-words.ts is current.');
} else if (!current) {
  writeFileSync(contractWordsPath, rendered);
  console.log('Generated server/src/generated/contract-words.ts from openapi/openapi.yaml.');
}
