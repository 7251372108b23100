/**
 * File work off the thread that answers requests. Reading a file someone uploaded (a PDF to
 * check, a template's PDF) or making one from it (a sealed PDF, with the template's PDF and the
 * signers' drawn signatures inside) can take long on a hostile file; it runs in worker threads,
 * so that every other request is answered meanwhile, each task within budgets:
 * - time: a task still running past its budget (10 seconds to read a PDF or a stamp image, 20 to show a form's
 *   document before it is signed, 60 to make a sealed one, 120 to draw a PDF's pages as images)
 *   is stopped (its worker ended) and refused;
 * - memory: each worker's heap is limited (`resourceLimits`), and a task past it is refused;
 * - waiting: at most a few tasks of requests wait for a free worker; past that the request is
 *   refused as busy (jobs wait their turn).
 * A few workers (two, or one on a single core) are started when first needed and ended after
 * half a minute without work. The worker loads the TypeScript sources the way the server does
 * (through tsx) under `npm start`, in the tests and on Node 20 and 22.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileTaskInput, FileTaskName, FileTaskOutput } from './file-tasks.js';

/** What the main thread tells a worker. */
export type ToWorker = { type: 'run'; name: FileTaskName; input: unknown } | { type: 'fetched'; id: number; reply: FetchReply };

/** What a worker tells the main thread. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; message: string }
  | { type: 'fetch'; id: number; url: string; method: string; headers: [string, string][]; body: Uint8Array | string | null };

/** The answer to a request a task made. */
export type FetchReply = { status: number; statusText: string; headers: [string, string][]; body: Uint8Array } | { error: string };

/** Why a task was not done: past its time or memory budget, too many waiting, the server stopping, or its worker failed. */
export type FileWorkFailure = 'time' | 'memory' | 'busy' | 'stopped' | 'crashed';

export class FileWorkRefused extends Error {
  constructor(
    readonly failure: FileWorkFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FileWorkRefused';
  }
}

export interface FileWorkOptions {
  /** Workers at most (two; one on a single core). */
  size?: number;
  /** Tasks of requests that may wait for a free worker (8). */
  waiting?: number;
  /** Each task's time budget, in milliseconds. */
  timeMs?: Partial<Record<FileTaskName, number>>;
  /** Each worker's heap, in megabytes (512). */
  memoryMb?: number;
  /** A worker without work is ended after this long (30 s). */
  idleMs?: number;
}

export interface RunOptions {
  /** A job: waits for a free worker however many wait (requests are refused past a few). */
  wait?: boolean;
  /** How the task's requests to other systems are sent (the guarded client's `fetch`); without it, the task reaches nothing. */
  fetch?: typeof fetch;
}

export interface FileWork {
  run<N extends FileTaskName>(name: N, input: FileTaskInput<N>, options?: RunOptions): Promise<FileTaskOutput<N>>;
  /** Ends every worker; tasks under way or waiting are refused. */
  close(): Promise<void>;
}

export const defaultTimeMs: Record<FileTaskName, number> = {
  'pdf-seals': 10_000,
  'pdf-pages': 10_000,
  'pdf-page-images': 120_000,
  'sealed-pdf': 60_000,
  'document-preview': 20_000,
  'audit-trail-pdf': 20_000,
  'csv-records': 20_000,
  'csv-table': 20_000,
  'stamp-image': 10_000,
  'drawing-image': 10_000,
};

interface Task {
  name: FileTaskName;
  input: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  budget: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
}

