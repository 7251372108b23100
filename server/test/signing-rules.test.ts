/**
 * The company's rules a signer meets: a typed name is a signature only where the company
 * allows it (the signing form says so, and the server holds to it), and a recipient is
 * reminded at most once an hour (429 before then, saying when).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients } from '../src/db/schema.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';
import { together } from './support/together.js';

const server = useTestServer();

const fields = [
  { name: 'answer', label: 'Your answer', type: 'text' as const, required: true },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];

const typedRefused = 'A typed name is not accepted as a signature on this form. Please draw your signature.';

let admin = '';
let drawnOnly = '';
let drawnOnlyTemplate = 0;
let northwindTemplate = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  await createOrganisation(server.ctx.db, server.ctx.passwords, 'Ink Only Ltd', 'ink', {
    allow_typed_signature: false,
    date_format: 'YYYY-MM-DD',
    timezone: 'Asia/Tokyo',
  });
  drawnOnly = (await server.signIn('ink.admin', organisationPassword)).token;
  drawnOnlyTemplate = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }], { company: 'Ink Only Ltd' });
  northwindTemplate = await signingTemplate(server, fields, [
    { label: 'First', action: 'sign' },
    { label: 'Second', action: 'sign' },
  ]);
});

describe("the form's dates", () => {
  it("come with the style of the form's organisation, to a signer through a link and to a signed-in person filling in a template", async () => {
    const form = await sendSigningForm(server, drawnOnly, {
      template: drawnOnlyTemplate,
      recipients: [{ name: 'Dara Dates', email: 'dara.dates@mail.example' }],
    });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const loaded = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(loaded.body.data).toMatchObject({ date_format: 'YYYY-MM-DD', timezone: 'Asia/Tokyo' });
    const basic = (await server.signIn('ink.basic', organisationPassword)).token;
    const filled = await signingCall(server, { function: 'load', id: String(drawnOnlyTemplate) }, { signedIn: basic });
    expect(filled.body.data).toMatchObject({ date_format: 'YYYY-MM-DD', timezone: 'Asia/Tokyo' });
    // Another organisation's form, in its own (the demo's) style.
    const other = await sendSigningForm(server, admin, {
      template: northwindTemplate,
      recipients: [
        { name: 'Ona Other', email: 'ona.other@mail.example' },
        { name: 'Sam Second', email: 'sam.second@mail.example' },
      ],
    });
    const [first] = other.links;
    if (!first) throw new Error('No link.');
    const theirs = await signingCall(server, { function: 'load', id: first.pageId, token: first.token });
    expect(theirs.body.data).toMatchObject({ date_format: 'DD/MM/YYYY', timezone: 'Europe/London' });
  });
});

describe('a typed signature', () => {
  it('is refused through a link when the company does not allow it, and the form says so; a drawn one is taken once it draws', async () => {
    const form = await sendSigningForm(server, drawnOnly, {
      template: drawnOnlyTemplate,
      recipients: [{ name: 'Tia Typer', email: 'tia.typer@mail.example' }],
    });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const loaded = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(loaded.body.data).toMatchObject({ allow_typed_signature: false });
    const typed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: link.pageId,
      token: link.token,
      values: { answer: 'yes' },
      signature: { kind: 'typed', value: 'Tia Typer' },
    });
    expect(typed.body).toEqual({ data: null, error: typedRefused });
    // A drawing the seal could not draw is refused, not sealed as "Not signed": one that does
    // not decode, and one whose header claims a picture too large to decode (50,000 pixels wide).
    const submitDrawn = (value: string) =>
      signingCall(server, {
        function: 'submit',
        consent: true,
        id: link.pageId,
        token: link.token,
        values: { answer: 'yes' },
        signature: { kind: 'drawn', value },
      });
    const broken = `data:image/png;base64,${Buffer.from(drawn.split(',')[1] ?? '', 'base64')
      .subarray(0, 40)
      .toString('base64')}`;
    expect((await submitDrawn(broken)).body).toEqual({ data: null, error: 'The drawn signature could not be read. Please draw it again.' });
    const huge = Buffer.from(drawn.split(',')[1] ?? '', 'base64');
    huge.writeUInt32BE(50_000, 16);
    expect((await submitDrawn(`data:image/png;base64,${huge.toString('base64')}`)).body).toEqual({
      data: null,
      error: 'The drawn signature is too large. Please draw it again.',
    });
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
    expect(place).toMatchObject({ status: 'open', signature: null });
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: link.pageId,
      token: link.token,
      values: { answer: 'yes' },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
  });

  it('is refused when a signed-in person fills in a template of such a company', async () => {
    const basic = (await server.signIn('ink.basic', organisationPassword)).token;
    const loaded = await signingCall(server, { function: 'load', id: String(drawnOnlyTemplate) }, { signedIn: basic });
    expect(loaded.body.data).toMatchObject({ allow_typed_signature: false });
    const typed = await signingCall(
      server,
      {
        function: 'submit',
        consent: true,
        id: String(drawnOnlyTemplate),
        values: { answer: 'yes' },
        signature: { kind: 'typed', value: 'Bo Basic' },
      },
      { signedIn: basic },
    );
    expect(typed.body).toEqual({ data: null, error: typedRefused });
    const signed = await signingCall(
      server,
      { function: 'submit', consent: true, id: String(drawnOnlyTemplate), values: { answer: 'yes' }, signature: { kind: 'drawn', value: drawn } },
      { signedIn: basic },
    );
    expect(signed.body.data).toMatchObject({ status: 'signed' });
  });

  it('is taken where the company allows it, and the form says so', async () => {
    const form = await sendSigningForm(server, admin, {
      template: northwindTemplate,
      recipients: [
        { name: 'Una One', email: 'una.one@mail.example' },
        { name: 'Tom Two', email: 'tom.two@mail.example' },
      ],
    });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    expect((await signingCall(server, { function: 'load', id: link.pageId, token: link.token })).body.data).toMatchObject({
      allow_typed_signature: true,
    });
    const typed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: link.pageId,
      token: link.token,
      values: { answer: 'yes' },
      signature: { kind: 'typed', value: 'Una One' },
    });
    expect(typed.body.data).toMatchObject({ status: 'signed' });
  });
});

describe('a reminder', () => {
  const remind = (id: number, order?: number, token = admin) =>
    server.call('/form-progress', { token, body: { id, action: 'remind', ...(order ? { order } : {}) } });
  const remindersTo = (email: string) => server.mail.filter((message) => message.to === email && message.subject.startsWith('Reminder:')).length;

  it('goes to a recipient at most once an hour; the refusal says when the next can go', async () => {
    const form = await sendSigningForm(server, admin, {
      template: northwindTemplate,
      sequential: false,
      recipients: [
        { name: 'Rita Reed', email: 'rita.reed@mail.example' },
        { name: 'Sam Stone', email: 'sam.stone@mail.example' },
      ],
    });
    expect((await remind(form.id)).body).toMatchObject({ code: 1, message: 'A reminder is being emailed to Rita Reed.' });
    server.clock.advance(2 * 60_000);
    const again = await remind(form.id);
    expect(again).toMatchObject({
      status: 429,
      body: { message: 'Rita Reed was reminded 2 minutes ago. The next reminder can be sent in 58 minutes.' },
    });
    expect(again.headers['retry-after']).toBe(String(58 * 60));
    // Another recipient has a reminder of their own.
    expect((await remind(form.id, 2)).body).toMatchObject({ code: 1, message: 'A reminder is being emailed to Sam Stone.' });
    server.clock.advance(57 * 60_000 + 30_000);
    // A sign-in token lasts an hour on the server's clock too.
    const later = (await server.signIn('demo.admin')).token;
    expect(await remind(form.id, undefined, later)).toMatchObject({
      status: 429,
      body: { message: 'Rita Reed was reminded 59 minutes ago. The next reminder can be sent in 1 minute.' },
      headers: { 'retry-after': '30' },
    });
    server.clock.advance(30_000);
    const progress = (await remind(form.id, undefined, later)).body;
    expect(progress).toMatchObject({ code: 1, progress: { recipients: [{ reminders: 2 }, { reminders: 1 }] } });
    expect(remindersTo('rita.reed@mail.example')).toBe(2);
    expect(remindersTo('sam.stone@mail.example')).toBe(1);
  });

  it('asked for many times at once goes once', async () => {
    const form = await sendSigningForm(server, admin, {
      template: northwindTemplate,
      recipients: [
        { name: 'Vic Vale', email: 'vic.vale@mail.example' },
        { name: 'Wes West', email: 'wes.west@mail.example' },
      ],
    });
    const answers: { status: number; body: Json }[] = await together(
      server,
      Array.from({ length: 6 }, () => () => remind(form.id)),
    );
    expect(answers.filter((answer) => answer.body.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    expect(remindersTo('vic.vale@mail.example')).toBe(1);
    expect(
      await server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'reminded'))),
    ).toHaveLength(1);
  });
});
