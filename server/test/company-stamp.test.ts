/**
 * The organisation's stamp: an administrator uploads it (a PNG or a JPEG by its bytes, at most
 * 1 MB and 2000 × 2000 pixels), replaces or removes it, and the trail records it; no one else
 * may. A template's stamp field needs one; a signer applies it with `true`, the form keeps the
 * stamp's key, and the sealed PDF draws that very image (not one uploaded later) in the field's
 * place, with the certificate saying the signer applied it. A stamp removed before the signer
 * gets there is refused in words that say whom to ask.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../src/companies/settings.js';
import { auditEvents, forms, type FieldDefinition } from '../src/db/schema.js';
import { imageHeader } from '../src/files/image-header.js';
import { renderDocument } from '../src/sealing/render.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { sendSigningForm, signingCall, signingTemplate, submitDrawn, type SigningLink } from './support/signing-forms.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-stamp-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A PNG of one colour, `width` × `height` pixels (RGB, 8 bits). */
function png(width: number, height: number, colour: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => colour).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG whose frame says `width` × `height` (an APP0 segment before it). */
function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const frame = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-stamp-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(token: string, bytes: Buffer, name = 'stamp.png', type = 'image/png') {
  return server.call('/company-stamp', { token, ...multipart({ function: 'upload' }, { name, bytes, type }) });
}

function removeStamp(token: string) {
  return server.call('/company-stamp', { token, ...multipart({ function: 'remove' }) });
}

function saved(path: string, bytes: Uint8Array): string {
  const file = join(folder, path);
  writeFileSync(file, bytes);
  return file;
}

