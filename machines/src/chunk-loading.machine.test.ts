import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { chunkErrorMessage, ChunkLoadError, chunkLoadingError, chunkLoadingMachine, pageLoadTimeout } from './index.js';

const request = 'js/dashboard.js';

/** An actor on a simulated clock whose chunk loads the test settles. */
function start() {
  const clock = new SimulatedClock();
  const control = controlledActors();
  const machine = chunkLoadingMachine.provide({ actors: { loadChunk: control.logic<unknown, { request: string }>() } });
  const actor = createActor(machine, { input: { request }, clock }).start();
  return { actor, control, clock };
}

async function startFailed(reason: 'missing' | 'failed' = 'missing') {
  const started = start();
  await flush();
  started.control.reject('loadChunk', new ChunkLoadError(request, reason));
  await flush();
  return started;
}

describe('ChunkLoadError', () => {
  it('names the request and says why it failed', () => {
    const error = new ChunkLoadError(request, 'missing');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ChunkLoadError',
      request,
      reason: 'missing',
      message: 'Loading chunk js/dashboard.js failed. (missing: js/dashboard.js)',
    });
  });

  it('becomes a chunk loading error; anything else is a failure of the current request', () => {
    expect(chunkLoadingError(new ChunkLoadError('js/forms.js', 'timeout'), request)).toEqual({
      request: 'js/forms.js',
      reason: 'timeout',
      message: chunkErrorMessage('js/forms.js', 'timeout'),
    });
    expect(chunkLoadingError(new TypeError('boom'), request)).toEqual({ request, reason: 'failed', message: chunkErrorMessage(request, 'failed') });
  });
});

describe('chunk loading machine transitions', () => {
  it('the page-load time-out is 120 seconds', () => {
    expect(pageLoadTimeout).toBe(120_000);
    expect(chunkLoadingMachine.implementations.delays.pageLoadTimeout).toBe(120_000);
  });

  it('starts loading the requested chunk', async () => {
    const { actor, control } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ request, error: null });
    await flush();
    expect(control.started).toEqual([{ id: 'loadChunk', input: { request } }]);
  });

  it('loading → loaded (done)', async () => {
    const { actor, control } = start();
    await flush();
    control.resolve('loadChunk', { default: 'Dashboard' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each(['missing', 'failed'] as const)('loading → failed (error): a %s chunk is reported naming the request', async (reason) => {
    const { actor } = await startFailed(reason);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ request, reason, message: `Loading chunk ${request} failed. (${reason}: ${request})` });
  });

  it('loading → failed (after pageLoadTimeout): times out at 120 s on the simulated clock, not before', async () => {
    const { actor, clock } = start();
    clock.increment(pageLoadTimeout - 1);
    expect(actor.getSnapshot().value).toBe('loading');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ request, reason: 'timeout', message: chunkErrorMessage(request, 'timeout') });
  });

  it('loading (after pageLoadTimeout): a late chunk after the time-out is ignored', async () => {
    const { actor, clock, control } = start();
    await flush();
    clock.increment(pageLoadTimeout);
    control.resolve('loadChunk', {});
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('loaded: the time-out no longer fires', async () => {
    const { actor, clock, control } = start();
    await flush();
    control.resolve('loadChunk', {});
    await flush();
    clock.increment(pageLoadTimeout * 2);
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('failed → loading (chunk.retry): loads the same request again, the error cleared and the time-out restarted', async () => {
    const { actor, control, clock } = await startFailed();
    clock.increment(pageLoadTimeout - 10);
    actor.send({ type: 'chunk.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ request, error: null });
    await flush();
    expect(control.started).toHaveLength(2);
    expect(control.started[1]).toEqual({ id: 'loadChunk', input: { request } });
    clock.increment(pageLoadTimeout - 1);
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('failed → loading (chunk.load): loads another page', async () => {
    const { actor, control } = await startFailed();
    actor.send({ type: 'chunk.load', request: 'js/forms.js' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ request: 'js/forms.js', error: null });
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'loadChunk', input: { request: 'js/forms.js' } });
  });

  it('loaded → loading (chunk.load): loads another page', async () => {
    const { actor, control } = start();
    await flush();
    control.resolve('loadChunk', {});
    await flush();
    actor.send({ type: 'chunk.load', request: 'js/forms.js' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.request).toBe('js/forms.js');
  });

  it('loading → loading (chunk.load): drops the pending chunk, loads the new one with a fresh time-out', async () => {
    const { actor, control, clock } = start();
    await flush();
    clock.increment(pageLoadTimeout - 10);
    actor.send({ type: 'chunk.load', request: 'js/forms.js' });
    await flush();
    clock.increment(20);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(control.started.map((run) => run.input)).toEqual([{ request }, { request: 'js/forms.js' }]);
    control.resolve('loadChunk', {});
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.request).toBe('js/forms.js');
  });

  it('loaded: chunk.retry does nothing', async () => {
    const machine = chunkLoadingMachine.provide({ actors: { loadChunk: fromPromise<unknown, { request: string }>(() => Promise.resolve({})) } });
    const actor = createActor(machine, { input: { request } }).start();
    await flush();
    actor.send({ type: 'chunk.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
  });
});
