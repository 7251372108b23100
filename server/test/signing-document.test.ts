/**
 * The document a signer sees before signing (`POST /signing-preview`): the pages the seal will
 * produce, without the certificate and audit trail, with the answers given before and the ones
 * being given now; only for the holder of a place whose step is open (not another
 * organisation's person, not a later step's link, not a used or withdrawn link), never with
 * the answers of later steps. And the signer's consent: a form is not signed without it, and
 * the audit trail and the sealed PDF's audit page say it was given.
 */
import { PDF } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, forms, templates } from '../src/db/schema.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

const fields = [
  { name: 'first_answer', label: 'First signer’s answer', type: 'text' as const, required: true },
  { name: 'first_signature', label: 'First signature', type: 'signature' as const, required: true },
  { name: 'second_answer', label: 'Second signer’s answer', type: 'text' as const, required: true, step: 2 },
  { name: 'second_signature', label: 'Second signature', type: 'signature' as const, required: true, step: 2 },
];
const steps = [
  { label: 'First', action: 'sign' as const },
  { label: 'Second', action: 'sign' as const },
];

const consentMissing =
  'The form was not signed: please confirm that you agree your electronic signature is legally binding ("By signing, I agree that my electronic signature is legally binding"), then sign again.';

let admin = '';
let sequential = 0;
let parallel = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  sequential = await signingTemplate(server, fields, steps);
  parallel = await signingTemplate(server, fields, steps, { sequential: false });
});

/** The text of every page of a PDF. */
async function textOf(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await PDF.load(bytes);
  const pages = pdf.extractText();
  return { pages: pages.length, text: pages.map((page) => page.text).join('\n') };
}

