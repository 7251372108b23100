import { ApiError, type ManageTemplatesRequest, type ManageTemplatesResponse } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { answeredByTest, settle } from '../test/answered-by-test.js';
import { noIdText, templateSaveMachine } from './template-save.machine.js';

const answer = (id?: number): ManageTemplatesResponse => ({
  code: 1,
  message: 'The template has been saved.',
  page: 1,
  limit: 25,
  total: 0,
  total_exact: true,
  data: [],
  ...(id ? { id } : {}),
});
const details = { title: 'Fire Drill Record', description: '', category: '' };

function started() {
  const save = answeredByTest<ManageTemplatesResponse, ManageTemplatesRequest>();
  const actor = createActor(templateSaveMachine.provide({ actors: { save: save.logic } })).start();
  return { actor, save };
}

describe('saving a step of a template', () => {
  it('a created template is saved under the id the server answers', async () => {
    const { actor, save } = started();
    actor.send({ type: 'template.save', request: { functions: 'create', type: 'details', value: details } });
    await settle();
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.call().input).toEqual({ functions: 'create', type: 'details', value: details });
    save.call().resolve(answer(3015));
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context).toMatchObject({ id: 3015, message: 'The template has been saved.' });
  });

  it('an update keeps its own id when the answer names none', async () => {
    const { actor, save } = started();
    actor.send({ type: 'template.save', request: { functions: 'update', id: 3001, type: 'details', value: details } });
    await settle();
    save.call().resolve(answer());
    await settle();
    expect(actor.getSnapshot().context.id).toBe(3001);
  });

  it('a creation answered without an id cannot go on', async () => {
    const { actor, save } = started();
    actor.send({ type: 'template.save', request: { functions: 'create', type: 'details', value: details } });
    await settle();
    save.call().resolve(answer());
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(noIdText);
  });

  it('a failed save keeps the catalogue’s text, and saving again clears it', async () => {
    const { actor, save } = started();
    actor.send({ type: 'template.save', request: { functions: 'update', id: 3001, type: 'fields', value: [] } });
    await settle();
    save.call().reject(new ApiError({ status: 500, message: 'Internal error. please try again' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Internal error. please try again');
    actor.send({ type: 'template.save', request: { functions: 'update', id: 3001, type: 'fields', value: [] } });
    await settle();
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(save.calls).toHaveLength(2);
  });
});
