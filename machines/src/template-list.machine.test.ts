import { ApiError, type ManageTemplatesRequest, type ManageTemplatesResponse } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { answeredByTest, settle } from '../test/answered-by-test.js';
import { templateListMachine, type TemplateListEmitted, type TemplateView } from './template-list.machine.js';

const view: TemplateView = { page: 1, limit: 25, filters: { status: 'active' } };
const row = {
  id: 3001,
  title: 'Incident Report',
  category: 'Health and Safety',
  status: 'active' as const,
  fields: 34,
  uses: 23,
  created_at: '2025-12-28T12:23:00Z',
  updated_at: '2026-11-01T17:24:00Z',
};
const page = (message = '', id?: number): ManageTemplatesResponse => ({
  code: 1,
  message,
  page: 1,
  limit: 25,
  total: 1,
  total_exact: true,
  data: [row],
  ...(id ? { id } : {}),
});

async function started() {
  const manage = answeredByTest<ManageTemplatesResponse, ManageTemplatesRequest>();
  const actor = createActor(templateListMachine.provide({ actors: { manage: manage.logic } })).start();
  const emitted: TemplateListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.send({ type: 'templates.fetch', view });
  await settle();
  return { actor, manage, emitted };
}

describe('the Manage Template list', () => {
  it('lists the view asked for, then shows its page', async () => {
    const { actor, manage } = await started();
    expect(manage.call().input).toEqual({ functions: 'list', page: 1, limit: 25, filters: { status: 'active' } });
    expect(actor.getSnapshot().context.loading).toBe(true);
    manage.call().resolve(page());
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, error: false, page: { total: 1, data: [row] } });
  });

  it('a new view while loading lists the new view', async () => {
    const { actor, manage } = await started();
    actor.send({ type: 'templates.fetch', view: { ...view, limit: 50 } });
    await settle();
    expect(manage.calls).toHaveLength(2);
    expect(manage.call().input).toMatchObject({ limit: 50 });
    manage.call().resolve({ ...page(), limit: 50 });
    await settle();
    expect(actor.getSnapshot().context.page.limit).toBe(50);
  });

  it('a failed list empties the page and keeps the catalogue’s text, and fetching again recovers', async () => {
    const { actor, manage } = await started();
    manage.call().reject(new ApiError({ status: 500, message: 'Internal error. please try again' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context).toMatchObject({ error: true, message: 'Internal error. please try again', page: { data: [] } });
    actor.send({ type: 'templates.fetch', view });
    await settle();
    manage.call().resolve(page());
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ error: false, message: null, page: { data: [row] } });
  });

  it('runs a command on the current view, shows the answer’s page and tells what happened', async () => {
    const { actor, manage, emitted } = await started();
    manage.call().resolve(page());
    await settle();
    actor.send({ type: 'templates.command', command: { functions: 'duplicate', id: 3001 }, subject: '“Incident Report”' });
    await settle();
    expect(manage.call().input).toEqual({ functions: 'duplicate', id: 3001, page: 1, limit: 25, filters: { status: 'active' } });
    expect(actor.getSnapshot().context.command).toEqual({ functions: 'duplicate', id: 3001 });
    const answer = { ...page('The template has been saved.', 3015), total: 2, data: [row, { ...row, id: 3015, title: 'Incident Report (copy)' }] };
    manage.call().resolve(answer);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.page.data).toHaveLength(2);
    expect(actor.getSnapshot().context.command).toBeNull();
    expect(emitted).toEqual([
      {
        type: 'templates.done',
        command: { functions: 'duplicate', id: 3001 },
        subject: '“Incident Report”',
        message: 'The template has been saved.',
        id: 3015,
      },
    ]);
  });

  it('a failed command keeps the page shown and tells why', async () => {
    const { actor, manage, emitted } = await started();
    manage.call().resolve(page());
    await settle();
    actor.send({ type: 'templates.command', command: { functions: 'delete', ids: [3001] }, subject: '“Incident Report”' });
    await settle();
    manage.call().reject(new ApiError({ status: 200, code: -1, message: 'Parameter failed.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.page.data).toEqual([row]);
    expect(emitted).toEqual([
      { type: 'templates.failed', command: { functions: 'delete', ids: [3001] }, subject: '“Incident Report”', message: 'Parameter failed.' },
    ]);
  });

  it('a new view during a command waits for it, then lists the new view', async () => {
    const { actor, manage } = await started();
    manage.call().resolve(page());
    await settle();
    actor.send({ type: 'templates.command', command: { functions: 'archive', ids: [3001] }, subject: '“Incident Report”' });
    await settle();
    actor.send({ type: 'templates.fetch', view: { ...view, page: 2 } });
    await settle();
    expect(manage.calls).toHaveLength(2);
    manage.call().resolve(page());
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(manage.call().input).toEqual({ functions: 'list', page: 2, limit: 25, filters: { status: 'active' } });
  });
});
