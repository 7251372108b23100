import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, companies, tutorials, users } from '../src/db/schema.js';
import type { memoryFileStore } from '../src/files/file-store.js';
import { uploadsFolderPath } from '../src/http/uploads.js';
import { multipart } from './support/contract-requests.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const intro = '/media/fallback/intro.webm';
/** The stored file a signed address points at (its expiry moves with the clock; the file does not). */
const fileKeyOf = (url: string | undefined): string | null => new URL(url ?? '', 'http://localhost').searchParams.get('key');
const vtt = (text: string): string => `WEBVTT\n\n00:00.000 --> 00:02.000\n${text}\n`;

async function saveTrack(token: string, track: Record<string, unknown> | string): Promise<Json> {
  const form = multipart({ function: 'subtitle', data: typeof track === 'string' ? track : JSON.stringify(track) });
  return server.call('/save', { token, payload: form.payload, contentType: form.contentType });
}

async function download(src: string): Promise<Json> {
  const url = new URL(src, 'http://formsign.test');
  return server.call(url.pathname.replace(/^\/api/, ''), { method: 'GET', query: url.searchParams.toString() });
}

async function companyIdOf(login: string): Promise<number> {
  const [row] = await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}`);
  return row.companyId;
}

describe('tutorials', () => {
  it("are every company's and the company's own, in order, pointing at files the app ships", async () => {
    const { token } = await server.signIn('demo.basic');
    expect((await server.call('/video-tutorial', { token })).body).toEqual([
      { path: 'general', url: intro, icon: '', title: 'Introduction to formsign', subtitle: [] },
    ]);
    expect((await server.call('/pdf-tutorial', { token })).body).toEqual([
      { path: 'general', url: '/media/fallback/getting-started.pdf', icon: '', title: 'Getting started with formsign', subtitle: [] },
    ]);

    const harbour = await companyIdOf(otherCompany.admin);
    await server.ctx.db.insert(tutorials).values([
      { companyId: harbour, kind: 'pdf', path: 'time-attendance', url: '/media/harbour/rota.pdf', title: 'Our rota rules', position: 0 },
      { companyId: harbour, kind: 'pdf', path: 'general', url: '/media/harbour/handbook.pdf', title: 'Staff handbook', position: 2 },
    ]);
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect((await server.call('/pdf-tutorial', { token: grace.token })).body.map((item: Json) => item.title)).toEqual([
      'Our rota rules',
      'Getting started with formsign',
      'Staff handbook',
    ]);
    expect((await server.call('/pdf-tutorial', { token })).body.map((item: Json) => item.title)).toEqual(['Getting started with formsign']);
  });
});

describe('subtitle tracks', () => {
  it('are saved as WebVTT files, one per language, served by signed address for a day', async () => {
    const { token } = await server.signIn('demo.admin');
    const saved = await saveTrack(token, { video: intro, label: 'English', srclang: 'en', vtt: vtt('Welcome to formsign.') });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      { label: 'English', srclang: 'en', src: expect.stringMatching(/^\/api\/file\?key=subtitles%2F\d+%2F\d+%2Fen-[0-9a-f]+\.vtt&exp=\d+&sig=/) },
    ]);
    const file = await download(saved.body[0].src);
    expect(file).toMatchObject({ status: 200, text: vtt('Welcome to formsign.') });
    expect(file.headers['content-type']).toContain('text/vtt');

    const listed = (await server.call('/video-tutorial', { token })).body[0];
    expect(listed.subtitle).toEqual([{ label: 'English', srclang: 'en', src: expect.any(String) }]);

    // The same language again replaces the track and its file; another language adds one.
    const store = server.ctx.files as ReturnType<typeof memoryFileStore>;
    const replaced = await saveTrack(token, { video: intro, label: 'English (UK)', srclang: 'EN', vtt: vtt('Welcome to formsign, again.') });
    expect(replaced.body).toEqual([{ label: 'English (UK)', srclang: 'en', src: expect.any(String) }]);
    expect((await download(saved.body[0].src)).status).toBe(404);
    expect(await download(replaced.body[0].src)).toMatchObject({ status: 200, text: vtt('Welcome to formsign, again.') });
    const both = await saveTrack(token, {
      video: intro,
      label: 'Deutsch',
      srclang: 'de',
      vtt: `\uFEFFWEBVTT\n\n00:00.000 --> 00:02.000\nWillkommen.\n`,
    });
    expect(both.body.map((track: Json) => [track.label, track.srclang])).toEqual([
      ['Deutsch', 'de'],
      ['English (UK)', 'en'],
    ]);
    expect(store.keys().filter((key) => key.startsWith('subtitles/'))).toHaveLength(2);

    server.clock.advance(23 * 60 * 60_000);
    expect((await download(both.body[0].src)).status).toBe(200);
    server.clock.advance(2 * 60 * 60_000);
    expect((await download(both.body[0].src)).status).toBe(403);
  });

  it('are audited', async () => {
    const { token } = await server.signIn('demo.admin');
    await saveTrack(token, { video: intro, label: 'Français', srclang: 'fr', vtt: vtt('Bienvenue.') });
    const [event] = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.event, 'subtitle-saved'));
    expect(event).toMatchObject({ actor: 'Olivia Bennett', details: { video: intro } });
  });

  it('refuse what is not a WebVTT track of a tutorial video, in words that say why', async () => {
    const { token } = await server.signIn('demo.admin');
    const refused = async (track: Record<string, unknown> | string): Promise<string> => {
      const answer = await saveTrack(token, track);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refused({ video: intro, label: 'English', srclang: 'en', vtt: '1\n00:00:00,000 --> 00:00:02,000\nAn SRT file' })).toBe(
      'The subtitles must be a WebVTT file: its first line is WEBVTT.',
    );
    expect(await refused({ video: intro, label: 'English', srclang: 'en', vtt: 'WEBVTTX\n' })).toBe(
      'The subtitles must be a WebVTT file: its first line is WEBVTT.',
    );
    expect(await refused({ video: '/media/tutorials/unknown.mp4', label: 'English', srclang: 'en', vtt: vtt('Hello') })).toBe(
      'There is no such tutorial video.',
    );
    expect(await refused({ video: intro, label: 'English', srclang: 'english!', vtt: vtt('Hello') })).toBe(
      'Please give the language of the subtitles as a code, such as en or de.',
    );
    expect(await refused({ video: intro, label: ' ', srclang: 'en', vtt: vtt('Hello') })).toBe(
      'Please give the subtitles a name of up to 100 characters, such as English.',
    );
    expect(await refused('{"video": ')).toBe('The subtitle track could not be read.');
    expect(await refused({ video: intro, label: 'English', srclang: 'en', vtt: `WEBVTT\n\n${'x'.repeat(600 * 1024)}` })).toBe(
      'The subtitles file is too large: at most 512 KB.',
    );
    const basic = await server.signIn('demo.basic');
    expect((await saveTrack(basic.token, { video: intro, label: 'English', srclang: 'en', vtt: vtt('Hello') })).status).toBe(403);
  });

  it("are each company's own", async () => {
    const { token } = await server.signIn('demo.admin');
    await saveTrack(token, { video: intro, label: 'English', srclang: 'en', vtt: vtt('Northwind') });
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    expect((await server.call('/video-tutorial', { token: grace.token })).body[0].subtitle).toEqual([]);
    const harbour = await saveTrack(grace.token, { video: intro, label: 'Polski', srclang: 'pl', vtt: vtt('Witamy') });
    expect(harbour.body.map((track: Json) => track.srclang)).toEqual(['pl']);
    expect((await server.call('/video-tutorial', { token })).body[0].subtitle.map((track: Json) => track.srclang)).not.toContain('pl');
  });
});

describe('the interface strings', () => {
  it("are the product's languages and the company's translations, for anyone who asks by company id", async () => {
    const northwind = await companyIdOf('demo.admin');
    const answer = await server.call('/get-strings', { query: `cid=${northwind}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      default: 'en',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
        { code: 'fr', name: 'Français' },
        { code: 'es', name: 'Español' },
      ],
      strings: { en: {}, fr: {}, es: {} },
    });
    expect(answer.body.strings.de).toMatchObject({ Dashboard: 'Übersicht', Settings: 'Einstellungen', 'Sign out': 'Abmelden' });
  });

  it("default to the company's language when it offers it", async () => {
    const northwind = await companyIdOf('demo.admin');
    // A language kept from before the product spoke it is set here directly.
    const speak = async (language: string) => {
      const [company] = await server.ctx.db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, northwind));
      if (!company) throw new Error('No such company.');
      await server.ctx.db
        .update(companies)
        .set({ settings: { ...company.settings, language } })
        .where(eq(companies.id, northwind));
    };
    await speak('de');
    expect((await server.call('/get-strings', { query: `cid=${northwind}` })).body.default).toBe('de');
    await speak('fr');
    expect((await server.call('/get-strings', { query: `cid=${northwind}` })).body.default).toBe('fr');
    await speak('it');
    expect((await server.call('/get-strings', { query: `cid=${northwind}` })).body.default).toBe('en');
    await speak('en');
  });

  it('are the four languages the product speaks, with no wording of their own, for a company without translations, or none', async () => {
    const productLanguages = {
      default: 'en',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
        { code: 'fr', name: 'Français' },
        { code: 'es', name: 'Español' },
      ],
      strings: { en: {}, de: {}, fr: {}, es: {} },
    };
    expect((await server.call('/get-strings', { query: `cid=${await companyIdOf(otherCompany.admin)}` })).body).toEqual(productLanguages);
    const [last] = await server.ctx.db.select({ id: companies.id }).from(companies).orderBy(companies.id);
    expect((await server.call('/get-strings', { query: `cid=${(last?.id ?? 0) + 1000}` })).body).toEqual(productLanguages);
  });
});

