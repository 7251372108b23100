import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, companies, tutorials, users } from '../src/db/schema.js';
import type { memoryFileStore } from '../src/files/file-store.js';
import { multipart } from './support/contract-requests.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

const intro = '/media/fallback/intro.webm';
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
  it("are the company's languages and translations, English always, for anyone who asks by company id", async () => {
    const northwind = await companyIdOf('demo.admin');
    const answer = await server.call('/get-strings', { query: `cid=${northwind}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      default: 'en',
      languages: [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch' },
      ],
      strings: { en: {} },
    });
    expect(answer.body.strings.de).toMatchObject({ Dashboard: 'Übersicht', Settings: 'Einstellungen', 'Sign out': 'Abmelden' });
  });

  it("default to the company's language when it offers it", async () => {
    const { token } = await server.signIn('demo.admin');
    const northwind = await companyIdOf('demo.admin');
    await server.call('/user', { token, body: { data: { settings: { language: 'de' } } } });
    expect((await server.call('/get-strings', { query: `cid=${northwind}` })).body.default).toBe('de');
    await server.call('/user', { token, body: { data: { settings: { language: 'fr' } } } });
    expect((await server.call('/get-strings', { query: `cid=${northwind}` })).body.default).toBe('en');
  });

  it('are English only for a company without translations, or none', async () => {
    const englishOnly = { default: 'en', languages: [{ code: 'en', name: 'English' }], strings: { en: {} } };
    expect((await server.call('/get-strings', { query: `cid=${await companyIdOf(otherCompany.admin)}` })).body).toEqual(englishOnly);
    const [last] = await server.ctx.db.select({ id: companies.id }).from(companies).orderBy(companies.id);
    expect((await server.call('/get-strings', { query: `cid=${(last?.id ?? 0) + 1000}` })).body).toEqual(englishOnly);
  });
});
