import { ApiError, errorTexts, type WebSigningData, type WebSigningRequest } from '@formsign/sdk/contract';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { answeredByTest, settle } from '../test/answered-by-test.js';
import { draftSavedText, receiptOf, signingMachine, type SigningLink } from './signing.machine.js';

const link: SigningLink = { id: 'f7c2', token: 'sgn_1', refs: '', order: 1, uuid: 'u-1' };
const form = {
  id: 'f7c2',
  title: 'Consent to Share Information',
  message: 'Please sign.',
  sender: 'Samuel Green',
  signer: { name: 'Margaret Ellis', email: 'margaret@example.com', order: 1 },
  status: 'open' as const,
  expires_at: null,
  allow_typed_signature: true,
  date_format: 'DD/MM/YYYY' as const,
  timezone: 'Europe/London',
  language: 'en' as const,
  fields: [{ name: 'agree', label: 'I agree', type: 'checkbox' as const, required: true }],
};

async function started() {
  const call = answeredByTest<WebSigningData, WebSigningRequest>();
  const actor = createActor(signingMachine.provide({ actors: { call: call.logic } }), { input: { link } }).start();
  await settle();
  return { actor, call };
}

async function loaded() {
  const run = await started();
  run.call.call().resolve(form);
  await settle();
  return run;
}

describe('a form opened from a link', () => {
  it('loads with the link, then shows the form', async () => {
    const { actor, call } = await started();
    expect(call.call().input).toEqual({ function: 'load', ...link });
    call.call().resolve(form);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.form?.title).toBe('Consent to Share Information');
  });

  it('a failed load keeps the SDK’s text, and a retry loads again', async () => {
    const { actor, call } = await started();
    call.call().reject(new ApiError({ status: 200, message: 'This signing link has expired. Please ask the sender for a new one.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toBe('This signing link has expired. Please ask the sender for a new one.');
    actor.send({ type: 'signing.load' });
    await settle();
    expect(call.calls).toHaveLength(2);
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('an answer without a form is the catalogue’s form-load failure', async () => {
    const { actor, call } = await started();
    call.call().resolve(null);
    await settle();
    expect(actor.getSnapshot().context.loadError).toBe(errorTexts.formLoadFailed);
  });

  it('submits the answers with the link and shows the receipt', async () => {
    const { actor, call } = await loaded();
    actor.send({
      type: 'signing.send',
      action: 'submit',
      answers: { values: { agree: true }, signature: { kind: 'typed', value: 'Margaret Ellis' } },
    });
    await settle();
    expect(call.call().input).toEqual({
      function: 'submit',
      ...link,
      values: { agree: true },
      signature: { kind: 'typed', value: 'Margaret Ellis' },
    });
    call.call().resolve({ status: 'signed', completed: false, next: 'Ethan Wright', message: 'Thank you.' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.receipt).toEqual({ status: 'signed', completed: false, next: 'Ethan Wright', message: 'Thank you.' });
  });

  it('a failed send goes back to the form with the reason', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.send', action: 'disapprove', answers: { comment: 'Wrong person.' } });
    await settle();
    expect(call.call().input).toEqual({ function: 'disapprove', ...link, comment: 'Wrong person.' });
    call.call().reject(new ApiError({ status: 0, message: errorTexts.offline }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ sendError: errorTexts.offline, action: 'disapprove' });
  });

  it('saves a draft and stays on the form, saying the answers are kept', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.saveDraft', answers: { values: { agree: true } } });
    await settle();
    expect(actor.getSnapshot().value).toBe('savingDraft');
    expect(call.call().input).toEqual({ function: 'save', ...link, values: { agree: true } });
    call.call().resolve({ status: 'saved', completed: false, next: '', message: '' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.draftSaved).toBe(draftSavedText);
  });

  it('a failed draft save stays on the form with the reason', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.saveDraft', answers: { values: {} } });
    await settle();
    call.call().reject(new ApiError({ status: 200, message: 'This signing link has expired. Please ask the sender for a new one.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({
      sendError: 'This signing link has expired. Please ask the sender for a new one.',
      draftSaved: null,
    });
  });

  it('an answer without a receipt still means the form was taken', () => {
    expect(receiptOf('approve', form)).toEqual({ status: 'approved', completed: false, next: '', message: '' });
    expect(receiptOf('submit', { status: 'signed', completed: true, next: '', message: 'Done.' })).toEqual({
      status: 'signed',
      completed: true,
      next: '',
      message: 'Done.',
    });
  });
});

describe('declining a form from its link', () => {
  it('sends the reason, and shows the receipt', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.decline', reason: 'The dates are wrong.' });
    await settle();
    expect(actor.getSnapshot().value).toBe('declining');
    expect(call.call(1).input).toEqual({ function: 'decline', ...link, comment: 'The dates are wrong.' });
    const receipt = { status: 'declined' as const, completed: false, next: '', message: 'You have declined this form.' };
    call.call(1).resolve(receipt);
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.receipt).toEqual(receipt);
  });

  it('a refused decline goes back to the form, keeps the reason and says why', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.decline', reason: 'No.' });
    await settle();
    call.call(1).reject(new ApiError({ status: 200, message: 'This form has already been signed.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ declineError: 'This form has already been signed.', declineReason: 'No.', receipt: null });
  });
});

describe('handing a place on to someone else', () => {
  const delegate = { name: 'Priya Shah', email: 'priya.shah@mail.example', reason: 'I am away until March.' };

  it('sends who and why with the link, and ends with the receipt', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.delegate', delegate });
    await settle();
    expect(actor.getSnapshot().value).toBe('delegating');
    expect(call.call(1).input).toEqual({ function: 'delegate', ...link, delegate });
    const receipt = { status: 'delegated' as const, completed: false, next: 'Priya Shah', message: 'Priya Shah is being emailed a link.' };
    call.call(1).resolve(receipt);
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.receipt).toEqual(receipt);
  });

  it('a refused hand-over goes back to the form, keeps who was typed and says why; a new try clears the reason', async () => {
    const { actor, call } = await loaded();
    actor.send({ type: 'signing.delegate', delegate });
    await settle();
    const refusal = 'That address already has a place in this form (Ben Cole).';
    call.call(1).reject(new ApiError({ status: 200, message: refusal }));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ delegateError: refusal, delegate, receipt: null });
    actor.send({ type: 'signing.delegate', delegate: { ...delegate, email: 'omar@mail.example' } });
    await settle();
    expect(actor.getSnapshot().context.delegateError).toBeNull();
    expect(call.call(2).input).toMatchObject({ function: 'delegate', delegate: { email: 'omar@mail.example' } });
  });
});

