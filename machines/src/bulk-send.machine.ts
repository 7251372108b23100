/**
 * Sending a template to many people from a CSV: the file is checked (every bad row shown with
 * its reason; nothing is sent), then sent, and the send is followed while it runs (polled
 * every `pollInterval`) until it is done, stopped (no envelopes left) or cancelled. A send is
 * also followed from its page alone (`bulk.follow`), so its progress survives a reload. A
 * failed call keeps the file and what was typed: the person checks or sends again.
 */
import type { BulkSendProgress, CancelBulkSendResult, PrepopulationProblem, StartBulkSendResult } from '@formsign/sdk/contract';
import { assign, setup } from 'xstate';
import { errorMessage, notProvided } from './request-actor.js';

/** What is sent: the template, the chosen file (a `Blob` in the browser) and the send's note and expiry. */
export interface BulkSendUploadInput {
  template: number;
  file: unknown;
  message?: string;
  expires_at?: string;
}

export interface BulkSendContext {
  upload: BulkSendUploadInput | null;
  /** The rows of the file checked. */
  rows: number;
  problems: PrepopulationProblem[];
  problemsTotal: number;
  /** The send followed, once started. */
  id: number | null;
  detail: BulkSendProgress | null;
  error: string | null;
  /** The server's words on the last cancel. */
  notice: string | null;
}

export type BulkSendEvent =
  { type: 'bulk.check'; upload: BulkSendUploadInput } | { type: 'bulk.send' } | { type: 'bulk.follow'; id: number } | { type: 'bulk.cancel' };

/** How often a send under way is asked for its progress. */
export const pollInterval = 1_000;

const withProblems = (output: { rows?: number; problems: PrepopulationProblem[]; problems_total: number }) => ({
  problems: output.problems,
  problemsTotal: output.problems_total,
});

export const bulkSendMachine = setup({
  types: {
    context: {} as BulkSendContext,
    events: {} as BulkSendEvent,
  },
  actors: {
    /** `bulkSends.check`: code 2 when every row can be sent. */
    check: notProvided<StartBulkSendResult, BulkSendUploadInput>('check'),
    /** `api.bulkSends.start`. */
    start: notProvided<StartBulkSendResult, BulkSendUploadInput>('start'),
    /** `api.bulkSends.get`. */
    progress: notProvided<BulkSendProgress, number>('progress'),
    /** `api.bulkSends.cancel`. */
    cancel: notProvided<CancelBulkSendResult, number>('cancel'),
  },
  delays: { pollInterval },
  actions: {
    keepUpload: assign({
      upload: ({ event }) => (event.type === 'bulk.check' ? event.upload : null),
      problems: [],
      problemsTotal: 0,
      rows: 0,
      error: null,
    }),
    follow: assign({ id: ({ event }) => (event.type === 'bulk.follow' ? event.id : null), error: null }),
  },
}).createMachine({
  id: 'bulkSend',
  context: { upload: null, rows: 0, problems: [], problemsTotal: 0, id: null, detail: null, error: null, notice: null },
  initial: 'choosing',
  on: { 'bulk.follow': { target: '.following', actions: 'follow' } },
  states: {
    choosing: { on: { 'bulk.check': { target: 'checking', actions: 'keepUpload' } } },
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => context.upload as BulkSendUploadInput,
        onDone: [
          {
            guard: ({ event }) => event.output.code === 2,
            target: 'ready',
            actions: assign(({ event }) => ({ rows: event.output.rows, ...withProblems(event.output) })),
          },
          { target: 'invalid', actions: assign(({ event }) => ({ rows: event.output.rows, ...withProblems(event.output) })) },
        ],
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    /** Every row can be sent. */
    ready: {
      on: {
        'bulk.send': 'starting',
        'bulk.check': { target: 'checking', actions: 'keepUpload' },
      },
    },
    /** Some rows are bad: nothing is sent until a corrected file is checked. */
    invalid: { on: { 'bulk.check': { target: 'checking', actions: 'keepUpload' } } },
    starting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'start',
        input: ({ context }) => context.upload as BulkSendUploadInput,
        onDone: [
          {
            guard: ({ event }) => event.output.code === 1 && event.output.bulk_send !== null,
            target: 'following',
            actions: assign({ id: ({ event }) => event.output.bulk_send?.id ?? null }),
          },
          { target: 'invalid', actions: assign(({ event }) => withProblems(event.output)) },
        ],
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    following: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'progress',
            input: ({ context }) => context.id as number,
            onDone: [
              {
                guard: ({ event }) => event.output.bulk_send.status === 'sending',
                target: 'waiting',
                actions: assign({ detail: ({ event }) => event.output, error: null }),
              },
              { target: '#bulkSend.ended', actions: assign({ detail: ({ event }) => event.output, error: null }) },
            ],
            // A poll that fails is tried again at the next interval; the person reads why meanwhile.
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        waiting: {
          after: { pollInterval: 'loading' },
          on: { 'bulk.cancel': 'cancelling' },
        },
        cancelling: {
          invoke: {
            src: 'cancel',
            input: ({ context }) => context.id as number,
            onDone: { target: 'loading', actions: assign({ notice: ({ event }) => event.output.message }) },
            onError: { target: 'waiting', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
    },
    /** Done, stopped or cancelled: opened and completed forms still count up when asked again. */
    ended: { on: { 'bulk.follow': { target: 'following', actions: 'follow' } } },
  },
});
