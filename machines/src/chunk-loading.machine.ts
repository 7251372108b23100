/**
 * Loading a page on demand: loading, then loaded, or failed
 * with a chunk loading error that names the failed request and says whether it was missing,
 * timed out or failed. Loading gives up after the page-load time-out (120 seconds). A retry
 * loads again; loading another page starts over with its request.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './request-actor.js';

/** How long a page chunk may take to load before it fails as timed out: 120 seconds. */
export const pageLoadTimeout = 120_000;

export type ChunkFailureReason = 'missing' | 'timeout' | 'failed';

/** What the machine holds about a failed load. */
export interface ChunkLoadingError {
  /** The request that failed (the chunk's script, e.g. `js/dashboard.js`). */
  request: string;
  reason: ChunkFailureReason;
  message: string;
}

/** The text of a chunk loading error, naming the request. */
export function chunkErrorMessage(request: string, reason: ChunkFailureReason): string {
  return `Loading chunk ${request} failed. (${reason}: ${request})`;
}

/** What the app's load actor rejects with: the failed request and why. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly request: string;
  readonly reason: ChunkFailureReason;

  constructor(request: string, reason: ChunkFailureReason, options?: { cause?: unknown }) {
    super(chunkErrorMessage(request, reason), options);
    this.request = request;
    this.reason = reason;
  }
}

/** The chunk loading error of whatever the load actor rejected with. */
export function chunkLoadingError(error: unknown, request: string): ChunkLoadingError {
  if (error instanceof ChunkLoadError) return { request: error.request, reason: error.reason, message: error.message };
  return { request, reason: 'failed', message: chunkErrorMessage(request, 'failed') };
}

export interface ChunkLoadingInput {
  /** The page chunk to load. */
  request: string;
}

export interface ChunkLoadingContext {
  request: string;
  error: ChunkLoadingError | null;
}

export type ChunkLoadingEvent = { type: 'chunk.retry' } | { type: 'chunk.load'; request: string };

export const chunkLoadingMachine = setup({
  types: {
    context: {} as ChunkLoadingContext,
    events: {} as ChunkLoadingEvent,
    input: {} as ChunkLoadingInput,
  },
  actors: {
    /** Loads the chunk (`import()` of the page); rejects with a `ChunkLoadError`. */
    loadChunk: notProvided<unknown, ChunkLoadingInput>('loadChunk'),
  },
  delays: {
    pageLoadTimeout,
  },
  actions: {
    setRequest: assign((_, params: { request: string }) => ({ request: params.request })),
    clearError: assign({ error: null }),
    showFailure: assign(({ context }, params: { error: unknown }) => ({ error: chunkLoadingError(params.error, context.request) })),
    showTimeout: assign(({ context }) => ({
      error: { request: context.request, reason: 'timeout', message: chunkErrorMessage(context.request, 'timeout') } as const,
    })),
  },
}).createMachine({
  id: 'chunkLoading',
  context: ({ input }) => ({ request: input.request, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'loadChunk',
        src: 'loadChunk',
        input: ({ context }) => ({ request: context.request }),
        onDone: { target: 'loaded' },
        onError: { target: 'failed', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      after: {
        pageLoadTimeout: { target: 'failed', actions: 'showTimeout' },
      },
      on: {
        'chunk.load': { target: 'loading', reenter: true, actions: { type: 'setRequest', params: ({ event }) => ({ request: event.request }) } },
      },
    },
    loaded: {
      on: {
        'chunk.load': { target: 'loading', actions: { type: 'setRequest', params: ({ event }) => ({ request: event.request }) } },
      },
    },
    failed: {
      on: {
        'chunk.retry': { target: 'loading' },
        'chunk.load': { target: 'loading', actions: { type: 'setRequest', params: ({ event }) => ({ request: event.request }) } },
      },
    },
  },
});
