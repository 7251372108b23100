/** For the machine tests: a request actor whose calls the test answers one by one. */
import { fromPromise } from 'xstate';

export function answeredByTest<TOutput, TInput>() {
  const calls: Array<{ input: TInput; resolve(output: TOutput): void; reject(error: unknown): void }> = [];
  const logic = fromPromise<TOutput, TInput>(({ input }) => new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject })));
  return {
    logic,
    calls,
    /** The call `index` (the last by default). */
    call(index = calls.length - 1) {
      const found = calls[index];
      if (!found) throw new Error(`No call ${index}: ${calls.length} made.`);
      return found;
    },
  };
}

/** Lets settled promises deliver their events. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
