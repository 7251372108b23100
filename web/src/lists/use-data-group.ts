/**
 * A page's data, through the data-group machine: loading, then success with
 * data, or failure with empty data, an error flag and the catalogue's text. The fetch runs
 * again whenever `params` change (compared by value) and on `refetch()`; an action that
 * answers the data as it is afterwards hands it to `set()` instead.
 */
import { createDataGroupMachine, fromRequest, type RequestSignal } from '@formsign/machines';
import { useMachine } from '@xstate/react';
import { useCallback, useDeferredValue, useState } from 'react';
import { inspectOption } from '../session/inspection.ts';
import { useParamsEffect } from './use-params-effect.ts';

/** How the group's data is fetched for some parameters: everything that changes comes in `params`. */
export type Fetcher<TData, TParams> = (params: TParams, options: { signal: RequestSignal }) => PromiseLike<TData>;

export interface DataGroupState<TData> {
  loading: boolean;
  data: TData;
  error: boolean;
  message: string | null;
  /** Fetches again with the current parameters. */
  refetch(): void;
  /** Shows data an action answered (newer than any fetch on its way, which is dropped). */
  set(data: TData): void;
}

/**
 * The group's machine is made once per component, with the first `fetcher` given: a fetcher
 * depends only on its `params` (anything else it needs belongs in them).
 */
export function useDataGroup<TData, TParams>(id: string, emptyData: TData, fetcher: Fetcher<TData, TParams>, params: TParams): DataGroupState<TData> {
  const [logic] = useState(() =>
    createDataGroupMachine<TData, TParams>(id, emptyData).provide({
      actors: { fetch: fromRequest<TData, { params: TParams }>((input, options) => fetcher(input.params, options)) },
    }),
  );
  const [snapshot, send] = useMachine(logic, inspectOption());
  const refetch = useParamsEffect(params, (current) => send({ type: 'data.fetch', params: current }));
  // What the view shows follows the machine in a transition: a large answer renders in slices,
  // so the page stays responsive while it fills in.
  const { loading, data, error, message } = useDeferredValue(snapshot.context);
  // The same function on every render, so a context that hands it on need not change with it.
  const set = useCallback((next: TData) => send({ type: 'data.set', data: next }), [send]);
  return { loading, data, error, message, refetch, set };
}

/** What a `DataTable` shows of a data group: whether it loads, the failure's text, and a retry. */
export function tableState({ loading, error, message, refetch }: DataGroupState<unknown>): {
  loading: boolean;
  error: string | null;
  onRetry(): void;
} {
  return { loading, error: error ? message : null, onRetry: refetch };
}
