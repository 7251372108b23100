/**
 * Regenerates `src/generated/` from the contract (see `generated-files.ts` for what is in it).
 * With `--check` it writes nothing and fails when a file is stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedDir, renderGeneratedFiles } from './generated-files.js';

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await renderGeneratedFiles();
  const stale: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const path = join(generatedDir, name);
    if (readOrEmpty(path) === content) continue;
    if (check) stale.push(name);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (stale.length > 0) {
    console.error(`Stale generated files in sdk/src/generated: ${stale.join(', ')}. Run \`npm run generate\`.`);
    process.exitCode = 1;
  } else if (check) {
    console.log('sdk/src/generated is current.');
  } else {
    console.log('Generated sdk/src/generated from openapi/openapi.yaml.');
  }
}

await main();
