/**
 * The bridge between the machines and the SDK. A machine declares each request as a promise
 * actor that fails until the app provides the real one; `fromRequest` builds that real one from
 * an SDK function and hands it the actor's abort signal, so leaving a state cancels the request.
 */
import { ApiError, errorTexts } from '@formsign/sdk/contract';
import { fromPromise } from 'xstate';

/** The abort signal XState gives a promise actor (the DOM's `AbortSignal` where the DOM exists). */
export type RequestSignal = Parameters<Parameters<typeof fromPromise>[0]>[0]['signal'];

/** The shape of every SDK call: its input, then `{ signal }`. */
export type RequestFunction<TOutput, TInput> = (input: TInput, options: { signal: RequestSignal }) => PromiseLike<TOutput>;

/**
 * A promise actor that calls `request(input, { signal })`. The app provides it:
 * `authMachine.provide({ actors: { login: fromRequest((input, options) => client.auth.login(input, options)) } })`.
 *
 * A request its actor gave up on (the signal aborted) never settles the actor: the failure
 * the abort causes arrives later, when the actor may have been started again from the same
 * snapshot (React's development mode reconnects every effect so), and would be taken for
 * the new request's.
 */
export function fromRequest<TOutput, TInput>(request: RequestFunction<TOutput, TInput>) {
  return fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        Promise.resolve(request(input, { signal })).then(resolve, (error: unknown) => {
          if (!signal.aborted) reject(error);
        });
      }),
  );
}

/** Thrown by a request actor the app has not provided. */
export class ActorNotProvidedError extends Error {
  override readonly name = 'ActorNotProvidedError';
  constructor(readonly actor: string) {
    super(`The "${actor}" actor is not provided: pass it with machine.provide({ actors: { ${actor}: ... } }).`);
  }
}

/** The placeholder of a request actor: typed with the request's input and output, and failing until provided. */
export function notProvided<TOutput, TInput = unknown>(actor: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new ActorNotProvidedError(actor)));
}

/**
 * The text to show for a failed request: the `ApiError`'s message, which the SDK has already
 * taken from the error catalogue (it may be empty on purpose, e.g. forgot-password -3), or
 * the catalogue's unexpected-error text for anything else.
 */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : errorTexts.unexpected;
}

/** The application code of a failed request, when the server gave one. */
export function errorCode(error: unknown): number | null {
  return error instanceof ApiError ? error.code : null;
}
