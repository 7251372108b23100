/**
 * Making a PGlite: in the embedded database's own thread (the server's), in the tests' template,
 * and in the benches. Kept apart from `database.ts` so that the thread loads PGlite alone.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The options every embedded database is opened with: the extensions the schema uses
 * (pg_trgm, whose indexes make searching words inside names and titles fast). A PGlite
 * opened without them cannot write to tables that have such an index, so every PGlite of
 * the server and its tests is made by `newEmbeddedClient`.
 */
export const embeddedOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** A PGlite with the schema's extensions: in a folder, in memory (no folder), or loaded from a dump. */
export function newEmbeddedClient(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return dataDir === undefined ? new PGlite({ ...options, ...embeddedOptions }) : new PGlite(dataDir, { ...options, ...embeddedOptions });
}
