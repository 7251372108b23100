/**
 * The envelope counter: administrators only. It fetches
 * the unused envelope count and colours it: 'twenty' at or below 20% of the envelopes the
 * company bought, 'forty' at or below 40%, otherwise none. The count is kept under the
 * `unusedEnvelopes` storage key when a storage is given. For anyone else it stays hidden and
 * never calls the endpoint. `envelopes.refresh` (a purchase completed) fetches the count again,
 * restarting a fetch already on its way, whose answer may predate the purchase.
 */
import { assign, setup } from 'xstate';
import type { KeyValueStorage } from './key-value-storage.js';
import { notProvided } from './request-actor.js';
import { storageKeys } from './storage-keys.js';

/** The warning thresholds, as shares of the envelopes bought: the count is coloured at or below each. */
export const envelopeThresholds = { twenty: 0.2, forty: 0.4 } as const;

export type EnvelopeLevel = keyof typeof envelopeThresholds;

/**
 * The counter's colour: 'twenty' when `unused` is at or below 20% of `envelopes`, 'forty' at or
 * below 40%, otherwise null. A company with no envelopes bought gets no colour.
 */
export function envelopeLevel(unused: number, envelopes: number): EnvelopeLevel | null {
  if (!(envelopes > 0)) return null;
  const share = unused / envelopes;
  if (share <= envelopeThresholds.twenty) return 'twenty';
  if (share <= envelopeThresholds.forty) return 'forty';
  return null;
}

export interface EnvelopeCounterInput {
  /** Whether the user is an administrator (`user.isAdmin`). */
  isAdmin: boolean;
  /** The envelopes the company bought in all (`user.envelopes`). */
  envelopes: number;
  /** Where to keep the unused count (`window.localStorage` in the app). */
  storage?: KeyValueStorage;
}

export interface EnvelopeCounterContext {
  isAdmin: boolean;
  envelopes: number;
  storage: KeyValueStorage | null;
  /** The unused envelope count, or null until fetched. */
  unused: number | null;
  level: EnvelopeLevel | null;
}

export type EnvelopeCounterEvent = { type: 'envelopes.refresh' };

export const envelopeCounterMachine = setup({
  types: {
    context: {} as EnvelopeCounterContext,
    events: {} as EnvelopeCounterEvent,
    input: {} as EnvelopeCounterInput,
  },
  actors: {
    /** `client.account.countUnusedEnvelopes()`. */
    countUnusedEnvelopes: notProvided<number>('countUnusedEnvelopes'),
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
  },
  actions: {
    showCount: assign(({ context }, params: { unused: number }) => ({
      unused: params.unused,
      level: envelopeLevel(params.unused, context.envelopes),
    })),
    storeCount: ({ context }, params: { unused: number }) => {
      context.storage?.setItem(storageKeys.unusedEnvelopes, String(params.unused));
    },
  },
}).createMachine({
  id: 'envelopeCounter',
  context: ({ input }) => ({
    isAdmin: input.isAdmin,
    envelopes: input.envelopes,
    storage: input.storage ?? null,
    unused: null,
    level: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isAdmin', target: 'fetching' }, { target: 'hidden' }],
    },
    hidden: {
      description: 'Not an administrator: nothing is shown or fetched.',
    },
    fetching: {
      on: { 'envelopes.refresh': { target: 'fetching', reenter: true } },
      invoke: {
        id: 'countUnusedEnvelopes',
        src: 'countUnusedEnvelopes',
        onDone: {
          target: 'shown',
          actions: [
            { type: 'showCount', params: ({ event }) => ({ unused: event.output }) },
            { type: 'storeCount', params: ({ event }) => ({ unused: event.output }) },
          ],
        },
        onError: { target: 'failed' },
      },
    },
    shown: {
      on: { 'envelopes.refresh': { target: 'fetching' } },
    },
    failed: {
      description: 'The count could not be fetched: the last one (if any) stays.',
      on: { 'envelopes.refresh': { target: 'fetching' } },
    },
  },
});
