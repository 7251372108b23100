/**
 * Set new password: code 1 is success (the actor resolves); -1 and
 * -6 give the unexpected-error text, -3 'You have already set a new password with this link.',
 * -5 'The password request link expired. Please request a new password request.' — each the
 * message of the `ApiError` the SDK throws. From a failure the user can submit again.
 */
import type { CodeResult, SetNewPasswordRequest } from '@formsign/sdk/contract';
import { assign, assertEvent, setup } from 'xstate';
import { errorCode, errorMessage, notProvided } from './request-actor.js';

export interface SetNewPasswordContext {
  /** The application code of the last answer, when known. */
  code: number | null;
  /** The server's text on success, or null. */
  message: string | null;
  /** The text to show for the last failure, or null. */
  error: string | null;
}

export type SetNewPasswordEvent = { type: 'newPassword.submit' } & SetNewPasswordRequest;

export const setNewPasswordMachine = setup({
  types: {
    context: {} as SetNewPasswordContext,
    events: {} as SetNewPasswordEvent,
  },
  actors: {
    /** `client.auth.setNewPassword({ userId, timestamp, hashedPassword, password })`. */
    setNewPassword: notProvided<CodeResult, SetNewPasswordRequest>('setNewPassword'),
  },
  actions: {
    startRequest: assign({ code: null, message: null, error: null }),
    showSuccess: assign((_, params: { result: CodeResult }) => ({ code: params.result.code, message: params.result.message, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ code: errorCode(params.error), error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'setNewPassword',
  context: { code: null, message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'newPassword.submit': { target: 'submitting', actions: 'startRequest' } },
    },
    submitting: {
      invoke: {
        id: 'setNewPassword',
        src: 'setNewPassword',
        input: ({ event }) => {
          assertEvent(event, 'newPassword.submit');
          return { userId: event.userId, timestamp: event.timestamp, hashedPassword: event.hashedPassword, password: event.password };
        },
        onDone: { target: 'success', actions: { type: 'showSuccess', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    success: {},
    failure: {
      on: { 'newPassword.submit': { target: 'submitting', actions: 'startRequest' } },
    },
  },
});
