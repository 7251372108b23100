/**
 * Every journey of a form has a way on: a signer declines from their link with a reason and
 * the sender is told; a form declined or sent back is corrected by its sender and sent on
 * again from the place that stopped it; a withdrawn form's live links are told; an approver
 * whose turn it is can be reminded.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

async function admin(): Promise<string> {
  return (await server.signIn('demo.admin')).token;
}

async function userId(token: string, search: string): Promise<number> {
  return ((await server.call('/users', { token, body: { filters: { search } } })).body.data[0] as Json).id as number;
}

/** A template of two signers in order and an approver (the demo administrator). */
async function makeTemplate(token: string): Promise<number> {
  const approverId = await userId(token, 'demo.admin');
  const created = await server.call('/getforms', {
    token,
    body: { functions: 'create', type: 'details', value: { title: 'Key Handover', description: 'Keys lent to a tenant.', category: 'Facilities' } },
  });
  const id = created.body.id as number;
  await server.call('/getforms', {
    token,
    body: {
      functions: 'update',
      id,
      type: 'steps',
      value: {
        sequential: true,
        steps: [
          { label: 'Tenant', action: 'sign' },
          { label: 'Witness', action: 'sign' },
          { label: 'Manager', action: 'approve', user_id: approverId },
        ],
      },
    },
  });
  const fields = await server.call('/getforms', {
    token,
    body: {
      functions: 'update',
      id,
      type: 'fields',
      value: [
        { name: 'keys', label: 'Keys', type: 'number', required: true },
        { name: 'tenant_signature', label: 'Tenant signature', type: 'signature', required: true },
        { name: 'witness_name', label: 'Witness name', type: 'text', required: true, step: 2 },
      ],
    },
  });
  expect(fields.body.code).toBe(1);
  return id;
}

async function sendTo(token: string, first: { name: string; email: string }, second: { name: string; email: string }): Promise<number> {
  const sent = await server.call('/send-form', {
    token,
    body: {
      template: await makeTemplate(token),
      recipients: [first, second, { name: 'Olivia Bennett', email: 'demo.admin@northwindcare.example', user_id: await userId(token, 'demo.admin') }],
      message: 'Please sign for the keys.',
    },
  });
  expect(sent.body.code).toBe(1);
  return sent.body.id as number;
}

