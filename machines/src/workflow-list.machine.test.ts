import { ApiError, errorTexts, type WorkflowItem, type WorkflowPage } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { workflowListMachine, type WorkflowParams, type WorkflowReview } from './index.js';

function item(id: number): WorkflowItem {
  return {
    id,
    account: 7,
    reference: `WF-${id}`,
    title: `Form ${id}`,
    template: 'Site inspection',
    status: 'awaiting_approval',
    step: 1,
    steps: 2,
    assignee: 'Grace Okafor',
    started_at: '2026-01-01T09:00:00Z',
    updated_at: '2026-01-02T09:00:00Z',
    comment: '',
  };
}

function page(...ids: number[]): WorkflowPage {
  return { page: 1, limit: 10, total: ids.length, total_exact: true, data: ids.map(item) };
}

const firstPage: WorkflowParams = { page: 1, limit: 10 };
const secondPage: WorkflowParams = { page: 2, limit: 10, filters: { search: 'inspection' } };
const review: WorkflowReview = { account: 7, id: 3, disapprove: 1, comment: 'The signature is missing.' };

/** An actor whose fetch and review the test settles. */
function start() {
  const control = controlledActors();
  const machine = workflowListMachine.provide({
    actors: {
      fetchWorkflow: control.logic<WorkflowPage, WorkflowParams>(),
      reviewWorkflow: control.logic<WorkflowPage, WorkflowParams & WorkflowReview>(),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, control };
}

async function startWithPage(...ids: number[]) {
  const started = start();
  started.actor.send({ type: 'workflow.fetch', params: firstPage });
  await flush();
  started.control.resolve('fetchWorkflow', page(...ids));
  await waitFor(started.actor, (s) => s.matches('success'));
  return started;
}

async function startFailed() {
  const started = start();
  started.actor.send({ type: 'workflow.fetch', params: firstPage });
  await flush();
  started.control.reject('fetchWorkflow', new ApiError({ status: 500, message: errorTexts.serverError }));
  await waitFor(started.actor, (s) => s.matches('failure'));
  return started;
}

describe('workflow list machine transitions', () => {
  it('starts idle with loading true, no data and no error', () => {
    const { actor, control } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ loading: true, data: [], error: false, total: 0, totalExact: true, message: null, params: {} });
    expect(control.started).toEqual([]);
  });

  it('idle → fetching (workflow.fetch): loading, data kept, error false, fetches with the params', async () => {
    const { actor, control } = start();
    actor.send({ type: 'workflow.fetch', params: firstPage });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toEqual({
      loading: true,
      data: [],
      error: false,
      total: 0,
      totalExact: true,
      message: null,
      params: firstPage,
    });
    await flush();
    expect(control.started).toEqual([{ id: 'fetchWorkflow', input: firstPage }]);
  });

  it("fetching → success (done): loading false, data from the response's data field, error false", async () => {
    const { actor } = await startWithPage(1, 2);
    expect(actor.getSnapshot().context).toEqual({
      loading: false,
      data: [item(1), item(2)],
      error: false,
      total: 2,
      totalExact: true,
      message: null,
      params: firstPage,
    });
  });

  it('fetching → success (done): a total the server counted only up to its cap is kept as a lower bound', async () => {
    const { actor, control } = start();
    actor.send({ type: 'workflow.fetch', params: firstPage });
    await flush();
    control.resolve('fetchWorkflow', { ...page(1, 2), total: 1000, total_exact: false });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context).toMatchObject({ total: 1000, totalExact: false });
  });

  it('fetching → failure (error): loading false, data emptied, error true', async () => {
    const { actor } = await startFailed();
    expect(actor.getSnapshot().context).toEqual({
      loading: false,
      data: [],
      error: true,
      total: 0,
      totalExact: true,
      message: errorTexts.serverError,
      params: firstPage,
    });
  });

  it('fetching → fetching (workflow.fetch): restarts with the new params and cancels the old request', async () => {
    let firstSignal: { aborted: boolean } | undefined;
    const inputs: WorkflowParams[] = [];
    const machine = workflowListMachine.provide({
      actors: {
        fetchWorkflow: fromPromise<WorkflowPage, WorkflowParams>(({ input, signal }) => {
          inputs.push(input);
          firstSignal ??= signal;
          return inputs.length === 1 ? new Promise(() => {}) : Promise.resolve(page(9));
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'workflow.fetch', params: firstPage });
    await flush();
    actor.send({ type: 'workflow.fetch', params: secondPage });
    expect(actor.getSnapshot().context.params).toEqual(secondPage);
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(inputs).toEqual([firstPage, secondPage]);
    expect(firstSignal?.aborted).toBe(true);
    expect(snapshot.context.data).toEqual([item(9)]);
  });

  it('success → fetching (workflow.fetch): loading true, data kept, error false', async () => {
    const { actor, control } = await startWithPage(1, 2);
    actor.send({ type: 'workflow.fetch', params: secondPage });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toEqual({
      loading: true,
      data: [item(1), item(2)],
      error: false,
      total: 2,
      totalExact: true,
      message: null,
      params: secondPage,
    });
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'fetchWorkflow', input: secondPage });
  });

  it('fetching → failure (error): a failed refetch empties the data it had', async () => {
    const { actor, control } = await startWithPage(1, 2);
    actor.send({ type: 'workflow.fetch', params: secondPage });
    await flush();
    control.reject('fetchWorkflow', new Error('offline'));
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({
      loading: false,
      data: [],
      error: true,
      total: 0,
      totalExact: true,
      message: errorTexts.unexpected,
      params: secondPage,
    });
  });

  it('failure → fetching (workflow.fetch): loading true, error false', async () => {
    const { actor } = await startFailed();
    actor.send({ type: 'workflow.fetch', params: secondPage });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toEqual({
      loading: true,
      data: [],
      error: false,
      total: 0,
      totalExact: true,
      message: null,
      params: secondPage,
    });
  });

  it('success → reviewing (workflow.review): sends the review with the current params, loading, data kept', async () => {
    const { actor, control } = await startWithPage(3);
    actor.send({ type: 'workflow.review', ...review });
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, data: [item(3)], error: false, params: firstPage });
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'reviewWorkflow', input: { ...firstPage, ...review } });
  });

  it('reviewing → fetching (done): refetches with the current params', async () => {
    const { actor, control } = await startWithPage(3);
    actor.send({ type: 'workflow.review', ...review });
    await flush();
    control.resolve('reviewWorkflow', page(3));
    await waitFor(actor, (s) => s.matches('fetching'));
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'fetchWorkflow', input: firstPage });
    control.resolve('fetchWorkflow', page(4));
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context.data).toEqual([item(4)]);
  });

  it('reviewing → failure (error): loading false, data emptied, error true', async () => {
    const { actor, control } = await startWithPage(3);
    actor.send({ type: 'workflow.review', ...review });
    await flush();
    control.reject('reviewWorkflow', new ApiError({ status: 400, message: 'The step was already reviewed.' }));
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({
      loading: false,
      data: [],
      error: true,
      total: 0,
      totalExact: true,
      message: 'The step was already reviewed.',
      params: firstPage,
    });
  });

  it('reviewing (workflow.fetch): only changes the params the refetch uses', async () => {
    const { actor, control } = await startWithPage(3);
    actor.send({ type: 'workflow.review', ...review });
    actor.send({ type: 'workflow.fetch', params: secondPage });
    expect(actor.getSnapshot().value).toBe('reviewing');
    await flush();
    expect(control.isWaiting('reviewWorkflow')).toBe(true);
    control.resolve('reviewWorkflow', page(3));
    await waitFor(actor, (s) => s.matches('fetching'));
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'fetchWorkflow', input: secondPage });
  });

  it('ignores a review before a page is shown or after a failure', async () => {
    const idle = start().actor;
    idle.send({ type: 'workflow.review', ...review });
    expect(idle.getSnapshot().value).toBe('idle');
    const { actor } = await startFailed();
    actor.send({ type: 'workflow.review', ...review });
    expect(actor.getSnapshot().value).toBe('failure');
  });
});
