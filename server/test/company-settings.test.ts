/**
 * The company's settings act: its date format and time zone write the dates of its mails and
 * of its sealed PDFs (as they were at sealing); typed signatures turned off are refused on
 * every way of signing; saving to Documents puts every sealed form's PDF there (and, when the
 * storage is full, keeps it with the form only and says so in the system log); a language
 * the app is not written in is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, forms, storedFiles } from '../src/db/schema.js';
import { companyIdOf } from './support/form-rows.js';
import { drawn, sendSigningForm, signingCall, signingTemplate, submitDrawn } from './support/signing-forms.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-settings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fields = [
  { name: 'answer', label: 'Answer', type: 'text' as const, required: true },
  { name: 'signature', label: 'Signature', type: 'signature' as const, required: true },
];
const typedRefused = 'A typed name is not accepted as a signature on this form. Please draw your signature.';

let admin = '';
let companyId = 0;
let template = 0;

beforeAll(async () => {
  admin = (await server.signIn('demo.admin')).token;
  companyId = await companyIdOf(server.ctx.db, 'Northwind Care Ltd');
  template = await signingTemplate(server, fields, [{ label: 'Signer', action: 'sign' }]);
});

async function settle(settings: Record<string, unknown>): Promise<void> {
  const saved = await server.call('/user', { token: admin, body: { data: { settings } } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

afterEach(async () => {
  server.clock.reset();
  admin = (await server.signIn('demo.admin')).token;
  await settle({ date_format: 'DD/MM/YYYY', timezone: 'Europe/London', allow_typed_signature: true, storage_auto_save: true });
});

function pdftotext(bytes: Uint8Array): string {
  const file = join(folder, 'text.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A form of the one-step template sent to `name`, signed through its link with a drawn signature. */
async function completedForm(name: string, options: { expires_at?: string } = {}) {
  const email = `${name.toLowerCase()}@mail.example`;
  const sent = await sendSigningForm(server, admin, { template, recipients: [{ name, email }], ...options });
  const mail = server.mail.filter((message) => message.to === email).at(-1);
  const [link] = sent.links;
  if (!link) throw new Error('No link.');
  const signed = await submitDrawn(server, link, { answer: `Answer of ${name}` });
  expect(signed.body.data).toMatchObject({ completed: true });
  const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, sent.id));
  if (!form?.sealedKey) throw new Error('The form was not sealed.');
  return { ...sent, form, mail, sealed: await server.ctx.files.get(form.sealedKey) };
}

const two = (n: number) => String(n).padStart(2, '0');

describe('the date format and time zone', () => {
  it("write the mails' and the sealed PDF's dates; a PDF sealed keeps the format of its sealing", async () => {
    // The 20th of a month, at noon UTC: a day and a month that cannot be mistaken for each other.
    const now = new Date();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 20, 12, 0));
    server.clock.advance(target.getTime() - now.getTime());
    admin = (await server.signIn('demo.admin')).token;
    const expiry = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 25));
    const expiresAt = `${expiry.getUTCFullYear()}-${two(expiry.getUTCMonth() + 1)}-25`;
    await settle({ date_format: 'MM/DD/YYYY', timezone: 'America/New_York' });

    const done = await completedForm('Mona', { expires_at: expiresAt });
    // The end of the 25th in UTC is the evening of the 25th in New York.
    const month = two(expiry.getUTCMonth() + 1);
    expect(done.mail?.text).toMatch(new RegExp(`The link works until ${month}/25/${expiry.getUTCFullYear()} (18|19):59 GMT-[45]\\.`));

    const text = pdftotext(done.sealed ?? new Uint8Array());
    const completed = done.form.completedAt ?? new Date(0);
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      completed,
    );
    expect(day).toMatch(/^\d{2}\/20\/\d{4}$/);
    expect(text).toMatch(new RegExp(`completed ${day.replace(/\//g, '\\/')} \\d{2}:\\d{2} GMT-[45]`));
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} GMT-[45]\s+completed\s/);

    // Changed later, the setting writes new mails its way; the sealed file stays as sealed.
    await settle({ date_format: 'YYYY-MM-DD', timezone: 'UTC' });
    const stored = await server.ctx.files.get(done.form.sealedKey ?? '');
    expect(Buffer.compare(Buffer.from(stored ?? []), Buffer.from(done.sealed ?? []))).toBe(0);
    const later = await sendSigningForm(server, admin, {
      template,
      recipients: [{ name: 'Nils', email: 'nils@mail.example' }],
      expires_at: expiresAt,
    });
    expect(later.id).toBeGreaterThan(0);
    expect(server.mail.filter((message) => message.to === 'nils@mail.example').at(-1)?.text).toContain(
      `The link works until ${expiresAt} 23:59 UTC.`,
    );
  });
});

