import { ApiError, appCodes, errorTexts, textForCode, type CodeResult } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { flush } from '../test/controlled-actors.js';
import { forgotPasswordMachine } from './index.js';

/** The error the SDK throws for a failing forgot-password code: its text from the catalogue. */
function sdkError(code: number): ApiError {
  return new ApiError({ status: 200, code, message: textForCode('forgotPassword', code) ?? errorTexts.unexpected });
}

/** A machine whose request answers with `code` the way the SDK does: resolve on 1/201, throw otherwise. */
function startAnswering(code: number) {
  const emails: string[] = [];
  const machine = forgotPasswordMachine.provide({
    actors: {
      forgotPassword: fromPromise<CodeResult, { email: string }>(({ input }) => {
        emails.push(input.email);
        return code === 1 || code === 201 ? Promise.resolve({ code, message: '' }) : Promise.reject(sdkError(code));
      }),
    },
  });
  return { actor: createActor(machine).start(), emails };
}

const failureTexts: Array<[number, string]> = [
  [-1, 'Unexcepted error, Please try again later.'],
  [-201, 'Unexcepted error, Please try again later.'],
  [-4, 'Unexcepted error, Please try again later.'],
  [-204, 'Unexcepted error, Please try again later.'],
  [-207, 'Verification code fails to deliver to email address. Please try again later.'],
  [-208, 'Attempt limit exceeded, please try after some time.'],
  [-3, ''],
  [-203, ''],
];

describe('forgot password machine transitions', () => {
  it('starts idle with nothing to show', () => {
    const { actor } = startAnswering(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ email: '', code: null, error: null });
  });

  it('idle → requesting (forgotPassword.request): sends the email', async () => {
    const machine = forgotPasswordMachine.provide({
      actors: { forgotPassword: fromPromise<CodeResult, { email: string }>(() => new Promise(() => {})) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context).toEqual({ email: 'grace@example.com', code: null, error: null });
  });

  it.each([1, 201])('requesting → success (done): code %i succeeds', async (code) => {
    const { actor, emails } = startAnswering(code);
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context).toEqual({ email: 'grace@example.com', code, error: null });
    expect(emails).toEqual(['grace@example.com']);
  });

  it.each(failureTexts)('requesting → failure (error): code %i shows %j', async (code, text) => {
    const { actor } = startAnswering(code);
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({ email: 'grace@example.com', code, error: text });
  });

  it('covers every code of the catalogue', () => {
    const codes = Object.keys(appCodes.forgotPassword).map(Number).sort();
    expect([1, 201, ...failureTexts.map(([code]) => code)].sort()).toEqual(codes);
  });

  it("requesting → failure (error): anything but an ApiError shows the catalogue's unexpected text", async () => {
    const machine = forgotPasswordMachine.provide({
      actors: { forgotPassword: fromPromise<CodeResult, { email: string }>(() => Promise.reject(new TypeError('Failed to fetch'))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({ email: 'grace@example.com', code: null, error: errorTexts.unexpected });
  });

  it('failure → requesting (forgotPassword.request): tries again, clearing the error', async () => {
    let calls = 0;
    const machine = forgotPasswordMachine.provide({
      actors: {
        forgotPassword: fromPromise<CodeResult, { email: string }>(() =>
          ++calls === 1 ? Promise.reject(sdkError(-208)) : Promise.resolve({ code: 201, message: '' }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'forgotPassword.request', email: 'grace.okafor@example.com' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context).toEqual({ email: 'grace.okafor@example.com', code: null, error: null });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context.code).toBe(201);
  });

  it('success → requesting (forgotPassword.request): sends the email again', async () => {
    const { actor, emails } = startAnswering(1);
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'forgotPassword.request', email: 'grace@example.com' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.code).toBeNull();
    await waitFor(actor, (s) => s.matches('success'));
    expect(emails).toEqual(['grace@example.com', 'grace@example.com']);
  });

  it('requesting: ignores another request while one is on its way', async () => {
    const machine = forgotPasswordMachine.provide({
      actors: { forgotPassword: fromPromise<CodeResult, { email: string }>(() => new Promise(() => {})) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'forgotPassword.request', email: 'a@example.com' });
    await flush();
    actor.send({ type: 'forgotPassword.request', email: 'b@example.com' });
    expect(actor.getSnapshot().context.email).toBe('a@example.com');
  });
});
