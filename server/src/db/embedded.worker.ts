/**
 * The embedded database's thread (started by `embedded-thread.ts`): it owns the PGlite and runs
 * the queries the main thread sends, so that a long query keeps this thread busy and not the
 * one that answers requests. PGlite runs one statement at a time, and a transaction holds it
 * for its whole duration: the queries of other callers wait for it inside PGlite, exactly as
 * they do when PGlite runs in the server's own thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { newEmbeddedClient } from './embedded-client.js';
import type { EmbeddedReply, EmbeddedRequest, EmbeddedWorkerData, QueryRequest } from './embedded-thread.js';

const port = parentPort;
if (!port) throw new Error('The embedded database thread runs in a worker thread.');

/**
 * A PostgreSQL error (pg-protocol's DatabaseError: `code`, `constraint`, `detail`, the query and
 * its parameters...) as data that crosses threads: a thread's message keeps an error's message
 * and nothing else, and the server reads the SQLSTATE code.
 */
function describe(error: unknown): Extract<EmbeddedReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(error)) {
    if (value === undefined || field === 'name' || field === 'message') continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[field] = value;
    else if (field === 'params' && Array.isArray(value)) fields[field] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const parsersOf = (request: QueryRequest): QueryOptions['parsers'] =>
  request.rawTypes ? Object.fromEntries(request.rawTypes.map((type) => [type, (value: string) => value])) : undefined;

interface OpenTransaction {
  tx: Transaction;
  finish: (outcome: 'commit' | 'rollback') => void;
}

const { dataDir, dump } = workerData as EmbeddedWorkerData;
/** The last dump given, which a `load` without one opens again (the tests' copies of one template). */
let kept = dump;
let client: PGlite | null = null;
const transactions = new Map<number, OpenTransaction>();

/** A request's result, or why it failed; a transaction's end answers once PGlite has committed or rolled back. */
async function handle(request: EmbeddedRequest): Promise<unknown> {
  if (request.op === 'load') {
    if (client) throw new Error('The embedded database is open: close it before loading another.');
    if (request.dump) kept = request.dump;
    if (!kept) throw new Error('No dump was given to this thread.');
    await open(kept);
    return null;
  }
  if (!client) throw new Error('The embedded database is not open.');
  switch (request.op) {
    case 'query': {
      const runner = request.tx === undefined ? client : transactions.get(request.tx)?.tx;
      if (!runner) throw new Error('This transaction has ended.');
      const parsers = parsersOf(request);
      const result = await runner.query(request.text, request.values, {
        rowMode: request.rowMode,
        ...(parsers ? { parsers } : {}),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const runner = request.tx === undefined ? client : transactions.get(request.tx)?.tx;
      if (!runner) throw new Error('This transaction has ended.');
      return (await runner.exec(request.text)).map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case 'begin': {
      const id = request.tx;
      let started: () => void = () => undefined;
      const begun = new Promise<void>((resolve) => (started = resolve));
      const ended = client.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            transactions.set(id, { tx, finish: (outcome) => (outcome === 'commit' ? resolve() : reject(new RolledBack())) });
            started();
          }),
      );
      // The transaction's end is answered by 'end'; a failure before it began is this request's.
      const failedEarly = ended.then(
        () => undefined,
        (error: unknown) => {
          if (transactions.has(id)) return;
          endings.delete(id);
          throw error;
        },
      );
      endings.set(id, ended);
      await Promise.race([begun, failedEarly]);
      return null;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      const ended = endings.get(request.tx);
      if (!open || !ended) throw new Error('This transaction has ended.');
      open.finish(request.outcome);
      try {
        await ended;
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      } finally {
        transactions.delete(request.tx);
        endings.delete(request.tx);
      }
      return null;
    }
    case 'close': {
      const closing = client;
      client = null;
      await closing.close();
      return null;
    }
  }
}

/** How the thread asks PGlite to roll a transaction back (a rejected callback). */
class RolledBack extends Error {}

const endings = new Map<number, Promise<void>>();

/**
 * A dump as PGlite reads it (its `arrayBuffer()`): the bytes themselves. A Blob made of them
 * would copy them, and Node streams them back out in small chunks: a third of a second of this
 * thread for a 45 MB dump. PGlite copies each file out of the dump, so the bytes can be loaded again.
 */
class DumpBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

async function open(from?: ArrayBuffer): Promise<void> {
  const options = from ? { loadDataDir: new DumpBlob(from) } : {};
  const opened = newEmbeddedClient(dataDir, options);
  await opened.waitReady;
  client = opened;
}

open(dump).then(
  () => port.postMessage({ id: 0, ok: true, result: null } satisfies EmbeddedReply),
  (error: unknown) => port.postMessage({ id: 0, ok: false, error: describe(error) } satisfies EmbeddedReply),
);

port.on('message', (request: EmbeddedRequest) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies EmbeddedReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: describe(error) } satisfies EmbeddedReply),
  );
});
