/**
 * A file worker's thread (started by `file-work.ts`): runs one task at a time and answers its
 * result. A request a task makes to another system is passed to the main thread, which sends it
 * through the guarded client and hands the answer back.
 */
import { parentPort } from 'node:worker_threads';
import { fileTasks, type FileTaskName, type TaskTools } from './file-tasks.js';
import type { FetchReply, FromWorker, ToWorker } from './file-work.js';

const port = parentPort;
if (!port) throw new Error('A file worker runs in a worker thread.');

const pending = new Map<number, { resolve: (reply: FetchReply) => void }>();
let nextRequest = 0;

const bridgedFetch = (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const raw = init.body;
  const body =
    raw === undefined || raw === null
      ? null
      : typeof raw === 'string'
        ? raw
        : raw instanceof Uint8Array
          ? raw
          : raw instanceof ArrayBuffer
            ? new Uint8Array(raw)
            : undefined;
  if (body === undefined) throw new Error('This kind of request body cannot be sent.');
  const id = (nextRequest += 1);
  const reply = await new Promise<FetchReply>((resolve) => {
    pending.set(id, { resolve });
    port.postMessage({
      type: 'fetch',
      id,
      url,
      method: init.method ?? 'GET',
      headers: [...new Headers(init.headers).entries()],
      body,
    } satisfies FromWorker);
  });
  if ('error' in reply) throw new Error(reply.error);
  const empty = reply.status === 204 || reply.status === 304;
  return new Response(empty ? null : new Uint8Array(reply.body), { status: reply.status, statusText: reply.statusText, headers: reply.headers });
}) as typeof fetch;

const tools: TaskTools = { fetch: bridgedFetch };

async function run(name: FileTaskName, input: unknown): Promise<unknown> {
  const task = fileTasks[name] as (input: unknown, tools: TaskTools) => unknown;
  return task(input, tools);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'fetched') {
    pending.get(message.id)?.resolve(message.reply);
    pending.delete(message.id);
    return;
  }
  run(message.name, message.input).then(
    (result) => port.postMessage({ type: 'done', result } satisfies FromWorker),
    (error: unknown) => port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromWorker),
  );
});

port.postMessage({ type: 'ready' } satisfies FromWorker);
