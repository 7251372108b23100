/**
 * The workflow list: initially loading with no data; a fetch gives
 * loading true, data kept, error false; success gives loading false, the response's `data`,
 * error false; failure gives loading false, data emptied, error true. A review (a disapproval
 * with a comment, tied to an item's account and id) sends the request with those parameters
 * and then refetches with the current ones. Beside the flags it keeps what a list page shows
 * with them: the rows matching on every page (`total`) and the failure's text (`message`).
 */
import type { operationTypes, WorkflowItem, WorkflowPage } from '@formsign/sdk/contract';
import { assign, assertEvent, setup } from 'xstate';
import { errorMessage, notProvided } from './request-actor.js';

/** The query of `GET /workflow`: page, limit, disapprove, comment, account, id, filters. */
export type WorkflowParams = NonNullable<operationTypes['listWorkflow']['parameters']['query']>;

/** What a review adds to the current parameters. */
export interface WorkflowReview {
  account: number;
  id: number;
  /** 1 disapproves the item's current step, 0 approves it. */
  disapprove: 0 | 1;
  comment: string;
}

export interface WorkflowListContext {
  loading: boolean;
  data: WorkflowItem[];
  error: boolean;
  /** The rows matching on every page (the response's `total`); 0 after a failure. */
  total: number;
  /** Whether `total` is exact (the response's `total_exact`); false, it is a lower bound. */
  totalExact: boolean;
  /** The failure's text in the catalogue's words, or null. */
  message: string | null;
  /** The parameters of the current list (the last fetch's). */
  params: WorkflowParams;
}

export type WorkflowListEvent = { type: 'workflow.fetch'; params: WorkflowParams } | ({ type: 'workflow.review' } & WorkflowReview);

export const workflowListMachine = setup({
  types: {
    context: {} as WorkflowListContext,
    events: {} as WorkflowListEvent,
  },
  actors: {
    /** `client.workflow.list(params)`: one page of the list. */
    fetchWorkflow: notProvided<WorkflowPage, WorkflowParams>('fetchWorkflow'),
    /** `client.workflow.list({ ...params, account, id, disapprove, comment })`: the review. */
    reviewWorkflow: notProvided<WorkflowPage, WorkflowParams & WorkflowReview>('reviewWorkflow'),
  },
  actions: {
    setParams: assign((_, params: { params: WorkflowParams }) => ({ params: params.params })),
    startLoading: assign({ loading: true, error: false, message: null }),
    showPage: assign((_, params: { page: WorkflowPage }) => ({
      loading: false,
      data: params.page.data,
      error: false,
      total: params.page.total,
      totalExact: params.page.total_exact,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      loading: false,
      data: [],
      error: true,
      total: 0,
      totalExact: true,
      message: errorMessage(params.error),
    })),
  },
}).createMachine({
  id: 'workflowList',
  context: { loading: true, data: [], error: false, total: 0, totalExact: true, message: null, params: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'Loading with no data until the page asks for its first fetch.',
      on: {
        'workflow.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
      },
    },
    fetching: {
      entry: 'startLoading',
      invoke: {
        id: 'fetchWorkflow',
        src: 'fetchWorkflow',
        input: ({ context }) => context.params,
        onDone: { target: 'success', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'workflow.fetch': {
          target: 'fetching',
          reenter: true,
          actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
        },
      },
    },
    success: {
      on: {
        'workflow.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
        'workflow.review': { target: 'reviewing' },
      },
    },
    failure: {
      on: {
        'workflow.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
      },
    },
    reviewing: {
      description: 'Sends the review; a fetch meanwhile only changes the parameters of the refetch.',
      entry: 'startLoading',
      invoke: {
        id: 'reviewWorkflow',
        src: 'reviewWorkflow',
        input: ({ context, event }) => {
          assertEvent(event, 'workflow.review');
          return { ...context.params, account: event.account, id: event.id, disapprove: event.disapprove, comment: event.comment };
        },
        onDone: { target: 'fetching' },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'workflow.fetch': { actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
      },
    },
  },
});
