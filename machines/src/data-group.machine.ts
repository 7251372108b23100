/**
 * The app's data groups other than the workflow list (companies, categories, templates,
 * ...): each follows loading, then success with data, or failure with empty data and an error
 * flag. One factory makes the machine of every group; a fetch with new parameters refetches.
 * An action that answers the group's data as it is afterwards hands it over with `data.set`
 * instead of fetching again.
 */
import { assign, setup } from 'xstate';
import { errorMessage, notProvided } from './request-actor.js';

/** The data groups that this factory serves. */
export const dataGroupIds = [
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
] as const;

export type DataGroupId = (typeof dataGroupIds)[number];

export interface DataGroupContext<TData, TParams> {
  loading: boolean;
  data: TData;
  /** Whether the last fetch failed. */
  error: boolean;
  /** The text of the last failure, or null. */
  message: string | null;
  /** The parameters of the last fetch, or null before the first. */
  params: TParams | null;
}

/** What the fetch actor is given. */
export interface DataGroupFetchInput<TParams> {
  params: TParams;
}

export type DataGroupEvent<TData, TParams> = { type: 'data.fetch'; params: TParams } | { type: 'data.set'; data: TData };

/**
 * The machine of one data group. It waits (loading, with `emptyData`) for the page's first
 * `data.fetch`; the `fetch` actor, provided by the app, resolves with the group's data.
 */
export function createDataGroupMachine<TData, TParams = undefined>(id: string, emptyData: TData) {
  return setup({
    types: {
      context: {} as DataGroupContext<TData, TParams>,
      events: {} as DataGroupEvent<TData, TParams>,
    },
    actors: {
      /** Resolves with the group's data for `input.params`. */
      fetch: notProvided<TData, DataGroupFetchInput<TParams>>('fetch'),
    },
    actions: {
      setParams: assign((_, params: { params: TParams }) => ({ params: params.params })),
      startLoading: assign({ loading: true, error: false, message: null }),
      showData: assign((_, params: { data: TData }) => ({ loading: false, data: params.data, error: false, message: null })),
      showFailure: assign((_, params: { error: unknown }) => ({
        loading: false,
        data: emptyData,
        error: true,
        message: errorMessage(params.error),
      })),
    },
  }).createMachine({
    id,
    context: { loading: true, data: emptyData, error: false, message: null, params: null },
    on: {
      // Newer than any fetch on its way: that fetch is dropped.
      'data.set': { target: '.success', actions: { type: 'showData', params: ({ event }) => ({ data: event.data }) } },
    },
    initial: 'idle',
    states: {
      idle: {
        description: 'Loading with empty data until the page asks for its first fetch.',
        on: { 'data.fetch': { target: 'loading', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
      loading: {
        entry: 'startLoading',
        invoke: {
          id: 'fetch',
          src: 'fetch',
          input: ({ context }) => ({ params: context.params as TParams }),
          onDone: { target: 'success', actions: { type: 'showData', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
        },
        on: {
          'data.fetch': {
            target: 'loading',
            reenter: true,
            actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
          },
        },
      },
      success: {
        on: { 'data.fetch': { target: 'loading', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
      failure: {
        on: { 'data.fetch': { target: 'loading', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
      },
    },
  });
}
