/**
 * A recipient is identified by what was sent to them: their signing link (page id and token),
 * or the account of their own organisation the sender chose for their place. An email
 * address, which a person can type into their profile, never makes anyone a recipient.
 * A place may ask the link's holder for more before the form opens: a code mailed to the
 * recipient (10 minutes, five tries, one a minute), or an access code the sender gives them;
 * nothing of the form is read or changed without the proof the right code answers, and the
 * sealed PDF's certificate says how each signer proved who they were. New templates' places
 * ask as the organisation's setting says.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms, users } from '../src/db/schema.js';
import { fixturePassword, otherCompany } from './support/fixtures.js';
import { userIdOf } from './support/form-rows.js';
import {
  drawn,
  sendSigningForm,
  signingCall,
  signingOrganisation,
  signingTemplate,
  type SentForm,
  type SigningLink,
} from './support/signing-forms.js';
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

describe('a place that asks for a code mailed to its recipient', () => {
  const minute = 60_000;
  const email = 'olive.hart@mail.example';
  const codes = () => server.mail.filter((message) => message.to === email && / is your code to open /.test(message.subject));
  const lastCode = () => /^(\d{6}) /.exec(codes().at(-1)?.subject ?? '')?.[1] ?? '';
  const call = (link: SigningLink, body: Record<string, unknown>) => signingCall(server, { id: link.pageId, token: link.token, ...body });
  const folder = mkdtempSync(join(tmpdir(), 'formsign-verification-'));
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    server.clock.reset();
  });

  it('opens only to the right code, within 10 minutes and five tries, mailed at most once a minute; the certificate says so', async () => {
    const mailed = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign', verification: 'email-code' }]);
    const form = await sendSigningForm(server, admin, { template: mailed, recipients: [{ name: 'Olive Hart', email }] });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const asked = { verification: 'email-code', email: 'o•••@mail.example', proof: null };
    // The invitation says a code will be asked for, and how it comes.
    const invitation = server.mail.find((message) => message.to === email && / asks you to fill in and sign /.test(message.subject));
    expect(invitation?.text).toContain(
      'Before the form opens, you will be asked for a code: the page emails it to this address when you ask for it.',
    );

    // The form opens to nothing but the question, and no step or preview is taken without the code.
    const first = await call(link, { function: 'load' });
    expect(first.body).toMatchObject({ data: { ...asked, message: '', resend_at: null }, error: '' });
    expect(JSON.stringify(first.body)).not.toContain('Your answer');
    const submit = { function: 'submit', consent: true, values: { answer: 'Yes' }, signature: { kind: 'drawn', value: drawn } };
    const first_ = 'Please enter your code first: this form opens once you prove who you are.';
    for (const body of [
      submit,
      { function: 'save', values: { answer: 'Yes' } },
      { function: 'decline', comment: 'No' },
      { ...submit, proof: '9999999999.forged-proof-of-twenty-chars' },
    ])
      expect((await call(link, body)).body, `${body.function} without the proof`).toEqual({ data: null, error: first_ });
    const preview = await server.call('/signing-preview', { body: { id: link.pageId, token: link.token, values: {} } });
    expect(preview.status).toBe(409);
    expect(JSON.stringify(preview.body)).toContain(first_);

    // A code is mailed, and another only a minute later; the first try before any code asks for one.
    expect((await call(link, { function: 'check-code', code: '123456' })).body.error).toBe('Please ask for a code first: we will email it to you.');
    const sent = await call(link, { function: 'send-code' });
    expect(sent.body.data).toMatchObject({ ...asked, message: 'We have sent a code to o•••@mail.example. It works for 10 minutes.' });
    const wait = Date.parse(sent.body.data.resend_at) - server.clock.now().getTime();
    expect(wait).toBeGreaterThan(minute - 5000);
    expect(wait).toBeLessThanOrEqual(minute);
    expect(codes()).toHaveLength(1);
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    server.clock.advance(30_000);
    expect((await call(link, { function: 'send-code' })).body.error).toMatch(/^A new code can be sent in (29|30) seconds\.$/);
    expect(codes()).toHaveLength(1);

    // Wrong tries are counted; the fifth voids the code, and even the right one then fails.
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1])
      expect((await call(link, { function: 'check-code', code: wrong })).body.error).toBe(
        `That code is not right. You have ${left} more ${left === 1 ? 'try' : 'tries'}.`,
      );
    expect((await call(link, { function: 'check-code', code: wrong })).body.error).toMatch(/tried too many times: it no longer works/);
    expect((await call(link, { function: 'check-code', code })).body.error).toBe('Please ask for a code first: we will email it to you.');

    // A code past its 10 minutes is refused.
    server.clock.advance(minute);
    expect((await call(link, { function: 'send-code' })).body.data.message).toMatch(/^We have sent a code/);
    server.clock.advance(10 * minute + 1000);
    expect((await call(link, { function: 'check-code', code: lastCode() })).body.error).toMatch(/^This code has expired/);

    // The right code in time answers a proof, which opens the form of this link only.
    expect((await call(link, { function: 'send-code' })).body.data.message).toMatch(/^We have sent a code/);
    const provedFrom = server.clock.now().getTime();
    const proved = await call(link, { function: 'check-code', code: ` ${lastCode()} ` });
    const provedBy = server.clock.now().getTime();
    expect(proved.body.data).toMatchObject({ ...asked, proof: expect.any(String), message: 'Thank you: your code is right.' });
    const proof = proved.body.data.proof as string;
    expect(proof).toMatch(/^\d+\./);
    expect((await call(link, { function: 'load', proof: `${proof.slice(0, -2)}xx` })).body.data).toMatchObject(asked);
    expect((await call(link, { function: 'load', proof })).body.data).toMatchObject({ status: 'open', signer: { email } });
    const signed = await call(link, { ...submit, proof });
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
    // The sender's progress page says how the place opens, and when the code was given.
    const progress = await server.call('/form-progress', { method: 'GET', token: admin, query: `id=${form.id}` });
    expect(progress.body.recipients).toEqual([expect.objectContaining({ verification: 'email-code', verified_at: expect.any(String) })]);
    const verifiedAt = Date.parse(progress.body.recipients[0].verified_at);
    expect(verifiedAt).toBeGreaterThanOrEqual(provedFrom);
    expect(verifiedAt).toBeLessThanOrEqual(provedBy);

    // The trail and the sealed PDF's certificate say how the signer proved who they were.
    const trail = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'verified')));
    expect(trail.map((event) => event.details)).toEqual([{ order: 1, by: 'email-code', to: email }]);
    const [row] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    const file = join(folder, 'sealed.pdf');
    writeFileSync(file, (await server.ctx.files.get(row?.sealedKey ?? '')) ?? new Uint8Array());
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Verification: opened the signing link mailed to ${email}, and entered the code emailed to ${email}.`);
    expect(text).toContain(`verified by a code emailed to ${email}`);
  });
});

describe('the codes mailed for one place', () => {
  it('are said to be sent only once mailed, are five an hour at most, and a load while one still works says so', async () => {
    const mailed = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign', verification: 'email-code' }]);
    const form = await sendSigningForm(server, admin, { template: mailed, recipients: [{ name: 'Hugo Marsh', email: 'hugo.marsh@mail.example' }] });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const call = (body: Record<string, unknown>) => signingCall(server, { id: link.pageId, token: link.token, ...body });
    try {
      // A code the mailer did not take is not said to be sent, and makes no one wait.
      const mail = server.ctx.mail;
      server.ctx.mail = {
        send: () => Promise.reject(new Error('The mail server is not answering.')),
        sendAll: () => Promise.reject(new Error('The mail server is not answering.')),
        sendNow: () => Promise.reject(new Error('The mail server is not answering.')),
      };
      try {
        expect((await call({ function: 'send-code' })).body).toEqual({
          data: null,
          error: 'The code could not be sent just now: no email went out. Please ask for a code again.',
        });
      } finally {
        server.ctx.mail = mail;
      }
      expect((await call({ function: 'load' })).body.data).toMatchObject({ message: '', resend_at: null });
      for (let sent = 1; sent <= 5; sent += 1) {
        expect((await call({ function: 'send-code' })).body.data?.message, `code ${sent}`).toMatch(/^We have sent a code/);
        server.clock.advance(61_000);
      }
      expect((await call({ function: 'load' })).body.data.message).toBe(
        'We sent a code to h•••@mail.example less than 10 minutes ago: enter it, or ask for a new one.',
      );
      const refused = await call({ function: 'send-code' });
      expect(refused.body.error).toBe('5 codes have been sent for this form in the last hour. A new code can be sent in 55 minutes.');
      const waiting = await call({ function: 'load' });
      expect(Date.parse(waiting.body.data.resend_at) - server.clock.now().getTime()).toBeGreaterThan(54 * 60_000);
      server.clock.advance(55 * 60_000);
      expect((await call({ function: 'load' })).body.data).toMatchObject({ message: '', resend_at: null });
      expect((await call({ function: 'send-code' })).body.data?.message).toMatch(/^We have sent a code/);
    } finally {
      server.clock.reset();
    }
  });
});

describe('a place that asks for an access code', () => {
  it('needs the code from the sender, keeps only its hash, and locks for 15 minutes after five wrong tries', async () => {
    const coded = await signingTemplate(server, fields, [{ label: 'Tenant', action: 'sign', verification: 'access-code' }]);
    const recipients = [{ name: 'Ravi Shah', email: 'ravi.shah@mail.example' }];
    const missing = await server.call('/send-form', { token: admin, body: { template: coded, recipients } });
    expect(missing.body).toMatchObject({ code: -1, id: null });
    expect(missing.body.message).toMatch(/^Tenant opens the form with an access code/);
    const spaces = await server.call('/send-form', {
      token: admin,
      body: { template: coded, recipients: [{ ...recipients[0], access_code: '  ab   ' }] },
    });
    expect(spaces.body).toMatchObject({ code: -1, id: null });
    const notAsked = await server.call('/send-form', {
      token: admin,
      body: { template, recipients: [{ ...recipients[0], access_code: 'tulip-42' }] },
    });
    expect(notAsked.body).toMatchObject({ code: -1, message: 'Signer is not asked for an access code: send the form without one for them.' });

    const form = await sendSigningForm(server, admin, { template: coded, recipients: [{ ...recipients[0], access_code: 'tulip-42' }] });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const [row] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.pageId, link.pageId));
    expect(row?.accessCodeHash).toMatch(/^[\w-]{40,}$/);
    expect(row?.accessCodeHash).not.toContain('tulip');
    const invitation = server.mail.find(
      (message) => message.to === 'ravi.shah@mail.example' && / asks you to fill in and sign /.test(message.subject),
    );
    expect(invitation?.text).toMatch(
      /Before the form opens, you will be asked for the access code .+ gives you another way \(it is not in this email\)\./,
    );
    expect(invitation?.text).not.toContain('tulip-42');
    const call = (body: Record<string, unknown>) => signingCall(server, { id: link.pageId, token: link.token, ...body });
    expect((await call({ function: 'load' })).body.data).toEqual({
      verification: 'access-code',
      email: '',
      message: '',
      resend_at: null,
      proof: null,
    });
    expect((await call({ function: 'send-code' })).body.error).toBe(
      'This form asks for the access code its sender gave you: it sends no code by email.',
    );

    for (let left = 4; left > 0; left -= 1) expect((await call({ function: 'check-code', code: 'tulip-41' })).body.error).toMatch(/is not right/);
    const locked = 'This access code has been tried too many times. Please try again in 15 minutes, or ask the sender for the code.';
    expect((await call({ function: 'check-code', code: 'tulip-41' })).body.error).toBe(locked);
    expect((await call({ function: 'check-code', code: 'tulip-42' })).body.error, 'the right code waits out the lock').toBe(locked);
    server.clock.advance(15 * 60_000 + 1000);
    try {
      const proved = await call({ function: 'check-code', code: 'tulip-42' });
      expect(proved.body.data.proof).toMatch(/^\d+\./);
      expect((await call({ function: 'load', proof: proved.body.data.proof })).body.data).toMatchObject({ status: 'open' });
      const trail = await server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'verified')));
      expect(trail.map((event) => event.details)).toEqual([{ order: 1, by: 'access-code' }]);
    } finally {
      server.clock.reset();
    }
  });
});

describe("the organisation's default verification", () => {
  it("is what a new template's places ask for, unless the template's recipients step says otherwise", async () => {
    const { token } = await signingOrganisation(server, 'Careful Lettings Ltd', 'careful', [{ label: 'Signer', action: 'sign' }]);
    const settings = async (value: string) =>
      expect((await server.call('/user', { token, body: { data: { settings: { default_verification: value } } } })).status).toBe(200);
    const create = async () => {
      const made = await server.call('/getforms', {
        token,
        body: { functions: 'create', type: 'details', value: { title: 'Tenancy', description: 'A tenancy agreement.', category: 'Housing' } },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return (await server.call('/getform', { token, body: { id: made.body.id } })).body;
    };
    expect((await server.call('/fetch-settings', { method: 'GET', token })).body.default_verification).toBe('none');
    expect((await create()).steps).toEqual([expect.objectContaining({ verification: 'none' })]);
    await settings('email-code');
    expect((await server.call('/fetch-settings', { method: 'GET', token })).body.default_verification).toBe('email-code');
    const made = await create();
    expect(made.steps).toEqual([expect.objectContaining({ label: 'Signer', verification: 'email-code' })]);
    const saved = await server.call('/getforms', {
      token,
      body: {
        functions: 'update',
        id: made.id,
        type: 'steps',
        value: {
          sequential: true,
          steps: [
            { label: 'Tenant', action: 'sign' },
            { label: 'Landlord', action: 'sign', verification: 'access-code' },
          ],
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const steps = (await server.call('/getform', { token, body: { id: made.id } })).body.steps;
    expect(steps.map((step: Json) => step.verification)).toEqual(['email-code', 'access-code']);
  });
});
