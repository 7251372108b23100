/**
 * The Manage Template list (`POST /getforms`): a page of templates, and the commands a person
 * runs on them (duplicate, archive, restore, delete). Every command answers with a page of
 * templates, so the answer's page replaces the one shown. A failed list shows the failure with
 * a retry; a failed command keeps the page shown and says why (an emitted event the page turns
 * into a notification).
 */
import { errorMessage, notProvided } from './request-actor.js';
import type { ManageTemplatesRequest, ManageTemplatesResponse } from '@formsign/sdk/contract';
import { assign, emit, setup } from 'xstate';

/** The view asked for: page, rows per page and filters (from the URL). */
export type TemplateView = Required<Pick<ManageTemplatesRequest, 'page' | 'limit' | 'filters'>>;

/** A command on templates: `duplicate` takes one id; the others take several. */
export type TemplateCommand = { functions: 'duplicate'; id: number } | { functions: 'archive' | 'restore' | 'delete'; ids: number[] };

export type TemplatePage = Omit<ManageTemplatesResponse, 'code'>;

export const emptyTemplatePage: TemplatePage = { page: 1, limit: 25, total: 0, total_exact: true, message: '', data: [] };

export interface TemplateListContext {
  view: TemplateView | null;
  page: TemplatePage;
  loading: boolean;
  /** Whether the last list failed. */
  error: boolean;
  /** The catalogue's text of the last failed list, or null. */
  message: string | null;
  /** The command being run, or null. */
  command: TemplateCommand | null;
  /** What the command is about, in words ("“Incident Report”", "3 templates"). */
  subject: string;
  /** Whether the view changed while a command ran (the list is then fetched again). */
  stale: boolean;
}

export type TemplateListEvent =
  { type: 'templates.fetch'; view: TemplateView } | { type: 'templates.command'; command: TemplateCommand; subject: string };

export type TemplateListEmitted =
  | { type: 'templates.done'; command: TemplateCommand; subject: string; message: string; id: number | null }
  | { type: 'templates.failed'; command: TemplateCommand; subject: string; message: string };

export const templateListMachine = setup({
  types: {
    context: {} as TemplateListContext,
    events: {} as TemplateListEvent,
    emitted: {} as TemplateListEmitted,
  },
  actors: {
    /** `api.templates.manage`: answers a page of templates, rejects with an `ApiError`. */
    manage: notProvided<ManageTemplatesResponse, ManageTemplatesRequest>('manage'),
  },
  guards: {
    viewChanged: ({ context }) => context.stale,
  },
  actions: {
    tellDone: emit((_, params: { context: TemplateListContext; output: ManageTemplatesResponse }) => ({
      type: 'templates.done' as const,
      command: params.context.command as TemplateCommand,
      subject: params.context.subject,
      message: params.output.message,
      id: params.output.id ?? null,
    })),
    tellFailed: emit((_, params: { context: TemplateListContext; error: unknown }) => ({
      type: 'templates.failed' as const,
      command: params.context.command as TemplateCommand,
      subject: params.context.subject,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  id: 'templateList',
  context: { view: null, page: emptyTemplatePage, loading: true, error: false, message: null, command: null, subject: '', stale: false },
  initial: 'idle',
  on: {
    'templates.fetch': { target: '.loading', actions: assign({ view: ({ event }) => event.view }) },
  },
  states: {
    idle: {},
    loading: {
      entry: assign({ loading: true, error: false, message: null, stale: false }),
      invoke: {
        src: 'manage',
        input: ({ context }) => ({ functions: 'list', ...(context.view as TemplateView) }),
        onDone: { target: 'ready', actions: assign({ loading: false, page: ({ event }) => event.output }) },
        onError: {
          target: 'failure',
          actions: assign({ loading: false, error: true, page: emptyTemplatePage, message: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    ready: {
      on: {
        'templates.command': { target: 'acting', actions: assign({ command: ({ event }) => event.command, subject: ({ event }) => event.subject }) },
      },
    },
    failure: {},
    acting: {
      on: {
        // A new view while a command runs: the command is not cancelled (the server may have
        // done it already); the list is fetched again once it answers.
        'templates.fetch': { actions: assign({ view: ({ event }) => event.view, stale: true }) },
      },
      invoke: {
        src: 'manage',
        input: ({ context }) => ({ ...(context.command as TemplateCommand), ...(context.view as TemplateView) }),
        onDone: [
          {
            guard: 'viewChanged',
            target: 'loading',
            actions: [{ type: 'tellDone', params: ({ context, event }) => ({ context, output: event.output }) }, assign({ command: null })],
          },
          {
            target: 'ready',
            actions: [
              { type: 'tellDone', params: ({ context, event }) => ({ context, output: event.output }) },
              assign({ command: null, page: ({ event }) => event.output }),
            ],
          },
        ],
        onError: [
          {
            guard: 'viewChanged',
            target: 'loading',
            actions: [{ type: 'tellFailed', params: ({ context, event }) => ({ context, error: event.error }) }, assign({ command: null })],
          },
          {
            target: 'ready',
            actions: [{ type: 'tellFailed', params: ({ context, event }) => ({ context, error: event.error }) }, assign({ command: null })],
          },
        ],
      },
    },
  },
});
