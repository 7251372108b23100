/**
 * Forgot password: a request with an email succeeds on codes 1 and
 * 201 (the actor resolves); every other code fails with its catalogue text, which the SDK puts
 * in the `ApiError` it throws (-3 and -203 on purpose give an empty message, telling nothing).
 * From a failure, or after a success (to send the email again), the user can ask again.
 */
import type { CodeResult, ForgotPasswordRequest } from '@formsign/sdk/contract';
import { assign, assertEvent, setup } from 'xstate';
import { errorCode, errorMessage, notProvided } from './request-actor.js';

export interface ForgotPasswordContext {
  /** The email of the last request. */
  email: string;
  /** The application code of the last answer (1 or 201 on success), when known. */
  code: number | null;
  /** The text to show for the last failure (may be empty), or null. */
  error: string | null;
}

export type ForgotPasswordEvent = { type: 'forgotPassword.request'; email: string };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** `client.auth.forgotPassword({ email })`. */
    forgotPassword: notProvided<CodeResult, ForgotPasswordRequest>('forgotPassword'),
  },
  actions: {
    startRequest: assign(({ event }) => ({ email: event.email, code: null, error: null })),
    showSuccess: assign((_, params: { result: CodeResult }) => ({ code: params.result.code, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ code: errorCode(params.error), error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', code: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'forgotPassword.request': { target: 'requesting', actions: 'startRequest' } },
    },
    requesting: {
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ event }) => {
          assertEvent(event, 'forgotPassword.request');
          return { email: event.email };
        },
        onDone: { target: 'success', actions: { type: 'showSuccess', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    success: {
      on: { 'forgotPassword.request': { target: 'requesting', actions: 'startRequest' } },
    },
    failure: {
      on: { 'forgotPassword.request': { target: 'requesting', actions: 'startRequest' } },
    },
  },
});
