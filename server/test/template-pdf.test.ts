/**
 * A template's source PDF: uploading, replacing and removing it (a PDF that parses, of at most
 * 20 MB and 50 pages, by an administrator or the template's author), the placements saved with
 * the fields checked against its pages, and a form sent from it sealed with each answer inside
 * its placed box on its page (read back with poppler's `pdftotext -bbox`), on the PDF the form
 * was sent with even when the template's PDF is replaced before the form is complete. Its pages
 * drawn as images, and the first painted by the signing link's own HTML for the link's holder.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { auditEvents, formRecipients, forms, pdfPageImages } from '../src/db/schema.js';
import { registerWebApp } from '../src/http/web-app.js';
import { signingPageHead } from '../src/modules/forms/signing-page.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const folder = mkdtempSync(join(tmpdir(), 'formsign-template-pdf-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const a4 = { width: 595.28, height: 841.89 };
const letterLandscape = { width: 792, height: 612 };

/** A PDF of the given pages, each with a line of text saying which page it is. */
async function pdfOf(pages: readonly { width: number; height: number }[], label = 'Source'): Promise<Buffer> {
  const pdf = PDF.create();
  pages.forEach((size, index) => {
    const page = pdf.addPage(size);
    page.drawText(`${label} page ${index + 1}`, { x: 40, y: size.height - 40, size: 10 });
  });
  return Buffer.from(await pdf.save());
}

