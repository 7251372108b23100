import { ApiError, errorTexts, textForCode, type CodeResult, type RegisterRequest } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { registrationMachine } from './index.js';

const account: RegisterRequest = {
  first_name: 'Grace',
  last_name: 'Okafor',
  email: 'grace.okafor@harbourhomes.example',
  name: 'grace.okafor',
  password: 'my-new-secret-9',
  company_name: 'Harbour Homes',
};

const created: CodeResult = { code: 1, message: textForCode('register', 1) ?? '' };
const exists = new ApiError({ status: 200, code: -2, message: textForCode('register', -2) ?? '' });

function startAnswering(...answers: Array<CodeResult | Error>) {
  const inputs: RegisterRequest[] = [];
  const machine = registrationMachine.provide({
    actors: {
      register: fromPromise<CodeResult, RegisterRequest>(({ input }) => {
        inputs.push(input);
        const answer = answers[inputs.length - 1] ?? created;
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      }),
    },
  });
  return { actor: createActor(machine).start(), inputs };
}

describe('registration machine transitions', () => {
  it('starts idle', () => {
    const { actor } = startAnswering();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ code: null, message: null, error: null });
  });

  it('idle → submitting (registration.submit): sends the account', async () => {
    const { actor, inputs } = startAnswering();
    actor.send({ type: 'registration.submit', account });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(inputs).toEqual([account]);
  });

  it('submitting → success (done): keeps the code and message', async () => {
    const { actor } = startAnswering(created);
    actor.send({ type: 'registration.submit', account });
    const snapshot = await waitFor(actor, (s) => s.matches('success'));
    expect(snapshot.context).toEqual({
      code: 1,
      message: 'Thank you. Please check your email: we are sending the next step to the address you gave.',
      error: null,
    });
  });

  it("submitting → failure (error): the ApiError's message", async () => {
    const { actor } = startAnswering(exists);
    actor.send({ type: 'registration.submit', account });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({ code: -2, message: null, error: 'This user name is taken. Please choose another one.' });
  });

  it("submitting → failure (error): anything but an ApiError gives the catalogue's unexpected text", async () => {
    const { actor } = startAnswering(new Error('offline'));
    actor.send({ type: 'registration.submit', account });
    const snapshot = await waitFor(actor, (s) => s.matches('failure'));
    expect(snapshot.context).toEqual({ code: null, message: null, error: errorTexts.unexpected });
  });

  it('success → idle (registration.clear): clears the message', async () => {
    const { actor } = startAnswering(created);
    actor.send({ type: 'registration.submit', account });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'registration.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ code: null, message: null, error: null });
  });

  it('failure → idle (registration.clear): clears the error', async () => {
    const { actor } = startAnswering(exists);
    actor.send({ type: 'registration.submit', account });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'registration.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ code: null, message: null, error: null });
  });

  it('failure → submitting (registration.submit): sends again with the error cleared', async () => {
    const { actor, inputs } = startAnswering(exists, created);
    actor.send({ type: 'registration.submit', account });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'registration.submit', account: { ...account, name: 'grace.o' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('success'));
    expect(inputs.map((input) => input.name)).toEqual(['grace.okafor', 'grace.o']);
  });

  it('success: takes no other submission until cleared', async () => {
    const { actor, inputs } = startAnswering(created);
    actor.send({ type: 'registration.submit', account });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'registration.submit', account });
    expect(actor.getSnapshot().value).toBe('success');
    expect(inputs).toHaveLength(1);
  });
});
