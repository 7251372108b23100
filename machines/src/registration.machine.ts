/**
 * Registration: a request, then success or failure, then clear
 * (back to idle with the error and message cleared). A failed registration can be sent again.
 */
import type { CodeResult, RegisterRequest } from '@formsign/sdk/contract';
import { assign, assertEvent, setup } from 'xstate';
import { errorCode, errorMessage, notProvided } from './request-actor.js';

export interface RegistrationContext {
  /** The application code of the last answer, when known. */
  code: number | null;
  /** The server's text on success (the activation email was sent), or null. */
  message: string | null;
  /** The text to show for the last failure, or null. */
  error: string | null;
}

export type RegistrationEvent = { type: 'registration.submit'; account: RegisterRequest } | { type: 'registration.clear' };

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
  },
  actors: {
    /** `client.auth.register(account)`. */
    register: notProvided<CodeResult, RegisterRequest>('register'),
  },
  actions: {
    clear: assign({ code: null, message: null, error: null }),
    showSuccess: assign((_, params: { result: CodeResult }) => ({ code: params.result.code, message: params.result.message, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ code: errorCode(params.error), error: errorMessage(params.error) })),
  },
}).createMachine({
  id: 'registration',
  context: { code: null, message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'registration.submit': { target: 'submitting' } },
    },
    submitting: {
      entry: 'clear',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'registration.submit');
          return event.account;
        },
        onDone: { target: 'success', actions: { type: 'showSuccess', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failure', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    success: {
      on: { 'registration.clear': { target: 'idle', actions: 'clear' } },
    },
    failure: {
      on: {
        'registration.submit': { target: 'submitting' },
        'registration.clear': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