/** A multipart body of text fields and, when given, one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-pdf-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, id: number, bytes: Buffer, name = 'agreement.pdf') {
  const { payload, contentType } = multipart({ function: 'upload', id: String(id) }, { name, bytes });
  return server.call('/template-pdf', { token, payload, contentType });
}

async function remove(token: string, id: number) {
  const { payload, contentType } = multipart({ function: 'remove', id: String(id) });
  return server.call('/template-pdf', { token, payload, contentType });
}

async function newTemplate(token: string, title: string): Promise<number> {
  const created = await server.call('/getforms', {
    token,
    body: { functions: 'create', type: 'details', value: { title, description: 'A tenancy agreement.', category: 'Housing' } },
  });
  expect(created.body.code).toBe(1);
  return created.body.id as number;
}

async function saveFields(token: string, id: number, fields: Json[]) {
  return server.call('/getforms', { token, body: { functions: 'update', id, type: 'fields', value: fields } });
}

async function detail(token: string, id: number): Promise<Json> {
  return (await server.call('/getform', { token, body: { id } })).body;
}

describe('uploading a template’s PDF', () => {
  it('keeps a PDF under its checksum with the size of each page, and the template serves it', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (upload)');
    const bytes = await pdfOf([a4, letterLandscape]);
    const answer = await upload(token, id, bytes);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1, message: '', template: { id, pdf_pages: [a4, letterLandscape] } });
    const key = `templates/${id}/source-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.pdf`;
    expect(Buffer.from((await server.ctx.files.get(key)) ?? Buffer.alloc(0)).equals(bytes)).toBe(true);

    const template = await detail(token, id);
    expect(template.pdf_pages).toEqual([a4, letterLandscape]);
    const address = new URL(template.pdf as string, 'http://formsign.test');
    expect(address.searchParams.get('key')).toBe(key);
    const download = await server.call('/file', { method: 'GET', query: address.searchParams.toString() });
    expect(download.status).toBe(200);
    expect(download.text.startsWith('%PDF-')).toBe(true);
  });

  it.each([
    ['a text file', Buffer.from('Dear tenant,\nplease sign.\n')],
    ['a file that starts as a PDF but is not one', Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF\n')],
  ])('refuses %s in the product’s words and changes nothing', async (_what, bytes) => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (not a PDF)');
    const answer = await upload(token, id, bytes, 'letter.pdf');
    expect(answer.body).toEqual({ code: -1, message: 'This file is not a PDF we can read.', template: null });
    expect((await detail(token, id)).pdf).toBeNull();
  });

  it('refuses a file over 20 MB', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (large)');
    const large = Buffer.concat([await pdfOf([a4]), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const answer = await upload(token, id, large);
    expect(answer.body).toEqual({ code: -1, message: 'This PDF is larger than 20 MB. Please choose a smaller file.', template: null });
    expect((await detail(token, id)).pdf).toBeNull();
  });

  it('refuses a PDF of more than 50 pages, and takes one of 50', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (pages)');
    const refused = await upload(token, id, await pdfOf(Array.from({ length: 51 }, () => a4)));
    expect(refused.body).toEqual({ code: -1, message: 'This PDF has 51 pages; a template can have at most 50.', template: null });
    const taken = await upload(token, id, await pdfOf(Array.from({ length: 50 }, () => a4)));
    expect(taken.body.code).toBe(1);
    expect(taken.body.template.pdf_pages).toHaveLength(50);
  });

  it('asks for a file when none is sent', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (no file)');
    const { payload, contentType } = multipart({ function: 'upload', id: String(id) });
    expect((await server.call('/template-pdf', { token, payload, contentType })).body).toEqual({
      code: -1,
      message: 'Please choose a PDF to upload.',
      template: null,
    });
  });

  it('lets an administrator and the template’s author change its PDF, and refuses another basic user', async () => {
    const admin = (await server.signIn('demo.admin')).token;
    const basic = (await server.signIn('demo.basic')).token;
    const bytes = await pdfOf([a4]);
    const adminsOwn = await newTemplate(admin, 'Tenancy agreement (administrator’s)');
    const refused = await upload(basic, adminsOwn, bytes);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only an administrator or the person who made this template can change its PDF.' });
    expect((await remove(basic, adminsOwn)).status).toBe(403);

    const basicsOwn = await newTemplate(basic, 'Tenancy agreement (basic user’s)');
    expect((await upload(basic, basicsOwn, bytes)).body.code).toBe(1);
    expect((await upload(admin, basicsOwn, bytes)).body.code).toBe(1);
  });

  it('answers 404 for a template of another company or none', async () => {
    const { token } = await server.signIn('grace.okafor', 'harbour-pass-1');
    const theirs = await newTemplate((await server.signIn('demo.admin')).token, 'Tenancy agreement (Northwind)');
    expect((await upload(token, theirs, await pdfOf([a4]))).status).toBe(404);
    expect((await upload(token, 999_999, await pdfOf([a4]))).status).toBe(404);
  });
});

describe('placements', () => {
  const place = (page: number, x: number, y: number, width: number, height: number) => ({ page, x, y, width, height });
  const field = (name: string, placement?: Json): Json => ({
    name,
    label: name.replace('_', ' '),
    type: 'text',
    required: false,
    ...(placement ? { placement } : {}),
  });

  it('are refused without a PDF, off its pages or past a page’s edge, and kept when they fit', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (placements)');
    const noPdf = await saveFields(token, id, [field('tenant_name', place(1, 10, 10, 100, 20))]);
    expect(noPdf.body).toMatchObject({
      code: -1,
      message: 'The field "tenant name" is placed on a page, but the template has no PDF: upload the PDF first, or take the field off the page.',
    });

    await upload(token, id, await pdfOf([a4, letterLandscape]));
    const offPages = await saveFields(token, id, [field('tenant_name', place(3, 10, 10, 100, 20))]);
    expect(offPages.body).toMatchObject({ code: -1, message: 'The field "tenant name" is placed on page 3, but the PDF has 2 pages.' });
    const pastEdge = await saveFields(token, id, [field('tenant_name', place(2, 700, 10, 100, 20))]);
    expect(pastEdge.body).toMatchObject({
      code: -1,
      message: 'The field "tenant name" reaches past the edge of page 2 (792 × 612 points): move it or make it smaller so that it fits on the page.',
    });
    const tooHigh = await saveFields(token, id, [field('tenant_name', place(1, 10, 830, 100, 20))]);
    expect(tooHigh.body.code).toBe(-1);
    expect((await detail(token, id)).fields).toEqual([]);

    const fits = [field('tenant_name', place(1, 495.28, 821.89, 100, 20)), field('rent', place(2, 0, 0, 792, 612)), field('notes')];
    expect((await saveFields(token, id, fits)).body.code).toBe(1);
    expect((await detail(token, id)).fields).toEqual(fits);
  });

  it('that no longer fit a new PDF are taken off the page; removing the PDF takes them all off; old files stay', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (replace)');
    const first = await pdfOf([a4, a4], 'First');
    const firstKey = new URL((await upload(token, id, first)).body.template.pdf as string, 'http://formsign.test').searchParams.get('key') ?? '';
    await saveFields(token, id, [
      field('tenant_name', place(1, 50, 500, 200, 20)),
      field('rent', place(2, 50, 700, 200, 20)),
      field('notes', place(1, 50, 700, 200, 20)),
    ]);

    // Page 2 is gone and 700 points up is past the new page's top: those two come off the page.
    const replaced = await upload(token, id, await pdfOf([letterLandscape], 'Second'));
    expect(replaced.body.template.fields).toEqual([field('tenant_name', place(1, 50, 500, 200, 20)), field('rent'), field('notes')]);
    expect(replaced.body.template.pdf_pages).toEqual([letterLandscape]);
    expect(await server.ctx.files.get(firstKey)).not.toBeNull();

    const removed = await remove(token, id);
    expect(removed.body).toMatchObject({
      code: 1,
      template: { pdf: null, pdf_pages: [], fields: [field('tenant_name'), field('rent'), field('notes')] },
    });
    expect(await server.ctx.files.get(firstKey)).not.toBeNull();
  });
});

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box (points from the page's top-left), from `pdftotext -bbox`. */
function wordsOf(bytes: Uint8Array): { pages: { width: number; height: number }[]; words: Word[] } {
  const file = join(folder, 'sealed.pdf');
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const pages: { width: number; height: number }[] = [];
  const words: Word[] = [];
  for (const [pageText] of html.matchAll(/<page[^>]*>[\s\S]*?<\/page>/g)) {
    const size = /<page width="([\d.]+)" height="([\d.]+)"/.exec(pageText);
    pages.push({ width: Number(size?.[1]), height: Number(size?.[2]) });
    for (const [, xMin, yMin, xMax, yMax, text = ''] of pageText.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      words.push({ page: pages.length, text, xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), yMax: Number(yMax) });
    }
  }
  return { pages, words };
}

