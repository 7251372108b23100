/**
 * Saving one step of a template (`POST /getforms`, `create` or `update`): idle, saving, then
 * saved (with the saved template's id) or failed with the catalogue's text. The machine never
 * touches what the person typed, so a failed save keeps it all.
 */
import { errorMessage, notProvided } from './request-actor.js';
import type { ManageTemplatesRequest, ManageTemplatesResponse } from '@formsign/sdk/contract';
import { assign, setup } from 'xstate';

export interface TemplateSaveContext {
  /** What was last sent. */
  request: ManageTemplatesRequest | null;
  /** The id of the template saved, once saved. */
  id: number | null;
  /** The server's words on success, or empty. */
  message: string;
  /** Why the save failed, or null. */
  error: string | null;
}

export type TemplateSaveEvent = { type: 'template.save'; request: ManageTemplatesRequest };

export const noIdText = 'The template was saved, but the server did not say which one it is. Please open it again from Manage Template.';

export const templateSaveMachine = setup({
  types: {
    context: {} as TemplateSaveContext,
    events: {} as TemplateSaveEvent,
  },
  actions: {
    keepRequest: assign({ request: ({ event }) => event.request }),
  },
  actors: {
    /** `api.templates.manage`. */
    save: notProvided<ManageTemplatesResponse, ManageTemplatesRequest>('save'),
  },
}).createMachine({
  id: 'templateSave',
  context: { request: null, id: null, message: '', error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'template.save': { target: 'saving', actions: 'keepRequest' } } },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        src: 'save',
        input: ({ context }) => context.request as ManageTemplatesRequest,
        onDone: [
          {
            // `update` names its template; `create` must answer the new one's id.
            guard: ({ context, event }) => typeof (event.output.id ?? context.request?.id) === 'number',
            target: 'saved',
            actions: assign({
              id: ({ context, event }) => event.output.id ?? context.request?.id ?? null,
              message: ({ event }) => event.output.message,
            }),
          },
          { target: 'failed', actions: assign({ error: noIdText }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    saved: { type: 'final' },
    failed: { on: { 'template.save': { target: 'saving', actions: 'keepRequest' } } },
  },
});