/** The images of a PDF as `pdfimages -list` lists them: the page each is on and its size in pixels. */
function imagesOf(bytes: Uint8Array): { page: number; width: number; height: number }[] {
  const lines = execFileSync('pdfimages', ['-list', saved('images.pdf', bytes)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2);
  return lines.map((line) => {
    const [page, , , width, height] = line.trim().split(/\s+/);
    return { page: Number(page), width: Number(width), height: Number(height) };
  });
}

function textOf(bytes: Uint8Array): string {
  return execFileSync('pdftotext', [saved('text.pdf', bytes), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const stampFields: FieldDefinition[] = [
  { name: 'on_behalf', label: 'Do you sign for the organisation?', type: 'select', required: true, options: ['Yes', 'No'] },
  {
    name: 'company_stamp',
    label: 'Company stamp',
    type: 'stamp',
    required: true,
    condition: { field: 'on_behalf', operator: 'equals', value: 'Yes' },
  },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
  { name: 'witness_signature', label: 'Witness signature', type: 'signature', required: true, step: 2 },
];
const steps = [
  { label: 'Signer', action: 'sign' as const },
  { label: 'Witness', action: 'sign' as const },
];

let admin = '';
let basic = '';
let companyId = 0;

beforeAll(async () => {
  ({ companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Stamp Works Ltd', 'stampworks', defaultSettings()));
  admin = (await server.signIn('stampworks.admin', organisationPassword)).token;
  basic = (await server.signIn('stampworks.basic', organisationPassword)).token;
});

async function sealedBytes(id: number): Promise<Buffer> {
  const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
  return (await server.ctx.files.get(form?.sealedKey ?? '')) ?? Buffer.alloc(0);
}

async function sendStampForm(who: string): Promise<{ id: number; signer: SigningLink; witness: SigningLink }> {
  const template = await signingTemplate(server, stampFields, steps, { company: 'Stamp Works Ltd' });
  const form = await sendSigningForm(server, admin, {
    template,
    recipients: [
      { name: `${who} Signer`, email: `${who.toLowerCase()}.signer@mail.example` },
      { name: `${who} Witness`, email: `${who.toLowerCase()}.witness@mail.example` },
    ],
  });
  const [signer, witness] = form.links;
  if (!signer || !witness) throw new Error('No links.');
  return { id: form.id, signer, witness };
}

describe("the organisation's stamp", () => {
  it('reads the type and size from the header alone', () => {
    expect(imageHeader(png(40, 20))).toEqual({ type: 'image/png', width: 40, height: 20 });
    expect(imageHeader(jpegHead(640, 480))).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
    expect(imageHeader(Buffer.from('GIF89a not a stamp'))).toBeNull();
  });

  it('is refused when it is not a PNG or a JPEG, over 1 MB or 2000 pixels, or sent by someone who is not an administrator', async () => {
    const notAnImage = await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'stamp.png', 'image/png');
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.message).toBe('The stamp must be a PNG or a JPEG image.');
    // A PNG's first bytes with nothing that draws after them.
    expect((await upload(admin, png(40, 20).subarray(0, 40))).body.message).toBe('The stamp must be a PNG or a JPEG image.');
    const tooLarge = await upload(admin, Buffer.concat([png(40, 20), Buffer.alloc(1024 * 1024)]));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('The stamp image is larger than 1 MB. Please choose a smaller file.');
    // A few bytes that claim a picture too large: refused from the header, never decoded.
    const claimsHuge = png(3000, 2400).subarray(0, 33);
    expect((await upload(admin, claimsHuge)).body.message).toBe('The stamp image is 3000 × 2400 pixels; it can be at most 2000 × 2000.');
    expect((await upload(admin, jpegHead(2500, 100), 'stamp.jpg', 'image/jpeg')).body.message).toBe(
      'The stamp image is 2500 × 100 pixels; it can be at most 2000 × 2000.',
    );
    const byBasic = await upload(basic, png(40, 20));
    expect(byBasic.status).toBe(403);
    expect(byBasic.body.message).toBe('Only administrators can do this.');
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body.stamp).toBeNull();
  });

  it('is uploaded under its checksum, shown with the settings, replaced and removed, each change in the trail', async () => {
    const first = await upload(admin, png(40, 20), 'any-name.txt', 'text/plain');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: "The organisation's stamp has been saved.", stamp: { type: 'image/png', width: 40, height: 20 } });
    const settings = (await server.call('/fetch-settings', { method: 'GET', token: basic })).body;
    const address = new URL(settings.stamp.url as string, 'http://formsign.test');
    expect(address.searchParams.get('key')).toMatch(new RegExp(`^companies/${companyId}/stamps/[0-9a-f]{32}\\.png$`));
    const image = await server.call('/file', { method: 'GET', query: address.searchParams.toString() });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.raw.equals(png(40, 20))).toBe(true);

    expect((await removeStamp(admin)).body).toEqual({ message: "The organisation's stamp has been removed.", stamp: null });
    expect((await server.call('/fetch-settings', { method: 'GET', token: admin })).body.stamp).toBeNull();
    // The image stays in the store: a form it was applied to still names it.
    expect(await server.ctx.files.get(address.searchParams.get('key') ?? '')).not.toBeNull();
    expect((await upload(admin, png(40, 20))).status).toBe(200);

    const trail = await server.ctx.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.event, 'company-saved')))
      .orderBy(desc(auditEvents.id));
    expect(trail.map(({ details }) => details['stamp'])).toEqual(['uploaded', 'removed', 'uploaded']);
  });
});

