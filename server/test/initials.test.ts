/**
 * Initials: a signer gives them once (typed, 1 to 5 letters, or drawn) and they go in every
 * initials field of their place shown; a required one without them is refused naming the
 * field, a hidden one asks none; a draft keeps them; typed ones are refused where the company
 * takes only drawn signatures; the preview and the sealed PDF show them in each field, the
 * certificate says how they were given, and the trail's `signed` event records their kind.
 * They are never filled in advance.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formRecipients, forms, type FieldDefinition } from '../src/db/schema.js';
import { prefillableFields } from '../src/modules/bulk-send/columns.js';
import { fillable } from '../src/modules/prepopulation/mapping.js';
import { checkFields } from '../src/modules/templates/rules.js';
import { drawn, sendSigningForm, signingCall, signingTemplate, type SigningLink } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-initials-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fields: FieldDefinition[] = [
  { name: 'answer', label: 'Answer', type: 'text', required: true },
  { name: 'initials_one', label: 'Initials, page 1', type: 'initials', required: true },
  { name: 'initials_two', label: 'Initials, page 2', type: 'initials', required: true },
  // Shown only when the answer is "extra": hidden, it asks for nothing.
  {
    name: 'initials_extra',
    label: 'Initials for the extra clause',
    type: 'initials',
    required: true,
    condition: { field: 'answer', operator: 'equals', value: 'extra' },
  },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
];

let admin = '';
let template = 0;
let sent = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  template = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }]);
});

async function settle(settings: Record<string, unknown>): Promise<void> {
  const saved = await server.call('/user', { token: admin, body: { data: { settings } } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

afterEach(async () => {
  await settle({ allow_typed_signature: true });
});

/** A PNG that reads (4 by 2 pixels of ink), as a drawing on the pad arrives: the sealed PDF embeds it. */
function inkPng(): string {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 6, 0, 0, 0], 8);
  // Each row: no filter, then four dark opaque pixels.
  const row = Buffer.from([0, ...Array.from({ length: 4 }, () => [27, 36, 48, 255]).flat()]);
  const png = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function pdftotext(bytes: Uint8Array): string {
  const file = join(folder, 'sealed.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A form of the template sent to Ada Brook, and her link. */
async function sentToAda(): Promise<{ id: number; link: SigningLink }> {
  sent += 1;
  const form = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Ada Brook', email: `ada.${sent}@mail.example` }] });
  const [link] = form.links;
  if (!link) throw new Error('No link.');
  return { id: form.id, link };
}

function submit(link: SigningLink, extra: Record<string, unknown>) {
  return signingCall(server, {
    function: 'submit',
    consent: true,
    id: link.pageId,
    token: link.token,
    values: { answer: 'Agreed' },
    signature: { kind: 'drawn', value: drawn },
    ...extra,
  });
}

async function sealedText(formId: number): Promise<string> {
  const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, formId));
  if (!form?.sealedKey) throw new Error('The form was not sealed.');
  return pdftotext((await server.ctx.files.get(form.sealedKey)) ?? new Uint8Array());
}

describe('initials', () => {
  it('are asked for by name where a shown field needs them, and checked as a signature is', async () => {
    const { link } = await sentToAda();
    const missing = await submit(link, {});
    expect(missing.body).toEqual({ data: null, error: 'Please give your initials for "Initials, page 1": type them or draw them.' });
    const letters = await submit(link, { initials: { kind: 'typed', value: 'A1' } });
    expect(letters.body.error).toBe('Typed initials are 1 to 5 letters, like "AB". Please type them again.');
    const unreadable = await submit(link, { initials: { kind: 'drawn', value: 'data:image/gif;base64,AAAA' } });
    expect(unreadable.body.error).toBe('The drawn initials could not be read. Please draw them again.');
  });

  it('given once and kept with a draft, go in both fields shown (a hidden one asks none); the preview, the sealed PDF and the trail show them', async () => {
    const { id, link } = await sentToAda();
    const saved = await signingCall(server, {
      function: 'save',
      id: link.pageId,
      token: link.token,
      values: { answer: 'Agreed' },
      initials: { kind: 'typed', value: ' AB ' },
    });
    expect(saved.body.data).toMatchObject({ status: 'saved' });
    const loaded = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(loaded.body.data.initials).toEqual({ kind: 'typed', value: 'AB' });

    const preview = await server.call('/signing-preview', {
      body: { id: link.pageId, token: link.token, values: { answer: 'Agreed' }, initials: { kind: 'typed', value: 'AB' } },
    });
    expect(preview.status).toBe(200);
    const previewText = (await PDF.load(preview.raw))
      .extractText()
      .map((page) => page.text)
      .join('\n');
    expect(previewText.match(/\bAB\b/g)).toHaveLength(2);

    // Submitted without them, the draft's initials count.
    const signed = await submit(link, {});
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(form?.values).toMatchObject({ initials_one: 'AB', initials_two: 'AB', initials_extra: null });
    const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.formId, id));
    expect(place?.initials).toEqual({ kind: 'typed', value: 'AB' });
    const [event] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'signed')));
    expect(event?.details).toMatchObject({ signature: 'drawn', initials: 'typed' });

    const text = await sealedText(id);
    const [document = '', certificate = ''] = text.split('Certificate of completion');
    expect(document).toMatch(/Initials, page 1\s+AB\s+Initials, page 2\s+AB/);
    expect(document).not.toContain('Initials for the extra clause');
    expect(certificate).toContain('Initials: typed ("AB").');
  });

  it('are refused typed where the company accepts only drawn signatures; drawn, they are sealed as drawn', async () => {
    await settle({ allow_typed_signature: false });
    const { id, link } = await sentToAda();
    const typed = await submit(link, { initials: { kind: 'typed', value: 'AB' } });
    expect(typed.body).toEqual({ data: null, error: 'Typed initials are not accepted on this form. Please draw your initials.' });
    const draft = await signingCall(server, { function: 'save', id: link.pageId, token: link.token, initials: { kind: 'typed', value: 'AB' } });
    expect(draft.body.error).toBe('Typed initials are not accepted on this form. Please draw your initials.');

    const signed = await submit(link, { initials: { kind: 'drawn', value: inkPng() } });
    expect(signed.body.data).toMatchObject({ status: 'signed', completed: true });
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(form?.values).toMatchObject({ initials_one: 'Initialled by Ada Brook', initials_two: 'Initialled by Ada Brook' });
    const text = await sealedText(id);
    expect(text).toContain('Initials: drawn.');
    expect(text).not.toContain('Not initialled');
  });

  it('are never filled in advance: not by a template, its sender, a CSV or records', () => {
    const [kept] = checkFields([{ name: 'mine', label: 'Mine', type: 'initials', required: true, value: 'XY' }], 1);
    expect(kept).not.toHaveProperty('value');
    expect(() => checkFields([{ name: 'mine', label: 'Mine', type: 'initials', required: true, step: 0 }], 1)).toThrow(
      'The initials field "Mine" is answered by a person who signs the form, not by the sender: choose their place.',
    );
    expect(prefillableFields(fields).map((field) => field.name)).toEqual(['answer']);
    expect(fillable({ type: 'initials' })).toBe(false);
  });
});
