/**
 * One request a person starts (save, send, buy): whether it is on its way, the failure in
 * the catalogue's words (the SDK error's message), and its answer. Leaving the page cancels
 * it. No machine owns these one-shot requests, so the component keeps their state.
 */
import { errorMessage } from '@formsign/machines';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ActionRequest<TInput, TResult> = (input: TInput, options: { signal: AbortSignal }) => Promise<TResult>;

export interface ActionState<TResult> {
  busy: boolean;
  error: string | null;
  result: TResult | null;
}

export interface Action<TInput, TResult> extends ActionState<TResult> {
  /** Sends the request; resolves with its answer, or undefined when it failed or was cancelled. */
  run(input: TInput): Promise<TResult | undefined>;
  /** Forgets the last answer and failure. */
  reset(): void;
}

const idle = { busy: false, error: null, result: null };

export function useAction<TInput, TResult>(request: ActionRequest<TInput, TResult>): Action<TInput, TResult> {
  const [state, setState] = useState<ActionState<TResult>>(idle);
  const latest = useRef(request);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = request;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (input: TInput): Promise<TResult | undefined> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ busy: true, error: null, result: null });
    try {
      const result = await latest.current(input, { signal: current.signal });
      if (current.signal.aborted) return undefined;
      setState({ busy: false, error: null, result });
      return result;
    } catch (error) {
      if (current.signal.aborted) return undefined;
      setState({ busy: false, error: errorMessage(error), result: null });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState(idle), []);
  return { ...state, run, reset };
}
