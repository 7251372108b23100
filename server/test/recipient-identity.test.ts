/**
 * A recipient is identified by what was sent to them: their signing link (page id and token),
 * or the account of their own organisation the sender chose for their place. An email
 * address, which a person can type into their profile, never makes anyone a recipient.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, users } from '../src/db/schema.js';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { userIdOf } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate, type SentForm } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const fields = [
  { name: 'answer', label: 'Your answer', type: 'text' as const, required: true },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];

let admin = '';
let template = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  template = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }]);
});

async function setEmail(login: string, email: string): Promise<void> {
  await server.ctx.db.update(users).set({ email }).where(eq(users.name, login));
}

/** Everything a person could try on a form they were not sent, by its page id alone. */
async function expectLockedOut(form: SentForm, token: string): Promise<void> {
  const [place] = form.links;
  if (!place) throw new Error('No place.');
  const pending = await server.call('/pending-form', { method: 'GET', token });
  expect(pending.status).toBe(200);
  expect(pending.body.data.map((row: Json) => row.id)).not.toContain(form.id);
  expect((await server.call('/form-progress', { method: 'GET', token, query: `id=${form.id}` })).status).toBe(404);
  expect((await server.call('/pending-form', { method: 'GET', token, query: `disapprove=${form.id}&comment=no` })).status).toBe(404);
  const wrongToken = `${place.token.slice(0, -2)}xx`;
  for (const body of [
    { function: 'load', id: place.pageId },
    { function: 'load', id: place.pageId, token: wrongToken },
    { function: 'save', id: place.pageId, values: { answer: 'mine now' } },
    { function: 'save', id: place.pageId, token: wrongToken, values: { answer: 'mine now' } },
    { function: 'submit', consent: true, id: place.pageId, values: { answer: 'signed by someone else' }, signature: { kind: 'drawn', value: drawn } },
    {
      function: 'submit',
      consent: true,
      id: place.pageId,
      token: wrongToken,
      values: { answer: 'signed by someone else' },
      signature: { kind: 'drawn', value: drawn },
    },
  ]) {
    const answer = await signingCall(server, body, { signedIn: token });
    expect(answer, `${body.function} ${body.token ? 'with a wrong token' : 'without a token'}`).toMatchObject({
      status: 400,
      body: { data: null, error: 'This signing link is not valid.' },
    });
  }
  const [row] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.pageId, place.pageId));
  expect(row).toMatchObject({ status: 'open', draft: null, signature: null, openedAt: null });
  expect(
    await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'signed'))),
  ).toEqual([]);
}

describe('a person who takes the email address a form was sent to', () => {
  it('from another organisation does not see the form, its progress, or sign it', async () => {
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Margaret Ellis', email: 'margaret.ellis@mail.example' }] });
    await setEmail(otherCompany.admin, 'Margaret.Ellis@mail.example');
    try {
      const grace = (await server.signIn(otherCompany.admin, fixturePassword)).token;
      await expectLockedOut(form, grace);
    } finally {
      await setEmail(otherCompany.admin, 'grace.okafor@harbourhomes.example');
    }
  });

  it('of the same organisation does not either, when the sender did not choose their account', async () => {
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Winston Reed', email: 'winston.reed@mail.example' }] });
    await setEmail('demo.basic', 'winston.reed@mail.example');
    try {
      const basic = (await server.signIn('demo.basic')).token;
      await expectLockedOut(form, basic);
    } finally {
      await setEmail('demo.basic', 'demo.basic@northwindcare.example');
    }
  });
});

describe('a place the sender gave to an account of their organisation', () => {
  it("waits in that account's Action Required whatever its email, and is signed there without the link", async () => {
    const basicId = await userIdOf(server.ctx.db, 'demo.basic');
    const form = await sendSigningForm(server, admin, {
      template,
      recipients: [{ name: 'Liam Carter', email: 'someone.else@mail.example', user_id: basicId }],
    });
    const basic = (await server.signIn('demo.basic')).token;
    const row = (await server.call('/pending-form', { method: 'GET', token: basic })).body.data.find((item: Json) => item.id === form.id);
    expect(row).toMatchObject({ page_id: form.links[0]?.pageId, action: 'sign' });
    expect((await server.call('/form-progress', { method: 'GET', token: basic, query: `id=${form.id}` })).status).toBe(200);
    const signed = await signingCall(
      server,
      { function: 'submit', consent: true, id: row.page_id, values: { answer: 'Yes' }, signature: { kind: 'drawn', value: drawn } },
      { signedIn: basic },
    );
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
  });

  it('cannot go to a user of another organisation', async () => {
    const graceId = await userIdOf(server.ctx.db, otherCompany.admin);
    const refused = await server.call('/send-form', {
      token: admin,
      body: { template, recipients: [{ name: 'Grace Okafor', email: 'grace.okafor@harbourhomes.example', user_id: graceId }] },
    });
    expect(refused.body).toMatchObject({ code: -1, message: '"Grace Okafor" is not a user of your company who can log in.', id: null });
  });
});
