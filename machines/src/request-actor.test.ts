import { ApiError, errorTexts } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise } from 'xstate';
import { flush } from '../test/controlled-actors.js';
import { ActorNotProvidedError, envelopeCounterMachine, errorCode, errorMessage, fromRequest, notProvided, type RequestSignal } from './index.js';

describe('fromRequest', () => {
  it('calls the request with the input and the signal, and resolves with its answer', async () => {
    const calls: Array<{ input: { email: string }; signal: RequestSignal }> = [];
    const logic = fromRequest((input: { email: string }, options) => {
      calls.push({ input, signal: options.signal });
      return Promise.resolve({ code: 1, message: '' });
    });
    const output = await toPromise(createActor(logic, { input: { email: 'grace@example.com' } }).start());
    expect(output).toEqual({ code: 1, message: '' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toEqual({ email: 'grace@example.com' });
    expect(calls[0]?.signal.aborted).toBe(false);
  });

  it('aborts the signal when the state that invoked it is left', async () => {
    let signal: RequestSignal | undefined;
    const machine = setup({
      actors: {
        request: fromRequest((_input: undefined, options) => {
          signal = options.signal;
          return new Promise<never>(() => {});
        }),
      },
    }).createMachine({
      initial: 'waiting',
      states: { waiting: { invoke: { src: 'request', onError: 'left' }, on: { leave: 'left' } }, left: {} },
    });
    const actor = createActor(machine).start();
    await flush();
    actor.send({ type: 'leave' });
    expect(signal?.aborted).toBe(true);
  });
});

describe('fromRequest, stopped and started again from the same snapshot', () => {
  it('takes the new request’s answer, not the failure of the one its stop aborted', async () => {
    // What @xstate/react does when React reconnects an effect (development mode): it stops the
    // actor, puts the snapshot it had back, and starts it again. The first request fails with
    // an AbortError, as fetch does, after the actor has started again.
    let calls = 0;
    const logic = envelopeCounterMachine.provide({
      actors: {
        countUnusedEnvelopes: fromRequest<number, unknown>((_input, { signal }) => {
          calls++;
          const answer = calls === 1 ? null : 312;
          return new Promise<number>((resolve, reject) => {
            signal.addEventListener('abort', () => setTimeout(() => reject(new DOMException('The operation was aborted.', 'AbortError')), 0));
            if (answer !== null) setTimeout(() => resolve(answer), 5);
          });
        }),
      },
    });
    const actor = createActor(logic, { input: { isAdmin: true, envelopes: 1000 } }).start();
    type Reconnected = { _processingStatus: number; _snapshot: unknown; getSnapshot(): unknown };
    const children = Object.values((actor.getSnapshot() as unknown as { children: Record<string, Reconnected> }).children);
    const kept = [actor as unknown as Reconnected, ...children].map((ref) => [ref, ref.getSnapshot()] as const);
    actor.stop();
    for (const [ref, snapshot] of kept) {
      ref._processingStatus = 0;
      ref._snapshot = snapshot;
    }
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.unused).toBe(312);
  });
});

describe('notProvided', () => {
  it('fails with ActorNotProvidedError naming the actor', async () => {
    const actor = createActor(notProvided<number>('countUnusedEnvelopes')).start();
    const error = await toPromise(actor).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ActorNotProvidedError);
    expect(error).toMatchObject({ actor: 'countUnusedEnvelopes' });
    expect(String((error as Error).message)).toContain('machine.provide({ actors: { countUnusedEnvelopes');
  });
});

describe('errorMessage and errorCode', () => {
  it("take an ApiError's message (even empty) and code", () => {
    const error = new ApiError({ status: 200, code: -3, message: '' });
    expect(errorMessage(error)).toBe('');
    expect(errorCode(error)).toBe(-3);
  });

  it("give the catalogue's unexpected text and no code for anything else", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(errorTexts.unexpected);
    expect(errorMessage('boom')).toBe('Unexcepted error. Please try again later.');
    expect(errorCode(new Error('x'))).toBeNull();
  });
});