describe('a withdrawn form', () => {
  it('is known as gone (404), unlike a load that may work when tried again', async () => {
    const gone = await started();
    gone.call.call().reject(new ApiError({ status: 404, message: 'This form was withdrawn by its sender.' }));
    await settle();
    expect(gone.actor.getSnapshot().context).toMatchObject({ loadGone: true, loadError: 'This form was withdrawn by its sender.' });
    const failed = await started();
    failed.call.call().reject(new ApiError({ status: 500, message: 'The server failed.' }));
    await settle();
    expect(failed.actor.getSnapshot().context.loadGone).toBe(false);
  });
});

describe('a place that asks its holder to prove who they are', () => {
  const asked = { verification: 'email-code' as const, email: 'm•••@example.com', message: '', resend_at: null, proof: null };

  it('asks for the code instead of showing the form; a code sent says so, a wrong one says why and stays', async () => {
    const { actor, call } = await started();
    call.call().resolve(asked);
    await settle();
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(actor.getSnapshot().context.form).toBeNull();

    actor.send({ type: 'signing.sendCode' });
    await settle();
    expect(call.call().input).toEqual({ function: 'send-code', ...link });
    const sent = { ...asked, message: 'We have sent a code to m•••@example.com.', resend_at: '2026-11-24T10:01:00Z' };
    call.call().resolve(sent);
    await settle();
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(actor.getSnapshot().context.verification).toEqual(sent);

    actor.send({ type: 'signing.checkCode', code: '000000' });
    await settle();
    expect(call.call().input).toEqual({ function: 'check-code', ...link, code: '000000' });
    call.call().reject(new ApiError({ status: 200, message: 'That code is not right. You have 4 more tries.' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(actor.getSnapshot().context.codeError).toBe('That code is not right. You have 4 more tries.');
  });

  it('the right code loads the form with its proof, which every later call carries', async () => {
    const { actor, call } = await started();
    call.call().resolve({ ...asked, verification: 'access-code', email: '' });
    await settle();
    actor.send({ type: 'signing.checkCode', code: 'tulip-42' });
    await settle();
    call.call().resolve({ ...asked, message: 'Thank you: your code is right.', proof: '1795000000.proof' });
    await settle();
    expect(call.call().input).toEqual({ function: 'load', ...link, proof: '1795000000.proof' });
    call.call().resolve(form);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'signing.saveDraft', answers: { values: { agree: true } } });
    await settle();
    expect(call.call().input).toMatchObject({ function: 'save', proof: '1795000000.proof' });
  });
});