function preview(body: Record<string, unknown>, options: { signedIn?: string; ip?: string } = {}) {
  return server.call('/signing-preview', {
    body,
    ...(options.signedIn ? { token: options.signedIn } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
  });
}

async function twoSigners(template: number, who: string) {
  return sendSigningForm(server, admin, {
    template,
    recipients: [
      { name: `${who} One`, email: `${who.toLowerCase()}.one@mail.example` },
      { name: `${who} Two`, email: `${who.toLowerCase()}.two@mail.example` },
    ],
  });
}

describe('the document before signing', () => {
  it('is the answers page the seal renders, with the answers being given, and no certificate or audit pages', async () => {
    const form = await twoSigners(sequential, 'Petra');
    const [first] = form.links;
    if (!first) throw new Error('No link.');
    const answer = await preview({
      id: first.pageId,
      token: first.token,
      values: { first_answer: 'Blue skies', second_answer: 'Not mine to give' },
      signature: { kind: 'typed', value: 'Petra One' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('no-store');
    const { pages, text } = await textOf(answer.raw);
    expect(pages).toBe(1);
    expect(text).toContain(form.reference);
    expect(text).toContain('Blue skies');
    expect(text).toContain('Petra One');
    expect(text).toContain('not yet complete');
    // A later step's field, and anything sent for it, is not drawn.
    expect(text).not.toContain('Second signer');
    expect(text).not.toContain('Not mine to give');
    expect(text).not.toContain('Certificate of completion');
    expect(text).not.toContain('Audit trail');
    // Nothing was stored.
    const [row] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row?.values['first_answer'] ?? null).toBeNull();
  });

  it('shows the next signer what was signed before, and their own answers', async () => {
    const form = await twoSigners(sequential, 'Quinn');
    const [first, second] = form.links;
    if (!first || !second) throw new Error('No links.');
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { first_answer: 'Green fields' },
      signature: { kind: 'drawn', value: drawn },
    });
    expect(signed.body.error).toBe('');
    const answer = await preview({ id: second.pageId, token: second.token, values: { second_answer: 'Red roofs' } });
    expect(answer.status).toBe(200);
    const { text } = await textOf(answer.raw);
    expect(text).toContain('Green fields');
    expect(text).toContain('Red roofs');
    expect(text).toContain('Second signer');
  });

  it('never draws what a later step answered, even when it answered first (any order)', async () => {
    const form = await twoSigners(parallel, 'Rhea');
    const [first, second] = form.links;
    if (!first || !second) throw new Error('No links.');
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: second.pageId,
      token: second.token,
      values: { second_answer: 'Secret of step two' },
      signature: { kind: 'typed', value: 'Rhea Two' },
    });
    expect(signed.body.error).toBe('');
    const answer = await preview({ id: first.pageId, token: first.token, values: { first_answer: 'Mine' } });
    expect(answer.status).toBe(200);
    const { text } = await textOf(answer.raw);
    expect(text).toContain('Mine');
    expect(text).not.toContain('Secret of step two');
    expect(text).not.toContain('Rhea Two');
  });

  it('is opened, in a form signed in any order, without the answers of a later step given first', async () => {
    const form = await twoSigners(parallel, 'Iris');
    const [first, second] = form.links;
    if (!first || !second) throw new Error('No links.');
    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: second.pageId,
      token: second.token,
      values: { second_answer: 'Secret of step two' },
      signature: { kind: 'typed', value: 'Iris Two' },
    });
    expect(signed.body.error).toBe('');
    const opened = await signingCall(server, { function: 'load', id: first.pageId, token: first.token });
    expect(opened.status).toBe(200);
    expect(JSON.stringify(opened.body)).not.toContain('Secret of step two');
    const fieldsOf = (body: typeof opened.body) => (body.data as { fields: { name: string; value?: unknown; readonly: boolean }[] }).fields;
    expect(fieldsOf(opened.body).find((field) => field.name === 'second_answer')).toMatchObject({ readonly: true });
    expect(fieldsOf(opened.body).find((field) => field.name === 'second_answer')).not.toHaveProperty('value');

    // The first signer's own answer is theirs to see; the second signer, once the first has signed, sees it as given before.
    await signingCall(server, {
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { first_answer: 'Given first' },
      signature: { kind: 'typed', value: 'Iris One' },
    });
    const again = await signingCall(server, { function: 'load', id: second.pageId, token: second.token });
    expect(fieldsOf(again.body).find((field) => field.name === 'first_answer')).toMatchObject({ value: 'Given first', readonly: true });
  });

  it('is refused to a later step, a used link, a wrong token, another organisation and a withdrawn form', async () => {
    const form = await twoSigners(sequential, 'Sven');
    const [first, second] = form.links;
    if (!first || !second) throw new Error('No links.');

    const later = await preview({ id: second.pageId, token: second.token });
    expect(later.status).toBe(409);
    expect(later.body).toEqual({
      data: null,
      error: 'This form is not ready for you yet: Sven One acts first. You will get an email when it is your turn.',
    });
    const wrongToken = await preview({ id: first.pageId, token: second.token });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body).toEqual({ data: null, error: 'This signing link is not valid.' });

    // A person of another organisation, signed in, with the page id but not its token.
    await createOrganisation(server.ctx.db, server.ctx.passwords, 'Peeking Ltd', 'peek');
    const other = (await server.signIn('peek.admin', organisationPassword)).token;
    const foreign = await preview({ id: first.pageId }, { signedIn: other });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ data: null, error: 'This signing link is not valid.' });
    // Not even the sender, signed in, opens a place that is not theirs.
    expect((await preview({ id: first.pageId }, { signedIn: admin })).status).toBe(400);

    const signed = await signingCall(server, {
      function: 'submit',
      consent: true,
      id: first.pageId,
      token: first.token,
      values: { first_answer: 'Done' },
      signature: { kind: 'typed', value: 'Sven One' },
    });
    expect(signed.body.error).toBe('');
    const used = await preview({ id: first.pageId, token: first.token });
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ data: null, error: 'This form has already been signed.' });

    expect((await server.call('/form-progress', { token: admin, body: { id: form.id, action: 'withdraw' } })).body.code).toBe(1);
    const withdrawn = await preview({ id: second.pageId, token: second.token });
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.body).toEqual({ data: null, error: 'This form was withdrawn by its sender.' });
  });

  it('refuses a typed signature where the company takes only drawn ones, and a drawing that is not a PNG', async () => {
    const form = await twoSigners(sequential, 'Tomas');
    const [first] = form.links;
    if (!first) throw new Error('No link.');
    const notPng = await preview({ id: first.pageId, token: first.token, signature: { kind: 'drawn', value: 'data:image/svg+xml;base64,PHN2Zz4=' } });
    expect(notPng.status).toBe(400);
    expect(notPng.body).toEqual({ data: null, error: 'The drawn signature could not be read. Please draw it again.' });
  });

  it('draws the answers on the PDF the form was sent with, whose address the signing form gives', async () => {
    const source = PDF.create();
    for (let page = 1; page <= 3; page += 1) source.addPage({ size: 'a4' }).drawText(`Lease page ${page}`, { x: 40, y: 800, size: 10 });
    const key = `templates/preview-${Date.now()}.pdf`;
    await server.ctx.files.put(key, await source.save(), 'application/pdf');
    const placed = [
      { ...fields[0], placement: { page: 2, x: 100, y: 500, width: 200, height: 20 } },
      { ...fields[1], placement: { page: 3, x: 100, y: 200, width: 200, height: 50 } },
      { ...fields[2], placement: { page: 3, x: 100, y: 100, width: 200, height: 20 } },
    ];
    const template = await signingTemplate(server, placed as typeof fields, steps);
    const a4 = { width: 595.28, height: 841.89 };
    await server.ctx.db
      .update(templates)
      .set({ pdfKey: key, pdfPages: [a4, a4, a4] })
      .where(eq(templates.id, template));
    const form = await twoSigners(template, 'Ulla');
    const [first] = form.links;
    if (!first) throw new Error('No link.');

    const loaded = await signingCall(server, { function: 'load', id: first.pageId, token: first.token });
    const address = loaded.body.data.document as string;
    expect(address).toMatch(/^\/api\/file\?key=/);
    const fetched = await server.call(address.replace(/^\/api/, ''), { method: 'GET' });
    expect(fetched.status).toBe(200);
    expect((await textOf(fetched.raw)).text).toContain('Lease page 3');

    const answer = await preview({ id: first.pageId, token: first.token, values: { first_answer: 'Placed answer' } });
    expect(answer.status).toBe(200);
    const pdf = await PDF.load(answer.raw);
    const pages = pdf.extractText();
    expect(pages).toHaveLength(3);
    expect(pages[1]?.text).toContain('Placed answer');
    expect(pages[0]?.text).not.toContain('Placed answer');
  });
});

