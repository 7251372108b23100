import { ApiError, appCodes, errorTexts, textForCode, type CodeResult, type SetNewPasswordRequest } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { setNewPasswordMachine } from './index.js';

const request: SetNewPasswordRequest = { userId: '1001', timestamp: '1767225600', hashedPassword: 'a1b2c3', password: 'my-new-secret-9' };

/** The error the SDK throws for a failing set-new-password code. */
function sdkError(code: number): ApiError {
  return new ApiError({ status: 200, code, message: textForCode('setNewPassword', code) ?? errorTexts.unexpected });
}

function startAnswering(...codes: number[]) {
  const inputs: SetNewPasswordRequest[] = [];
  const machine = setNewPasswordMachine.provide({
    actors: {
      setNewPassword: fromPromise<CodeResult, SetNewPasswordRequest>(({ input }) => {
        inputs.push(input);
        const code = codes[inputs.length - 1] ?? 1;
        return code === 1 ? Promise.resolve({ code, message: textForCode('setNewPassword', 1) ?? '' }) : Promise.reject(sdkError(code));
      }),
    },
  });
  return { actor: createActor(machine).start(), inputs };
}

const failureTexts: Array<[number, string]> = [
  [-1, 'Unexcepted error, Please try again later.'],
  [-6, 'Unexcepted error, Please try again later.'],
  [-3, 'You have already set a new password with this link.'],
  [-5, 'The password request link expired. Please request a new password request.'],
];

describe('set new password machine transitions', () => {
  it('starts idle', () => {
    const { actor } = startAnswering(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ code: null, message: null, error: null });
  });

  it('idle → submitting (newPassword.submit): sends userId, timestamp, hashedPassword and password', async () => {
    const { actor, inputs } = startAnswering(1);
    actor.send({ type: 'newPassword.submit', ...request });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(inputs).toEqual([request]);
  });

  it('submitting → success (done): code 1', async () => {
    const { actor } = startAnswering(1);
    actor.send({ type: 'newPassword.submit', ...request });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context).toEqual({ code: 1, message: 'Your new password has been saved. You can log in now.', error: null });
  });

  it.each(failureTexts)('submitting → failure (error): code %i shows %j', async (code, text) => {
    const { actor } = startAnswering(code);
    actor.send({ type: 'newPassword.submit', ...request });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({ code, message: null, error: text });
  });

  it('covers every code of the catalogue', () => {
    expect([1, ...failureTexts.map(([code]) => code)].sort()).toEqual(Object.keys(appCodes.setNewPassword).map(Number).sort());
  });

  it("submitting → failure (error): anything but an ApiError shows the catalogue's unexpected text", async () => {
    const machine = setNewPasswordMachine.provide({
      actors: { setNewPassword: fromPromise<CodeResult, SetNewPasswordRequest>(() => Promise.reject(new Error('offline'))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'newPassword.submit', ...request });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context.error).toBe(errorTexts.unexpected);
  });

  it('failure → submitting (newPassword.submit): tries again with the error cleared', async () => {
    const { actor, inputs } = startAnswering(-1, 1);
    actor.send({ type: 'newPassword.submit', ...request });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'newPassword.submit', ...request, password: 'another-secret-7' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context).toEqual({ code: null, message: null, error: null });
    await waitFor(actor, (s) => s.matches('success'));
    expect(inputs.at(-1)?.password).toBe('another-secret-7');
  });

  it('success: takes no other submission (the link is used)', async () => {
    const { actor, inputs } = startAnswering(1);
    actor.send({ type: 'newPassword.submit', ...request });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'newPassword.submit', ...request });
    expect(actor.getSnapshot().value).toBe('success');
    expect(inputs).toHaveLength(1);
  });
});
