/**
 * Promise actors whose outcome the test decides: each run waits until the test resolves or
 * rejects it by the actor's id (the invoke's or spawn's `id`). Model-based tests use them to
 * replay a path whose steps are the actors' done and error events.
 */
import { fromPromise } from 'xstate';

interface Pending {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export function controlledActors() {
  const pending = new Map<string, Pending>();
  const started: Array<{ id: string; input: unknown }> = [];
  const logic = <TOutput, TInput>() =>
    fromPromise<TOutput, TInput>(
      ({ input, self }) =>
        new Promise<TOutput>((resolve, reject) => {
          started.push({ id: self.id, input });
          pending.set(self.id, { input, resolve: resolve as (output: unknown) => void, reject });
        }),
    );
  function take(id: string): Pending {
    const run = pending.get(id);
    if (!run) throw new Error(`No actor "${id}" is waiting (waiting: ${[...pending.keys()].join(', ') || 'none'})`);
    pending.delete(id);
    return run;
  }
  return {
    logic,
    started,
    isWaiting: (id: string) => pending.has(id),
    resolve: (id: string, output: unknown) => take(id).resolve(output),
    reject: (id: string, error: unknown) => take(id).reject(error),
  };
}

/** Lets settled promises deliver their events to the actors. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