describe('consent to sign electronically', () => {
  it('is required to sign; once given, the audit trail and the sealed PDF say so', async () => {
    const template = await signingTemplate(server, fields.slice(0, 2), steps.slice(0, 1));
    const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Vera Consent', email: 'vera.consent@mail.example' }] });
    const [link] = form.links;
    if (!link) throw new Error('No link.');
    const body = {
      function: 'submit',
      id: link.pageId,
      token: link.token,
      values: { first_answer: 'Agreed' },
      signature: { kind: 'typed', value: 'Vera Consent' },
    };
    const without = await signingCall(server, body);
    expect(without.body).toEqual({ data: null, error: consentMissing });
    expect((await signingCall(server, { ...body, consent: false })).body).toEqual({ data: null, error: consentMissing });
    const signed = await signingCall(server, { ...body, consent: true });
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });

    const [event] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'signed')));
    expect(event?.details).toMatchObject({ consent: true, order: 1 });
    const [row] = await server.ctx.db.select().from(forms).where(eq(forms.id, form.id));
    const sealed = await server.ctx.files.get(row?.sealedKey ?? '');
    if (!sealed) throw new Error('Not sealed.');
    const { text } = await textOf(sealed);
    expect(text).toContain('signed, agreeing that the electronic signature is legally binding');
    expect(text).toContain('By signing, I agree that my electronic signature is legally binding');
  });
});
