/**
 * The migrations are generated from the schema (`npm run migrations -w @formsign/server`),
 * never written by hand: generating again from the schema must find nothing new.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from './support/test-databases.js';

const server = fileURLToPath(new URL('..', import.meta.url));

describe.runIf(testDatabaseKind() === 'embedded')('the migrations', () => {
  it('are up to date with the schema', () => {
    const copy = mkdtempSync(join(tmpdir(), 'formsign-migrations-'));
    try {
      cpSync(join(server, 'drizzle'), copy, { recursive: true });
      const before = readdirSync(copy).sort();
      // drizzle-kit takes --out relative to where it runs.
      const run = spawnSync(
        process.execPath,
        [
          join(server, '../node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          join(server, 'src/db/schema.ts'),
          '--out',
          basename(copy),
        ],
        { cwd: dirname(copy), encoding: 'utf8' },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(readdirSync(copy).sort(), `run npm run migrations -w @formsign/server\n${output}`).toEqual(before);
      expect(output).toContain('No schema changes');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