describe('typed signatures turned off', () => {
  it('are refused in the signing link and when a template is filled in; the signing form says so; drawn ones pass', async () => {
    await settle({ allow_typed_signature: false });
    const sent = await sendSigningForm(server, admin, { template, recipients: [{ name: 'Tia', email: 'tia@mail.example' }] });
    const [link] = sent.links;
    if (!link) throw new Error('No link.');
    const loaded = await signingCall(server, { function: 'load', id: link.pageId, token: link.token });
    expect(loaded.body.data.allow_typed_signature).toBe(false);
    const submit = (signature: Json) =>
      signingCall(server, { function: 'submit', consent: true, id: link.pageId, token: link.token, values: { answer: 'Yes' }, signature });
    const typed = await submit({ kind: 'typed', value: 'Tia Typed' });
    expect(typed.body).toEqual({ data: null, error: typedRefused });
    expect((await submit({ kind: 'drawn', value: drawn })).body.data).toMatchObject({ status: 'signed', completed: true });

    const filled = (signature: Json) =>
      signingCall(server, { function: 'submit', consent: true, id: String(template), values: { answer: 'Filled' }, signature }, { signedIn: admin });
    expect((await signingCall(server, { function: 'load', id: String(template) }, { signedIn: admin })).body.data.allow_typed_signature).toBe(false);
    expect((await filled({ kind: 'typed', value: 'Ada Admin' })).body).toEqual({ data: null, error: typedRefused });
    expect((await filled({ kind: 'drawn', value: drawn })).body.data).toMatchObject({ status: 'signed' });

    // On again, the same typed name signs.
    await settle({ allow_typed_signature: true });
    expect((await filled({ kind: 'typed', value: 'Ada Admin' })).body.data).toMatchObject({ status: 'signed' });
  });
});

describe('saving every completed form to Documents', () => {
  const storage = (query: string) => server.call('/manage-storage', { method: 'GET', token: admin, query });

  it("keeps each sealed form's PDF in Completed forms/<title>, byte for byte, while on; none while off", async () => {
    const on = await completedForm('Olga');
    const where = `Completed forms/${on.form.title}`;
    const listed = await storage(`stored=${encodeURIComponent(where)}`);
    expect(listed.status).toBe(200);
    const file = listed.body.files.find((item: Json) => item.name === `${on.form.title} ${on.reference}.pdf`);
    expect(file, JSON.stringify(listed.body.files)).toBeDefined();
    const url = new URL(file.url, 'http://formsign.test');
    const download = await server.call('/file', { method: 'GET', query: url.searchParams.toString() });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.raw, Buffer.from(on.sealed ?? []))).toBe(0);
    // A seal run again (its follow-up queued again) saves no second copy.
    await server.runJob('keep-sealed-form', { formId: on.id });
    expect((await storage(`stored=${encodeURIComponent(where)}`)).body.files.filter((item: Json) => item.name.includes(on.reference))).toHaveLength(
      1,
    );

    await settle({ storage_auto_save: false });
    const off = await completedForm('Otto');
    const copies = await server.ctx.db.select().from(storedFiles).where(eq(storedFiles.formId, off.id));
    expect(copies).toEqual([]);
    expect((await storage(`stored=${encodeURIComponent(where)}`)).body.files.map((item: Json) => item.name)).not.toContain(
      `${off.form.title} ${off.reference}.pdf`,
    );
  });

  it('when the storage is full, keeps the sealed PDF with the form only and says why in the system log', async () => {
    // Three files of 2 GB: past the 5 GiB the company may keep.
    const fillers = await server.ctx.db
      .insert(storedFiles)
      .values(
        [1, 2, 3].map((n) => ({
          companyId,
          folder: 'Fillers',
          name: `Filler ${n}.bin`,
          mime: 'application/octet-stream',
          size: 2_000_000_000,
          fileKey: `storage/filler-${n}`,
        })),
      )
      .returning({ id: storedFiles.id });
    try {
      const full = await completedForm('Fay');
      expect(full.sealed?.length).toBeGreaterThan(0);
      expect(await server.ctx.db.select().from(storedFiles).where(eq(storedFiles.formId, full.id))).toEqual([]);
      const [line] = await server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.formId, full.id), eq(auditEvents.event, 'system')));
      expect(line).toMatchObject({
        source: 'system',
        level: 'warning',
        details: { message: `The sealed PDF of ${full.reference} was not saved to Documents: the storage is full (5 GB). It is kept with the form.` },
      });
      const log = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[source]=system&filters[search]=Documents' });
      expect(JSON.stringify(log.body)).toContain(`The sealed PDF of ${full.reference} was not saved to Documents`);
    } finally {
      await server.ctx.db.delete(storedFiles).where(
        inArray(
          storedFiles.id,
          fillers.map((row) => row.id),
        ),
      );
    }
  });
});

describe('the company language', () => {
  it('is one the product speaks: German is kept, another is refused in words', async () => {
    await settle({ language: 'de' });
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body.language).toBe('de');
    const refused = await server.call('/user', { token: admin, body: { data: { settings: { language: 'it' } } } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error).toBe('formsign speaks English, German, French and Spanish. Please choose one of them as the language.');
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body.language).toBe('de');
    await settle({ language: 'en' });
  });
});