describe('a stamp field', () => {
  it('is refused in a template while the organisation has no stamp', async () => {
    const { companyId: other } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'No Stamp Ltd', 'nostamp', defaultSettings());
    expect(other).toBeGreaterThan(0);
    const token = (await server.signIn('nostamp.admin', organisationPassword)).token;
    const created = await server.call('/getforms', {
      token,
      body: { functions: 'create', type: 'details', value: { title: 'Stamped letter', description: '', category: 'General' } },
    });
    const save = await server.call('/getforms', {
      token,
      body: {
        functions: 'update',
        id: created.body.id,
        type: 'fields',
        value: [{ name: 'stamp', label: 'Our stamp', type: 'stamp', required: true }],
      },
    });
    expect(save.body.message).toBe(`Upload your organisation's stamp in Settings, Company settings, before adding the stamp field "Our stamp".`);
  });

  it('asks a shown required stamp, keeps the key of the stamp applied, and seals that image even after the stamp is replaced', async () => {
    const first = await upload(admin, png(40, 20));
    const firstKey = new URL(first.body.stamp.url as string, 'http://formsign.test').searchParams.get('key');
    const { id, signer, witness } = await sendStampForm('Stella');
    const opened = await signingCall(server, { function: 'load', id: signer.pageId, token: signer.token });
    expect(opened.body.data.stamp).toMatchObject({ width: 40, height: 20 });
    expect(new URL(opened.body.data.stamp.url as string, 'http://formsign.test').searchParams.get('key')).toBe(firstKey);
    // The witness answers no stamp field: they are not given the stamp.
    expect((await signingCall(server, { function: 'load', id: witness.pageId, token: witness.token })).body.data?.stamp).toBeUndefined();

    expect((await submitDrawn(server, signer, { on_behalf: 'Yes' })).body).toEqual({
      data: null,
      error: 'Please apply the stamp at "Company stamp".',
    });
    expect((await submitDrawn(server, signer, { on_behalf: 'Yes', company_stamp: true })).body.data).toMatchObject({ status: 'signed' });
    const [signed] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(signed?.values['company_stamp']).toBe(firstKey);
    const [event] = await server.ctx.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'signed')));
    expect(event?.details).toMatchObject({ order: 1, stamp: firstKey });

    // Replaced before the form is complete: the form keeps the stamp it was given.
    await upload(admin, png(30, 30, [20, 40, 160]));
    expect((await submitDrawn(server, witness)).body.data).toMatchObject({ completed: true });
    const sealed = await sealedBytes(id);
    // The stamp (40 × 20) on the document's page; the drawn signatures are 2 × 2.
    expect(imagesOf(sealed).filter((image) => image.width > 2)).toEqual([{ page: 1, width: 40, height: 20 }]);
    const text = textOf(sealed);
    expect(text).toContain("Applied the organisation's stamp (Stamp Works Ltd).");
    expect(text).toContain("applying the organisation's stamp");
  });

  it('asks nothing where its condition hides it, and keeps nothing sent for it', async () => {
    const { id, signer } = await sendStampForm('Hugo');
    expect((await submitDrawn(server, signer, { on_behalf: 'No', company_stamp: true })).body.data).toMatchObject({ status: 'signed' });
    const [form] = await server.ctx.db.select().from(forms).where(eq(forms.id, id));
    expect(form?.values['company_stamp']).toBeNull();
  });

  it('tells the signer to ask the sender when the organisation removed its stamp', async () => {
    const { signer } = await sendStampForm('Rhea');
    await removeStamp(admin);
    const opened = await signingCall(server, { function: 'load', id: signer.pageId, token: signer.token });
    expect(opened.body.data.stamp).toBeNull();
    expect((await submitDrawn(server, signer, { on_behalf: 'Yes', company_stamp: true })).body.error).toBe(
      "This form asks for the organisation's stamp, but the organisation has no stamp at the moment. Please ask the sender to upload it in Company Settings, or decline the form to tell them.",
    );
    await upload(admin, png(40, 20));
  });

  it("is drawn in its box on the template's PDF, its shape kept", async () => {
    const source = PDF.create();
    source.addPage({ size: 'a4' }).drawText('Agreement', { x: 40, y: 800, size: 12 });
    const key = `companies/${companyId}/stamps/${'a'.repeat(32)}.png`;
    const bytes = await renderDocument({
      language: 'en',
      reference: 'SWL-1',
      title: 'Agreement',
      template: 'Agreement',
      company: 'Stamp Works Ltd',
      sender: 'Ada Admin',
      sentAt: null,
      completedAt: null,
      fields: [
        {
          name: 'company_stamp',
          label: 'Company stamp',
          type: 'stamp',
          required: true,
          placement: { page: 1, x: 100, y: 100, width: 200, height: 50 },
        },
      ],
      values: { company_stamp: key },
      recipients: [],
      templatePdf: await source.save(),
      dates: { format: 'DD/MM/YYYY', timeZone: 'UTC' },
      stamps: { [key]: png(40, 20) },
    });
    const images = imagesOf(bytes);
    expect(images).toEqual([{ page: 1, width: 40, height: 20 }]);
    // One page: the stamp was placed, not listed among further answers.
    expect((await PDF.load(bytes)).getPages()).toHaveLength(1);
  });
});
