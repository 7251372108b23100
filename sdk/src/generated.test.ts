/**
 * `src/generated/` must be what the generator renders from the contract now: a change to
 * `openapi/openapi.yaml` without `npm run generate` fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, renderGeneratedFiles } from '../scripts/generated-files.js';

describe('src/generated', async () => {
  const files = await renderGeneratedFiles();

  it('holds the five generated files, the application codes in a module per product area', () => {
    const names = Object.keys(files);
    expect(names.filter((name) => !name.startsWith('app-codes/')).sort()).toEqual([
      'app-codes.ts',
      'error-texts.ts',
      'limits.ts',
      'openapi.ts',
      'operations.ts',
    ]);
    expect(names.filter((name) => name.startsWith('app-codes/'))).toEqual(expect.arrayContaining(['app-codes/auth.ts', 'app-codes/settings.ts']));
  });

  it.each(Object.keys(files))('%s is current (run `npm run generate` when this fails)', (name) => {
    const onDisk = readFileSync(join(generatedDir, name), 'utf8');
    expect(onDisk === files[name], `sdk/src/generated/${name} is stale`).toBe(true);
  });
});
