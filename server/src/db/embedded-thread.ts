/**
 * The embedded database in a thread of its own. PGlite runs PostgreSQL inside the thread that
 * calls it, and a query keeps that thread until it is done: in the server's thread, every query
 * would hold up every request, static files and sign-ins included. Here a worker thread owns the
 * PGlite (`embedded.worker.ts`) and this side speaks for it with the calls Drizzle's PGlite
 * driver and the job queue make (`query`, `exec`, `transaction`), so that everything above sees
 * the same database as before: the same statements, results, errors (with their SQLSTATE codes)
 * and transactions.
 *
 * PGlite is one session: a transaction holds it from `begin` to its end, and every other query
 * waits for it (a pool of one), in the thread, as it does when PGlite runs in this one.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';

export interface EmbeddedWorkerData {
  /** The PGlite data folder; none for a database in memory. */
  dataDir?: string;
  /** A dump to load (`dumpDataDir`), for a database in memory made from a template. */
  dump?: ArrayBuffer;
}

export interface QueryRequest {
  id: number;
  op: 'query';
  tx?: number;
  text: string;
  values?: unknown[];
  rowMode?: 'array' | 'object';
  /** Types to be returned as PostgreSQL's text (Drizzle maps dates and intervals itself). */
  rawTypes?: number[];
}

/** What the main thread asks the database's thread. */
export type EmbeddedRequest =
  | QueryRequest
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; outcome: 'commit' | 'rollback' }
  | { id: number; op: 'close' }
  | { id: number; op: 'load'; dump?: ArrayBuffer };

/** What it answers (the request with id 0 is the opening). */
export type EmbeddedReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { name: string; message: string; fields: Record<string, unknown> } };

/** A query's result, as PGlite gives it. */
export interface ThreadResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What a transaction's callback is given: PGlite's `Transaction`, as far as Drizzle uses it. */
export interface ThreadTransaction {
  query(text: string, values?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(text: string): Promise<ThreadResults[]>;
  readonly closed: boolean;
}

type Request = EmbeddedRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The code the thread starts with: tsx first when the server runs from its TypeScript sources. */
function bootstrap(): string {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  const entry = new URL(`./embedded.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return `import(${JSON.stringify(entry)});`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
}

/** A PostgreSQL error from the thread, with the fields the server reads (`code`, `constraint`...). */
function rebuild(error: Extract<EmbeddedReply, { ok: false }>['error']): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

export class EmbeddedThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextRequest = 0;
  #nextTransaction = 0;
  #gone: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: EmbeddedReply) => this.#receive(reply));
    worker.on('error', (error) => this.#fail(new Error(`The embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => this.#fail(new Error(`The embedded database stopped (its thread ended with code ${code}).`)));
  }

  /** Starts the thread and waits for the database to be open. */
  static async start(data: EmbeddedWorkerData): Promise<EmbeddedThread> {
    const worker = new Worker(bootstrap(), { eval: true, workerData: data, ...(data.dump ? { transferList: [data.dump] } : {}) });
    const thread = new EmbeddedThread(worker);
    try {
      await thread.#await(0);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  query(text: string, values?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.#query(undefined, text, values, options);
  }

  exec(text: string): Promise<ThreadResults[]> {
    return this.#send({ op: 'exec', text }) as Promise<ThreadResults[]>;
  }

  /** Runs the callback in a transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (this.#nextTransaction += 1);
    await this.#send({ op: 'begin', tx });
    let closed = false;
    const transaction: ThreadTransaction = {
      query: (text, values, options) => this.#query(tx, text, values, options),
      exec: (text) => this.#send({ op: 'exec', tx, text }) as Promise<ThreadResults[]>,
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(transaction);
    } catch (error) {
      closed = true;
      await this.#send({ op: 'end', tx, outcome: 'rollback' });
      throw error;
    }
    closed = true;
    await this.#send({ op: 'end', tx, outcome: 'commit' });
    return result;
  }

  /** Closes the database (PGlite writes what it holds to the data folder) and ends the thread. */
  async close(): Promise<void> {
    if (this.#gone) return;
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#gone = new Error('The embedded database is closed.');
      await this.#worker.terminate();
    }
  }

  /**
   * Closes the database and keeps the thread, which `load` gives another database: loading a
   * copy into a thread costs half of what starting a thread for it does (the tests' copies).
   */
  async closeDatabase(): Promise<void> {
    await this.#send({ op: 'close' });
  }

  /**
   * Opens a database from a dump in this thread, whose last database was closed: the dump given
   * (which moves to the thread), or without one the last the thread was given, again.
   */
  async load(dump?: ArrayBuffer): Promise<void> {
    await this.#send(dump ? { op: 'load', dump } : { op: 'load' }, dump ? [dump] : []);
  }

  /** For Drizzle's PGlite driver, which is typed for a PGlite. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }

  #query(tx: number | undefined, text: string, values: unknown[] | undefined, options: QueryOptions | undefined): Promise<ThreadResults> {
    // Drizzle asks for dates, times and intervals as text, with parsers that return their input.
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#send({
      op: 'query',
      text,
      ...(tx === undefined ? {} : { tx }),
      ...(values ? { values } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(rawTypes ? { rawTypes } : {}),
    }) as Promise<ThreadResults>;
  }

  #send(request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = (this.#nextRequest += 1);
    const answered = this.#await(id);
    this.#worker.postMessage({ ...request, id } as EmbeddedRequest, transfer);
    return answered;
  }

  #await(id: number): Promise<unknown> {
    // A query under way keeps the process alive, as it would with PGlite in this thread.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  #receive(reply: EmbeddedReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(rebuild(reply.error));
  }

  #fail(error: Error): void {
    this.#gone ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