/** A multipart body with text fields and, optionally, one file. */
function upload(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = '----formsign-tutorial-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The first bytes of an MP4 file (an `ftyp` box), a WebM file (an EBML header of type webm) and a PDF, then some content. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(4096, 7)]);
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(2048, 3),
]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function tutorialCall(token: string, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }): Promise<Json> {
  const body = upload(fields, file);
  return server.call('/tutorial', { token, payload: body.payload, contentType: body.contentType });
}

const uploadFolders = (): string[] => (existsSync(uploadsFolderPath()) ? readdirSync(uploadsFolderPath()) : []);

describe("an organisation's own tutorials", () => {
  it('are added by an administrator, served by signed address, retitled, moved, replaced and removed with their files', async () => {
    const { token } = await server.signIn('demo.admin');
    const added = await tutorialCall(
      token,
      { function: 'save', kind: 'video', path: 'dashboard', title: '  Reading   the dashboard ' },
      { name: 'dash.mp4', type: 'video/mp4', bytes: mp4 },
    );
    expect(added.status).toBe(200);
    const own = (added.body as Json[]).find((item) => item.id);
    expect(own).toEqual({
      id: expect.any(Number),
      path: 'dashboard',
      title: 'Reading the dashboard',
      icon: '',
      url: expect.stringMatching(/^\/api\/file\?key=tutorials%2F\d+%2F[0-9a-f]+\.mp4&exp=\d+&sig=/),
      subtitle: [],
    });
    // The shared introduction comes first, as before; it has no id (no one changes it here).
    expect((added.body as Json[]).map((item) => item.title)).toEqual(['Introduction to formsign', 'Reading the dashboard']);
    const served = await download(own?.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(served.raw, mp4)).toBe(0);
    // The temporary file of the upload is gone once the answer is sent.
    expect(uploadFolders()).toEqual([]);

    // Subtitles go with the uploaded video, by the address the list gave.
    const track = await saveTrack(token, { video: own?.url, label: 'English', srclang: 'en', vtt: vtt('The dashboard.') });
    expect(track.status).toBe(200);

    const store = server.ctx.files as ReturnType<typeof memoryFileStore>;
    const retitled = await tutorialCall(token, { function: 'save', kind: 'video', id: String(own?.id), path: 'general', title: 'The dashboard' });
    const retitledItem = (retitled.body as Json[]).find((item) => item.id === own?.id);
    expect(retitledItem).toMatchObject({ path: 'general', title: 'The dashboard' });
    expect(fileKeyOf(retitledItem?.url)).toBe(fileKeyOf(own?.url));
    const replaced = await tutorialCall(
      token,
      { function: 'save', kind: 'video', id: String(own?.id), path: 'general', title: 'The dashboard' },
      { name: 'dash.webm', type: 'application/octet-stream', bytes: webm },
    );
    const now = (replaced.body as Json[]).find((item) => item.id === own?.id);
    expect(now?.url).toMatch(/\.webm&/);
    expect(now?.subtitle.map((item: Json) => item.label)).toEqual(['English']);
    expect((await download(own?.url)).status).toBe(404);
    expect((await download(now?.url)).headers['content-type']).toBe('video/webm');

    const removed = await tutorialCall(token, { function: 'remove', kind: 'video', id: String(own?.id) });
    expect((removed.body as Json[]).map((item) => item.title)).toEqual(['Introduction to formsign']);
    expect(store.keys().filter((key) => key.startsWith('tutorials/') || key.includes(`/${own?.id}/`))).toEqual([]);
    const events = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.event, 'tutorial-saved'));
    expect(events.map((event) => event.target)).toEqual(['Reading the dashboard', 'The dashboard', 'The dashboard']);
  });

  it('take a PDF of at most 20 MB and a video by what its bytes are, never its name, in words that say why', async () => {
    const { token } = await server.signIn('demo.admin');
    const refused = async (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }): Promise<string> => {
      const answer = await tutorialCall(token, fields, file);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    const pdfFields = { function: 'save', kind: 'pdf', path: 'general', title: 'Handbook' };
    expect(await refused(pdfFields, { name: 'handbook.pdf', type: 'application/pdf', bytes: mp4 })).toBe(
      'This file is not a PDF. Please choose a PDF file.',
    );
    expect(await refused({ ...pdfFields, kind: 'video' }, { name: 'film.mp4', type: 'video/mp4', bytes: pdf })).toBe(
      'This file is not an MP4 or WebM video. Please choose a video in one of these formats.',
    );
    expect(await refused(pdfFields, { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]) })).toBe(
      'This PDF is larger than 20 MB. Please choose a smaller file.',
    );
    expect(await refused(pdfFields)).toBe('Please choose the PDF file.');
    expect(await refused({ ...pdfFields, title: ' ' }, { name: 'h.pdf', type: 'application/pdf', bytes: pdf })).toBe(
      'Please give the tutorial a title of up to 200 characters.',
    );
    expect(await refused({ ...pdfFields, path: '../etc' }, { name: 'h.pdf', type: 'application/pdf', bytes: pdf })).toBe(
      'Please choose the page the tutorial belongs to.',
    );
    const store = server.ctx.files as ReturnType<typeof memoryFileStore>;
    expect(store.keys().filter((key) => key.startsWith('tutorials/'))).toEqual([]);
    const saved = await tutorialCall(token, pdfFields, { name: 'handbook.bin', type: 'application/octet-stream', bytes: pdf });
    expect((saved.body as Json[]).find((item) => item.id)).toMatchObject({ title: 'Handbook', url: expect.stringMatching(/\.pdf&/) });
    const basic = await server.signIn('demo.basic');
    expect((await tutorialCall(basic.token, pdfFields, { name: 'h.pdf', type: 'application/pdf', bytes: pdf })).status).toBe(403);
  });

  it("are refused for another organisation's tutorial or the ones every organisation sees", async () => {
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const theirs = await tutorialCall(
      grace.token,
      { function: 'save', kind: 'pdf', path: 'general', title: 'Harbour rules' },
      { name: 'rules.pdf', type: 'application/pdf', bytes: pdf },
    );
    const id = String((theirs.body as Json[]).find((item) => item.id)?.id);
    const [shared] = await server.ctx.db.select().from(tutorials).where(eq(tutorials.kind, 'pdf'));
    const { token } = await server.signIn('demo.admin');
    const noSuch = 'There is no such tutorial of your organisation. Please reload the page: it may have been removed.';
    for (const fields of <Record<string, string>[]>[
      { function: 'remove', kind: 'pdf', id },
      { function: 'save', kind: 'pdf', id, path: 'general', title: 'Ours now' },
      { function: 'remove', kind: 'pdf', id: String(shared?.id) },
      { function: 'remove', kind: 'video', id },
    ]) {
      const answer = await tutorialCall(token, fields);
      expect(answer).toMatchObject({ status: 400, body: { message: noSuch } });
    }
    expect((await server.call('/pdf-tutorial', { token: grace.token })).body.map((item: Json) => item.title)).toContain('Harbour rules');
    expect((await server.call('/pdf-tutorial', { token })).body.map((item: Json) => item.title)).not.toContain('Harbour rules');
  });
});
