import { ApiError, errorTexts } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { createDataGroupMachine, dataGroupIds, type DataGroupFetchInput } from './index.js';

interface Company {
  id: number;
  name: string;
}
interface Params {
  page: number;
}

const companies: Company[] = [{ id: 1, name: 'Harbour Homes' }];

function start() {
  const control = controlledActors();
  const machine = createDataGroupMachine<Company[], Params>('companies', []).provide({
    actors: { fetch: control.logic<Company[], DataGroupFetchInput<Params>>() },
  });
  return { actor: createActor(machine).start(), control };
}

async function startSettled(outcome: 'success' | 'failure') {
  const started = start();
  started.actor.send({ type: 'data.fetch', params: { page: 1 } });
  await flush();
  if (outcome === 'success') started.control.resolve('fetch', companies);
  else started.control.reject('fetch', new ApiError({ status: 500, message: errorTexts.serverError }));
  await waitFor(started.actor, (s) => s.matches(outcome));
  return started;
}

describe('createDataGroupMachine', () => {
  it('lists every other data group of the specification', () => {
    expect(dataGroupIds).toEqual([
      'companies',
      'categories',
      'templates',
      'tenants',
      'tenant',
      'people',
      'products',
      'settings',
      'devices',
      'exports',
      'groups',
      'pivot',
      'dashboard',
      'timeAndAttendanceStaff',
      'visitor',
      'report',
    ]);
  });

  it.each(dataGroupIds)('makes the %s machine with its id and empty data', (id) => {
    const empty = { rows: [] };
    const machine = createDataGroupMachine(id, empty);
    expect(machine.id).toBe(id);
    expect(createActor(machine).getSnapshot().context).toEqual({ loading: true, data: empty, error: false, message: null, params: null });
  });
});

describe('data group machine transitions', () => {
  it('starts idle: loading, with the empty data, until the first fetch', async () => {
    const { actor, control } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ loading: true, data: [], error: false, message: null, params: null });
    await flush();
    expect(control.started).toEqual([]);
  });

  it('idle → loading (data.fetch): fetches with the params', async () => {
    const { actor, control } = start();
    actor.send({ type: 'data.fetch', params: { page: 1 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, error: false, params: { page: 1 } });
    await flush();
    expect(control.started).toEqual([{ id: 'fetch', input: { params: { page: 1 } } }]);
  });

  it('loading → success (done): the data, loading false, no error', async () => {
    const { actor } = await startSettled('success');
    expect(actor.getSnapshot().context).toEqual({ loading: false, data: companies, error: false, message: null, params: { page: 1 } });
  });

  it('loading → failure (error): empty data, the error flag and message', async () => {
    const { actor } = await startSettled('failure');
    expect(actor.getSnapshot().context).toEqual({ loading: false, data: [], error: true, message: errorTexts.serverError, params: { page: 1 } });
  });

  it('loading → loading (data.fetch): refetches with the new params', async () => {
    const { actor, control } = start();
    actor.send({ type: 'data.fetch', params: { page: 1 } });
    await flush();
    actor.send({ type: 'data.fetch', params: { page: 2 } });
    await flush();
    expect(control.started.map((run) => run.input)).toEqual([{ params: { page: 1 } }, { params: { page: 2 } }]);
    control.resolve('fetch', companies);
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context.params).toEqual({ page: 2 });
  });

  it('loading → failure (error): a failed refetch empties the data it had', async () => {
    const { actor, control } = await startSettled('success');
    actor.send({ type: 'data.fetch', params: { page: 2 } });
    await flush();
    control.reject('fetch', new Error('offline'));
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toMatchObject({ loading: false, data: [], error: true });
  });

  it('success → loading (data.fetch): refetches with new params, data kept meanwhile', async () => {
    const { actor, control } = await startSettled('success');
    actor.send({ type: 'data.fetch', params: { page: 2 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ loading: true, data: companies, error: false, message: null, params: { page: 2 } });
    await flush();
    expect(control.started.at(-1)).toEqual({ id: 'fetch', input: { params: { page: 2 } } });
  });

  it('failure → loading (data.fetch): tries again with the error cleared', async () => {
    const { actor } = await startSettled('failure');
    actor.send({ type: 'data.fetch', params: { page: 1 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toEqual({ loading: true, data: [], error: false, message: null, params: { page: 1 } });
  });

  const updated: Company[] = [
    { id: 1, name: 'Harbour Homes' },
    { id: 2, name: 'Northwind Care' },
  ];

  it('success → success (data.set): shows the data an action answered, params kept, nothing fetched', async () => {
    const { actor, control } = await startSettled('success');
    actor.send({ type: 'data.set', data: updated });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toEqual({ loading: false, data: updated, error: false, message: null, params: { page: 1 } });
    await flush();
    expect(control.started).toHaveLength(1);
  });

  it('failure → success (data.set): the error is cleared', async () => {
    const { actor } = await startSettled('failure');
    actor.send({ type: 'data.set', data: updated });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, data: updated, error: false, message: null });
  });

  it('loading → success (data.set): the fetch on its way is dropped, its answer ignored', async () => {
    const { actor, control } = await startSettled('success');
    actor.send({ type: 'data.fetch', params: { page: 2 } });
    await flush();
    actor.send({ type: 'data.set', data: updated });
    expect(actor.getSnapshot().value).toBe('success');
    control.resolve('fetch', companies);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(updated);
  });

  it("loading → failure (error): anything but an ApiError gives the catalogue's unexpected text", async () => {
    const { actor, control } = start();
    actor.send({ type: 'data.fetch', params: { page: 1 } });
    await flush();
    control.reject('fetch', new Error('offline'));
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context.message).toBe(errorTexts.unexpected);
  });
});