const drawn = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGMQkYv6D8IMMAYAMaQGLaMXUOwAAAAASUVORK5CYII=';

describe('a form sent from a template with a PDF', () => {
  it('is sealed with each answer inside its placed box, on the PDF it was sent with', async () => {
    const { token } = await server.signIn('demo.admin');
    const id = await newTemplate(token, 'Tenancy agreement (sealed)');
    await upload(token, id, await pdfOf([a4, letterLandscape], 'Agreement'));
    const tenantBox = { page: 1, x: 120, y: 600, width: 260, height: 20 };
    const rentBox = { page: 2, x: 400, y: 100, width: 150, height: 18 };
    const saved = await saveFields(token, id, [
      { name: 'tenant_name', label: 'Tenant’s full name', type: 'text', required: true, placement: tenantBox },
      { name: 'monthly_rent', label: 'Monthly rent', type: 'number', required: true, placement: rentBox },
      {
        name: 'signature',
        label: 'Tenant’s signature',
        type: 'signature',
        required: true,
        placement: { page: 2, x: 72, y: 300, width: 200, height: 60 },
      },
    ]);
    expect(saved.body.code).toBe(1);

    const sent = await server.call('/send-form', {
      token,
      body: { template: id, recipients: [{ name: 'Ada Placewell', email: 'ada.placewell@mail.example' }] },
    });
    expect(sent.body.code).toBe(1);
    // The template's PDF changes while the form is out: the form keeps the one it was sent with.
    await upload(token, id, await pdfOf([a4], 'Replacement'));

    const mail = server.mail.filter((message) => message.to === 'ada.placewell@mail.example').at(-1);
    const [, pageId = '', link = ''] = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '') ?? [];
    expect((await server.call('/websigning', { body: { function: 'load', id: pageId, token: link } })).body.error).toBe('');
    const signed = await server.call('/websigning', {
      body: {
        function: 'submit',
        consent: true,
        id: pageId,
        token: link,
        values: { tenant_name: 'Placewell', monthly_rent: 1234 },
        signature: { kind: 'drawn', value: drawn },
      },
    });
    expect(signed.body.data).toMatchObject({ completed: true });

    const [form] = await server.ctx.db
      .select()
      .from(forms)
      .where(eq(forms.id, sent.body.id as number));
    const bytes = await server.ctx.files.get(form?.sealedKey ?? '');
    expect(bytes).not.toBeNull();
    const { pages, words } = wordsOf(bytes ?? new Uint8Array());
    expect(pages[0]).toEqual({ width: expect.closeTo(a4.width, 1), height: expect.closeTo(a4.height, 1) });
    expect(pages[1]).toEqual({ width: letterLandscape.width, height: letterLandscape.height });
    expect(words.some((word) => word.text === 'Agreement' && word.page === 1)).toBe(true);
    expect(words.some((word) => word.text === 'Replacement')).toBe(false);

    const inside = (word: Word, box: typeof tenantBox): boolean => {
      const height = pages[box.page - 1]?.height ?? 0;
      const top = height - (box.y + box.height);
      const bottom = height - box.y;
      return (
        word.page === box.page &&
        word.xMin >= box.x - 0.5 &&
        word.xMax <= box.x + box.width + 0.5 &&
        word.yMin >= top - 0.5 &&
        word.yMax <= bottom + 0.5
      );
    };
    const tenant = words.filter((word) => word.text === 'Placewell');
    const rent = words.filter((word) => word.text === '1234');
    expect(
      tenant.some((word) => inside(word, tenantBox)),
      JSON.stringify(tenant),
    ).toBe(true);
    expect(
      rent.some((word) => inside(word, rentBox)),
      JSON.stringify(rent),
    ).toBe(true);
    // Not drawn anywhere else on the document's pages (the audit pages follow them).
    expect(tenant.filter((word) => word.page <= 2 && !inside(word, tenantBox))).toEqual([]);
  });
});

