import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { envelopeCounterMachine, envelopeLevel, envelopeThresholds, memoryStorage, storageKeys, type EnvelopeCounterInput } from './index.js';

function start(input: EnvelopeCounterInput) {
  const control = controlledActors();
  const machine = envelopeCounterMachine.provide({ actors: { countUnusedEnvelopes: control.logic<number, unknown>() } });
  return { actor: createActor(machine, { input }).start(), control };
}

async function startWithCount(unused: number, input: Partial<EnvelopeCounterInput> = {}) {
  const started = start({ isAdmin: true, envelopes: 100, ...input });
  await flush();
  started.control.resolve('countUnusedEnvelopes', unused);
  await waitFor(started.actor, (s) => s.matches('shown'));
  return started;
}

describe('envelopeLevel', () => {
  it('is twenty at or below 20% of the envelopes', () => {
    expect(envelopeLevel(20, 100)).toBe('twenty');
    expect(envelopeLevel(0, 100)).toBe('twenty');
    expect(envelopeLevel(3, 15)).toBe('twenty');
  });

  it('is forty above 20% and at or below 40%', () => {
    expect(envelopeLevel(21, 100)).toBe('forty');
    expect(envelopeLevel(40, 100)).toBe('forty');
    expect(envelopeLevel(6, 15)).toBe('forty');
  });

  it('is none above 40%', () => {
    expect(envelopeLevel(41, 100)).toBeNull();
    expect(envelopeLevel(100, 100)).toBeNull();
  });

  it('is none when no envelopes were bought', () => {
    expect(envelopeLevel(0, 0)).toBeNull();
  });

  it('has its thresholds in one place', () => {
    expect(envelopeThresholds).toEqual({ twenty: 0.2, forty: 0.4 });
  });
});

describe('envelope counter machine transitions', () => {
  it('checking → hidden (always): a non-administrator never calls the endpoint', async () => {
    const { actor, control } = start({ isAdmin: false, envelopes: 100 });
    expect(actor.getSnapshot().value).toBe('hidden');
    await flush();
    expect(control.started).toEqual([]);
    actor.send({ type: 'envelopes.refresh' });
    await flush();
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(control.started).toEqual([]);
  });

  it('checking → fetching (always, isAdmin): an administrator fetches the unused count', async () => {
    const { actor, control } = start({ isAdmin: true, envelopes: 100 });
    expect(actor.getSnapshot().value).toBe('fetching');
    await flush();
    expect(control.started.map((run) => run.id)).toEqual(['countUnusedEnvelopes']);
  });

  it.each([
    [15, 'twenty'],
    [35, 'forty'],
    [75, null],
  ] as const)('fetching → shown (done): %i of 100 unused gives level %s', async (unused, level) => {
    const { actor } = await startWithCount(unused);
    expect(actor.getSnapshot().context).toMatchObject({ unused, level });
  });

  it('fetching → shown (done): stores the count under the unusedEnvelopes key when a storage is given', async () => {
    const storage = memoryStorage();
    await startWithCount(12, { storage });
    expect(storage.entries()).toEqual({ [storageKeys.unusedEnvelopes]: '12' });
  });

  it('fetching → shown (done): works without a storage', async () => {
    const { actor } = await startWithCount(12);
    expect(actor.getSnapshot().context.storage).toBeNull();
  });

  it('fetching → failed (error): keeps what it had', async () => {
    const { actor, control } = start({ isAdmin: true, envelopes: 100 });
    await flush();
    control.reject('countUnusedEnvelopes', new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ unused: null, level: null });
  });

  it('shown → fetching (envelopes.refresh): fetches again and recolours', async () => {
    const { actor, control } = await startWithCount(75);
    actor.send({ type: 'envelopes.refresh' });
    expect(actor.getSnapshot().value).toBe('fetching');
    await flush();
    control.resolve('countUnusedEnvelopes', 10);
    const snapshot = await waitFor(actor, (s) => s.matches('shown'));
    expect(snapshot.context).toMatchObject({ unused: 10, level: 'twenty' });
  });

  it('fetching → fetching (envelopes.refresh): asks again, since the answer on its way may predate a purchase', async () => {
    const { actor, control } = start({ isAdmin: true, envelopes: 100 });
    await flush();
    actor.send({ type: 'envelopes.refresh' });
    await flush();
    expect(control.started).toHaveLength(2);
    control.resolve('countUnusedEnvelopes', 90);
    const snapshot = await waitFor(actor, (s) => s.matches('shown'));
    expect(snapshot.context.unused).toBe(90);
  });

  it('failed → fetching (envelopes.refresh): tries again', async () => {
    let calls = 0;
    const machine = envelopeCounterMachine.provide({
      actors: { countUnusedEnvelopes: fromPromise<number>(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(30))) },
    });
    const actor = createActor(machine, { input: { isAdmin: true, envelopes: 100 } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'envelopes.refresh' });
    expect(actor.getSnapshot().value).toBe('fetching');
    const snapshot = await waitFor(actor, (s) => s.matches('shown'));
    expect(snapshot.context).toMatchObject({ unused: 30, level: 'forty' });
  });
});
