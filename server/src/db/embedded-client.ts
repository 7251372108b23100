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

/**
 * PostgreSQL's buffer cache inside PGlite's memory: 32 MB rather than its 128. The WebAssembly
 * memory it lives in only grows, so the cache is resident for the life of the server, on top
 * of the operating system's own cache of the same files (PGlite reads the data folder through
 * it, so a page not in the buffer cache is still read from memory).
 */
export const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** A PGlite with the schema's extensions: in a folder, in memory (no folder), or loaded from a dump. */
export function newEmbeddedClient(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  const all = { startParams: embeddedStartParams, ...options, ...embeddedOptions };
  return dataDir === undefined ? new PGlite(all) : new PGlite(dataDir, all);
}