/** The code a worker starts with: tsx first when the server runs from its TypeScript sources. */
function bootstrap(): string {
  const fromSource = fileURLToPath(import.meta.url).endsWith('.ts');
  const entry = new URL(`./file-work.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;
  if (!fromSource) return `import(${JSON.stringify(entry)});`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} seconds`;

export function fileWork(options: FileWorkOptions = {}): FileWork {
  const size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  const waiting = options.waiting ?? 8;
  const timeMs = { ...defaultTimeMs, ...options.timeMs };
  const memoryMb = options.memoryMb ?? 512;
  const idleMs = options.idleMs ?? 30_000;
  const code = bootstrap();
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let closed = false;

  function clear(slot: Slot): void {
    clearTimeout(slot.budget);
    clearTimeout(slot.idle);
    slot.budget = undefined;
    slot.idle = undefined;
  }

  /** A worker is gone (ended, crashed, past a budget): its task is refused, and others take the queue. */
  function drop(slot: Slot, failure: FileWorkFailure, message: string): void {
    if (!slots.delete(slot)) return;
    clear(slot);
    const { task } = slot;
    slot.task = null;
    void slot.worker.terminate();
    if (task) task.reject(new FileWorkRefused(failure, message));
    // A worker that could not even start: the tasks waiting would wait for ever.
    else if (!slot.ready) for (const waiting of queue.splice(0)) waiting.reject(new FileWorkRefused(failure, message));
    dispatch();
  }

  function start(): void {
    const worker = new Worker(code, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, memoryMb / 8)), stackSizeMb: 4 },
    });
    const slot: Slot = { worker, ready: false, task: null, budget: undefined, idle: undefined };
    slots.add(slot);
    // Started for a task waiting: it keeps the process alive until it has done its work.
    worker.on('message', (message: FromWorker) => receive(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') drop(slot, 'memory', `The file work needed more than ${memoryMb} MB of memory.`);
      else drop(slot, 'crashed', `The file worker failed: ${error.message}`);
    });
    worker.on('exit', (exitCode) => drop(slot, 'crashed', `The file worker stopped (exit code ${exitCode}).`));
  }

  function rest(slot: Slot): void {
    clear(slot);
    slot.task = null;
    slot.worker.unref();
    slot.idle = setTimeout(() => {
      if (!slot.task) drop(slot, 'stopped', 'The file worker was idle.');
    }, idleMs);
    slot.idle.unref();
  }

  function assign(slot: Slot, task: Task): void {
    clear(slot);
    slot.task = task;
    // A task under way keeps the process alive until it is done.
    slot.worker.ref();
    const budget = timeMs[task.name];
    slot.budget = setTimeout(() => drop(slot, 'time', `The file work took longer than ${seconds(budget)}.`), budget);
    slot.worker.postMessage({ type: 'run', name: task.name, input: task.input } satisfies ToWorker);
  }

  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      const task = slot.ready && !slot.task ? queue.shift() : undefined;
      if (task) assign(slot, task);
    }
    const starting = [...slots].filter((slot) => !slot.ready).length;
    for (let more = Math.min(queue.length - starting, size - slots.size); more > 0; more -= 1) start();
  }

  function receive(slot: Slot, message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        slot.ready = true;
        rest(slot);
        dispatch();
        return;
      case 'done':
      case 'failed': {
        const task = slot.task;
        rest(slot);
        if (message.type === 'done') task?.resolve(message.result);
        else task?.reject(new Error(message.message));
        dispatch();
        return;
      }
      case 'fetch': {
        const send = slot.task?.options.fetch;
        const reply = (value: FetchReply): void => {
          if (slots.has(slot)) slot.worker.postMessage({ type: 'fetched', id: message.id, reply: value } satisfies ToWorker);
        };
        if (!send) {
          reply({ error: 'This file work may not reach other systems.' });
          return;
        }
        send(message.url, {
          method: message.method,
          headers: message.headers,
          ...(message.body === null ? {} : { body: typeof message.body === 'string' ? message.body : new Uint8Array(message.body) }),
        })
          .then(async (response) =>
            reply({
              status: response.status,
              statusText: response.statusText,
              headers: [...response.headers.entries()],
              body: new Uint8Array(await response.arrayBuffer()),
            }),
          )
          .catch((error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }));
        return;
      }
    }
  }

  return {
    run<N extends FileTaskName>(name: N, input: FileTaskInput<N>, runOptions: RunOptions = {}): Promise<FileTaskOutput<N>> {
      if (closed) return Promise.reject(new FileWorkRefused('stopped', 'The server is stopping.'));
      if (!runOptions.wait && queue.length >= waiting) return Promise.reject(new FileWorkRefused('busy', 'Too many files are waiting to be read.'));
      return new Promise<FileTaskOutput<N>>((resolve, reject) => {
        queue.push({ name, input, options: runOptions, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new FileWorkRefused('stopped', 'The server is stopping.'));
      await Promise.all(
        [...slots].map(async (slot) => {
          slots.delete(slot);
          clear(slot);
          slot.task?.reject(new FileWorkRefused('stopped', 'The server is stopping.'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}
