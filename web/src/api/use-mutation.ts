/**
 * The one way a component runs a simple command (save, send, delete, buy): `useMutation`
 * says whether the command is on its way, its failure in the catalogue's words (the SDK
 * error's message) and its answer. Leaving the page cancels it. Flows with more than one
 * step go through a machine instead; data a page shows goes through `useDataGroup`.
 *
 * `run` resolves with the answer, or undefined when the command failed or was cancelled: it
 * never rejects, so an event handler can start it with `void mutation.run(input)`. What to do
 * next can be said where the command is declared (`onSuccess`, `onFailure`) or after `run`.
 */
import { errorMessage } from '@formsign/machines';
import { useCallback, useEffect, useRef, useState } from 'react';

export type MutationRequest<TInput, TResult> = (input: TInput, options: { signal: AbortSignal }) => Promise<TResult>;

export interface MutationCallbacks<TInput, TResult> {
  /** After an answer (not called once the page is left). */
  onSuccess?(result: TResult, input: TInput): void;
  /** After a failure, with its text (not called for a cancelled command). */
  onFailure?(message: string, input: TInput): void;
}

export interface MutationState<TResult> {
  busy: boolean;
  error: string | null;
  result: TResult | null;
}

export interface Mutation<TInput, TResult> extends MutationState<TResult> {
  /** Sends the command (cancelling one still on its way); resolves with its answer, or undefined when it failed or was cancelled. */
  run(input: TInput): Promise<TResult | undefined>;
  /** Forgets the last answer and failure. */
  reset(): void;
}

const idle = { busy: false, error: null, result: null };

export function useMutation<TInput, TResult>(
  request: MutationRequest<TInput, TResult>,
  callbacks: MutationCallbacks<TInput, TResult> = {},
): Mutation<TInput, TResult> {
  const [state, setState] = useState<MutationState<TResult>>(idle);
  // The request and callbacks of the last render, for a command started afterwards.
  const latest = useRef({ request, callbacks });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = { request, callbacks };
  });
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (input: TInput): Promise<TResult | undefined> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ busy: true, error: null, result: null });
    try {
      const result = await latest.current.request(input, { signal: current.signal });
      if (current.signal.aborted) return undefined;
      setState({ busy: false, error: null, result });
      latest.current.callbacks.onSuccess?.(result, input);
      return result;
    } catch (error) {
      if (current.signal.aborted) return undefined;
      const message = errorMessage(error);
      setState({ busy: false, error: message, result: null });
      latest.current.callbacks.onFailure?.(message, input);
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState(idle), []);
  return { ...state, run, reset };
}