function linkFor(email: string): { pageId: string; token: string } {
  const mail = server.mail.filter((message) => message.to === email).at(-1);
  const match = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No signing link mailed to ${email}`);
  return { pageId: match[1] ?? '', token: match[2] ?? '' };
}

const signing = (body: Record<string, unknown>, token?: string) => server.call('/websigning', { body, ...(token ? { token } : {}) });
const progressOf = async (token: string, id: number) => (await server.call('/form-progress', { method: 'GET', token, query: `id=${id}` })).body;
const unused = async (token: string) => (await server.call('/user', { method: 'GET', token })).body.company.unused_envelopes as number;

describe('declining a form from its link', () => {
  it("stops the form, mails its sender the reason, opens no later place, and the link's page says who declined it and why", async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Ada Lane', email: 'ada.lane@mail.example' }, { name: 'Ben Hart', email: 'ben.hart@mail.example' });
    const link = linkFor('ada.lane@mail.example');
    const mailBefore = server.mail.length;

    expect((await signing({ function: 'decline', id: link.pageId, token: link.token, comment: '  ' })).body).toEqual({
      data: null,
      error: 'Please say why you decline to sign, so the sender can put it right.',
    });
    const declined = await signing({ function: 'decline', id: link.pageId, token: link.token, comment: 'The number of keys is wrong: I have two.' });
    expect(declined.body).toEqual({
      data: { status: 'declined', completed: false, next: '', message: 'You have declined this form. Its sender is being emailed your reason.' },
      error: '',
    });

    // The sender hears it, in the same change; nobody else is asked to act.
    const mailed = server.mail.slice(mailBefore);
    expect(mailed.map((message) => message.to)).toEqual(['demo.admin@northwindcare.example']);
    expect(mailed[0]).toMatchObject({ subject: expect.stringMatching(/^Declined: "Key Handover/) });
    expect(mailed[0]?.text).toContain('Ada Lane declined to sign');
    expect(mailed[0]?.text).toContain('Their reason: The number of keys is wrong: I have two.');

    const progress = await progressOf(token, id);
    expect(progress).toMatchObject({
      status: 'declined',
      recipients: [
        { status: 'declined', comment: 'The number of keys is wrong: I have two.', next: false },
        { status: 'cancelled', next: false },
        { status: 'cancelled', next: false },
      ],
    });
    const [event] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'declined')));
    expect(event).toMatchObject({ actor: 'Ada Lane', details: { order: 1, comment: 'The number of keys is wrong: I have two.', via: 'link' } });

    // The page of the link says so, and the form cannot be acted on.
    expect((await signing({ function: 'load', id: link.pageId, token: link.token })).body.data).toMatchObject({
      status: 'declined',
      stopped: { name: 'Ada Lane', reason: 'The number of keys is wrong: I have two.' },
    });
    expect((await signing({ function: 'decline', id: link.pageId, token: link.token, comment: 'Again' })).body).toEqual({
      data: null,
      error: 'This form has already been signed.',
    });

    // The workflow lists it by its status, waiting for its sender.
    const workflow = await server.call('/workflow', { method: 'GET', token, query: 'filters[status]=declined' });
    expect(workflow.body.data.find((row: Json) => row.id === id)).toMatchObject({ status: 'declined', assignee: 'Olivia Bennett' });
  });

  it("is for the link's owner only: a changed token, another place's token, a withdrawn or used link are refused", async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Cara Moss', email: 'cara.moss@mail.example' }, { name: 'Dan Pike', email: 'dan.pike@mail.example' });
    const link = linkFor('cara.moss@mail.example');
    const progress = await progressOf(token, id);
    expect(progress.recipients[0].status).toBe('open');

    // An approver sends a form back instead; a changed token proves nothing.
    const pending = await server.call('/pending-form', { method: 'GET', token });
    const approverPlace = pending.body.data.find((row: Json) => row.id === id);
    expect(approverPlace).toBeUndefined();
    const forged = await signing({ function: 'decline', id: link.pageId, token: `${link.token}x`, comment: 'No' });
    expect(forged).toMatchObject({ status: 400, body: { data: null, error: 'This signing link is not valid.' } });

    // Signing first makes the link used.
    const signed = await signing({
      function: 'submit',
      consent: true,
      id: link.pageId,
      token: link.token,
      values: { keys: 2 },
      signature: { kind: 'typed', value: 'Cara Moss' },
    });
    expect(signed.body.data).toMatchObject({ status: 'signed' });
    expect((await signing({ function: 'decline', id: link.pageId, token: link.token, comment: 'Changed my mind' })).body.error).toBe(
      'This form has already been signed.',
    );

    // The second signer's link cannot decline for the first, and after withdrawal nothing can.
    const second = linkFor('dan.pike@mail.example');
    expect((await signing({ function: 'decline', id: link.pageId, token: second.token, comment: 'Not mine' })).status).toBe(400);
    expect((await server.call('/form-progress', { token, body: { id, action: 'withdraw' } })).body.code).toBe(1);
    expect(await signing({ function: 'decline', id: second.pageId, token: second.token, comment: 'Too late' })).toMatchObject({
      status: 404,
      body: { data: null, error: 'This form was withdrawn by its sender.' },
    });
  });
});

describe('sending a stopped form again', () => {
  it('sends a declined form on to the corrected recipient with a new link; the old link stops, no envelope is used, and it goes on', async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Eve Rowe', email: 'eve.rowe@mail.example' }, { name: 'Finn Gale', email: 'finn.gale@mail.example' });
    const old = linkFor('eve.rowe@mail.example');
    await signing({ function: 'decline', id: old.pageId, token: old.token, comment: 'I am not the tenant: my sister is.' });
    const before = await unused(token);

    // A form in progress cannot be "sent again"; a stopped one can, by its sender.
    const basic = (await server.signIn('demo.basic')).token;
    expect((await server.call('/form-progress', { token: basic, body: { id, action: 'resend' } })).status).not.toBe(200);

    const resent = await server.call('/form-progress', {
      token,
      body: {
        id,
        action: 'resend',
        recipients: [{ order: 1, name: 'Gwen Rowe', email: 'gwen.rowe@mail.example' }],
        message: 'Sent to the right tenant now.',
      },
    });
    expect(resent.body).toMatchObject({
      code: 1,
      message: 'The form has been sent again: Gwen Rowe is being emailed a new link.',
      progress: {
        status: 'sent',
        message: 'Sent to the right tenant now.',
        recipients: [
          { name: 'Gwen Rowe', email: 'gwen.rowe@mail.example', status: 'open', comment: '', next: true },
          { name: 'Finn Gale', status: 'waiting' },
          { status: 'waiting' },
        ],
      },
    });
    expect(await unused(token)).toBe(before);
    expect((await signing({ function: 'load', id: old.pageId, token: old.token })).status).toBe(400);
    expect((await server.call('/form-progress', { token, body: { id, action: 'resend' } })).body).toMatchObject({
      code: -5,
      message: 'This form cannot be sent again: only a form sent back or declined can be.',
    });

    const fresh = linkFor('gwen.rowe@mail.example');
    const signed = await signing({
      function: 'submit',
      consent: true,
      id: fresh.pageId,
      token: fresh.token,
      values: { keys: 1 },
      signature: { kind: 'typed', value: 'Gwen Rowe' },
    });
    expect(signed.body.data).toMatchObject({ status: 'signed', next: 'Finn Gale' });
    const events = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.formId, id));
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['declined', 'resent', 'signed']));
  });

  it('sends a form sent back by its approver on from the approver: what the signers did stands', async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Hal Moor', email: 'hal.moor@mail.example' }, { name: 'Ivy Snow', email: 'ivy.snow@mail.example' });
    const first = linkFor('hal.moor@mail.example');
    await signing({
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { keys: 3 },
      signature: { kind: 'typed', value: 'Hal Moor' },
    });
    const second = linkFor('ivy.snow@mail.example');
    await signing({ function: 'submit', consent: true, id: second.pageId, token: second.token, values: { witness_name: 'Ivy Snow' } });
    const review = await server.call('/workflow', {
      method: 'GET',
      token,
      query: `id=${id}&disapprove=1&comment=${encodeURIComponent('Three keys? We lent two.')}`,
    });
    expect(review.status).toBe(200);
    expect((await progressOf(token, id)).status).toBe('disapproved');
    // A place already done is not corrected.
    const refused = await server.call('/form-progress', {
      token,
      body: { id, action: 'resend', recipients: [{ order: 1, name: 'Someone Else', email: 'someone@mail.example' }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Hal Moor has already acted on this form: their place cannot be changed.' } });

    const mailBefore = server.mail.length;
    const resent = await server.call('/form-progress', { token, body: { id, action: 'resend' } });
    expect(resent.body).toMatchObject({
      code: 1,
      progress: {
        status: 'awaiting_approval',
        recipients: [{ status: 'signed' }, { status: 'signed' }, { status: 'open', comment: '', next: true }],
      },
    });
    expect(server.mail.slice(mailBefore).map((message) => message.to)).toEqual(['demo.admin@northwindcare.example']);
    // The approver's place cannot be declined: an approver sends back.
    const approverPage = (await server.call('/pending-form', { method: 'GET', token })).body.data.find((row: Json) => row.id === id)
      .page_id as string;
    expect((await signing({ function: 'decline', id: approverPage, comment: 'No' }, token)).body).toEqual({
      data: null,
      error: 'An approver sends the form back instead of declining it.',
    });
    const approved = await server.call('/workflow', { method: 'GET', token, query: `id=${id}&disapprove=0` });
    expect(approved.status).toBe(200);
    expect((await progressOf(token, id)).status).toBe('completed');
  });
});

describe('withdrawing a form', () => {
  it('mails the recipients whose links were live, not those still waiting, and says who was told', async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Jo Reed', email: 'jo.reed@mail.example' }, { name: 'Kit Wade', email: 'kit.wade@mail.example' });
    const mailBefore = server.mail.length;
    const withdrawn = await server.call('/form-progress', { token, body: { id, action: 'withdraw' } });
    expect(withdrawn.body).toMatchObject({
      code: 1,
      message: 'The form has been withdrawn: its links no longer work, and Jo Reed is being told by email.',
      progress: { status: 'cancelled' },
    });
    const mailed = server.mail.slice(mailBefore);
    expect(mailed.map((message) => message.to)).toEqual(['jo.reed@mail.example']);
    expect(mailed[0]?.subject).toMatch(/^Withdrawn: "Key Handover/);
    expect(mailed[0]?.text).toContain('Its link no longer works, and there is nothing more for you to do.');
  });
});

describe('reminding an approver', () => {
  it('mails the approver whose turn it is their review link again', async () => {
    const token = await admin();
    const id = await sendTo(token, { name: 'Lou Fern', email: 'lou.fern@mail.example' }, { name: 'Max Hale', email: 'max.hale@mail.example' });
    const first = linkFor('lou.fern@mail.example');
    await signing({
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { keys: 1 },
      signature: { kind: 'typed', value: 'Lou Fern' },
    });
    const second = linkFor('max.hale@mail.example');
    await signing({ function: 'submit', consent: true, id: second.pageId, token: second.token, values: { witness_name: 'Max Hale' } });
    const reminded = await server.call('/form-progress', { token, body: { id, action: 'remind' } });
    expect(reminded.body).toMatchObject({
      code: 1,
      message: 'A reminder is being emailed to Olivia Bennett.',
      progress: { status: 'awaiting_approval', recipients: [{}, {}, { action: 'approve', reminders: 1, next: true }] },
    });
    expect(server.mail.at(-1)).toMatchObject({
      to: 'demo.admin@northwindcare.example',
      subject: expect.stringMatching(/^Reminder: .* asks you to review and approve/),
    });
    expect(server.mail.at(-1)?.text).toContain('/open-pending/');
  });
});