describe('the pages of a template’s PDF as images', () => {
  /** A form sent from a new template with this PDF; answers the signing link's place id and token. */
  async function sentWith(token: string, title: string, bytes: Buffer, email: string): Promise<{ pageId: string; link: string }> {
    const id = await newTemplate(token, title);
    expect((await upload(token, id, bytes)).body.code).toBe(1);
    const sent = await server.call('/send-form', { token, body: { template: id, recipients: [{ name: 'Imogen Pagewell', email }] } });
    expect(sent.body.code).toBe(1);
    const mail = server.mail.filter((message) => message.to === email).at(-1);
    const [, pageId = '', link = ''] = /\/web-signing\/([\w-]+)\?token=([\w-]+)/.exec(mail?.text ?? '') ?? [];
    return { pageId, link };
  }

  const open = async (place: { pageId: string; link: string }) =>
    (await server.call('/websigning', { body: { function: 'load', id: place.pageId, token: place.link } })).body.data as Json;

  it('are drawn when the PDF is uploaded, and the signing link hands them out with each page’s size', async () => {
    const { token } = await server.signIn('demo.admin');
    const bytes = await pdfOf([a4, letterLandscape], 'Imaged');
    const place = await sentWith(token, 'Tenancy agreement (images)', bytes, `images.${Date.now()}@mail.example`);
    const pages = (await open(place)).document_pages as { url: string; width: number; height: number }[];
    expect(pages.map(({ width, height }) => ({ width, height }))).toEqual([a4, letterLandscape]);
    const { loadImage } = await import('@napi-rs/canvas');
    for (const [index, page] of pages.entries()) {
      const address = new URL(page.url, 'http://formsign.test');
      expect(address.searchParams.get('key')).toMatch(new RegExp(`^templates/\\d+/source-[0-9a-f]{16}-page-${index + 1}\\.webp$`));
      const image = await server.app.inject({ method: 'GET', url: `/api/file?${address.searchParams.toString()}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toContain('immutable');
      const drawn = await loadImage(image.rawPayload);
      // 800 px wide, as high as the page is for its width.
      expect(drawn.width).toBe(800);
      expect(drawn.height).toBeCloseTo((800 * page.height) / page.width, -1);
    }
    // The text of the page is drawn on it: the image is not blank.
    const { createCanvas } = await import('@napi-rs/canvas');
    const first = await loadImage((await server.app.inject({ method: 'GET', url: pages[0]?.url ?? '' })).rawPayload);
    const canvas = createCanvas(first.width, 80);
    canvas.getContext('2d').drawImage(first, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, first.width, 80).data;
    expect(pixels.some((value, at) => at % 4 !== 3 && value < 128)).toBe(true);
  });

  it('paint the first page in the signing link’s HTML, at the address the form’s answer gives, for its holder only, recording nothing', async () => {
    const { token } = await server.signIn('demo.admin');
    // The HTML as the server serves it, from a build of one empty root.
    const dist = join(folder, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>formsign</title><body><div id="root"></div></body>');
    const web = Fastify();
    await web.register(cookie);
    registerWebApp(web, { root: dist, signingPage: (pageId, link) => signingPageHead(server.ctx, pageId, link) });
    onTestFinished(() => web.close());
    const html = async (place: { pageId: string; link: string }, link = place.link) => {
      const page = await web.inject({ method: 'GET', url: `/web-signing/${place.pageId}?token=${link}&order=1` });
      expect(page.statusCode).toBe(200);
      return { body: page.body, preload: page.headers.link };
    };
    const trail = async (pageId: string) => {
      const [place] = await server.ctx.db.select().from(formRecipients).where(eq(formRecipients.pageId, pageId));
      const events = await server.ctx.db
        .select({ event: auditEvents.event })
        .from(auditEvents)
        .where(eq(auditEvents.formId, place?.formId ?? 0));
      return { formId: place?.formId ?? 0, openedAt: place?.openedAt ?? null, events: events.map(({ event }) => event) };
    };

    const place = await sentWith(
      token,
      'Tenancy <b>agreement</b> $& co',
      await pdfOf([a4, a4, letterLandscape], 'Painted'),
      `painted.${Date.now()}@mail.example`,
    );
    const painted = await html(place);
    // Fetching the page is not opening the form.
    const before = await trail(place.pageId);
    expect(before.events).not.toContain('opened');
    expect(before.openedAt).toBeNull();
    const first = ((await open(place)).document_pages as { url: string }[])[0]?.url ?? '';
    expect((await trail(place.pageId)).events.filter((event) => event === 'opened')).toHaveLength(1);
    expect(first).toMatch(/-page-1\.webp&/);
    expect(painted.preload).toBe(`<${first}>; rel=preload; as=image; fetchpriority=high`);
    const image = /<img class="doc-page__canvas" src="([^"]+)" width="800" height="(\d+)" alt="Page 1 of 3" fetchpriority="high"/.exec(painted.body);
    expect(image?.[1]?.replaceAll('&#38;', '&')).toBe(first);
    expect(Number(image?.[2])).toBe(Math.round((800 * a4.height) / a4.width));
    // Before the root the app renders into; the form's texts as text, never markup.
    expect(painted.body.indexOf('id="first-paint"')).toBeLessThan(painted.body.indexOf('<div id="root">'));
    expect(painted.body).toContain('<h1 class="signing__title">Tenancy &#60;b&#62;agreement&#60;/b&#62; $&#38; co - Imogen Pagewell</h1>');
    expect(painted.body).not.toContain('<b>');

    // A wrong token, a link whose recipient has acted, a code not yet given, a withdrawn form: the plain app, no image.
    const plain = (page: { body: string; preload: unknown }) => {
      expect(page.body).not.toContain('first-paint');
      expect(page.body).not.toContain('<img');
      expect(page.preload).toBeUndefined();
    };
    plain(await html(place, `${place.link.slice(0, -2)}xx`));
    const submitted = await server.call('/websigning', {
      body: { function: 'submit', consent: true, id: place.pageId, token: place.link, values: {} },
    });
    expect(submitted.body.data, JSON.stringify(submitted.body)).toMatchObject({ completed: true });
    plain(await html(place));
    const withdrawn = await sentWith(token, 'Tenancy agreement (withdrawn)', await pdfOf([a4], 'Withdrawn'), `withdrawn.${Date.now()}@mail.example`);
    expect((await html(withdrawn)).preload).toBeDefined();
    // A place that asks its holder for a code first: nothing of the form before it is given.
    const asking = (verification: 'none' | 'email-code') =>
      server.ctx.db.update(formRecipients).set({ verification }).where(eq(formRecipients.pageId, withdrawn.pageId));
    await asking('email-code');
    plain(await html(withdrawn));
    await asking('none');
    const { formId } = await trail(withdrawn.pageId);
    expect((await server.call('/form-progress', { token, body: { id: formId, action: 'withdraw' } })).status).toBe(200);
    plain(await html(withdrawn));
    expect((await trail(withdrawn.pageId)).events).not.toContain('opened');
  });

  it('of a PDF uploaded before they were drawn are drawn when a signing page first asks, which draws the PDF itself meanwhile', async () => {
    const { token } = await server.signIn('demo.admin');
    const bytes = await pdfOf([a4], 'Earlier');
    const place = await sentWith(token, 'Tenancy agreement (earlier)', bytes, `earlier.${Date.now()}@mail.example`);
    const key = new URL((await open(place)).document as string, 'http://formsign.test').searchParams.get('key') ?? '';
    expect(key).toMatch(/^templates\/\d+\/source-/);
    // As if uploaded before page images existed.
    await server.ctx.db.delete(pdfPageImages).where(eq(pdfPageImages.pdfKey, key));
    const asked = server.app.inject({ method: 'POST', url: '/api/websigning', payload: { function: 'load', id: place.pageId, token: place.link } });
    expect(((await asked).json() as { data: Json }).data.document_pages).toBeNull();
    await server.flushJobs();
    const pages = (await open(place)).document_pages as { width: number; height: number }[];
    expect(pages).toEqual([{ url: expect.stringContaining('-page-1.webp'), ...a4 }]);
  });
});
