/**
 * `npm run lighthouse`: measures the production build as Lighthouse measures it, on its mobile
 * profile (simulated slow 4G and a 4x slower processor), and prints the figures: /login, and
 * /dashboard signed in as the administrator on a cold cache. The build is served as
 * `npm start` serves it, with `/api` proxied to the contract mock. Then the signing page of a
 * form whose template is a 20-page PDF, on the reference server as `npm start` runs it (a
 * fresh embedded database, the demo organisation seeded; the form made and sent through the
 * API, once the server has drawn the images of the PDF's pages): its scores, and when its
 * first PDF page is drawn (the page's `formsign:first-page` mark), read in a run whose slow
 * network and processor are applied rather than simulated.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (3 by default), each in a fresh browser; the
 * table shows every run and the median run (by performance score). Chromium comes from
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium. With LIGHTHOUSE_REPORTS=<folder>, each
 * run's full report is written there as JSON (open it in the Lighthouse viewer). With
 * LIGHTHOUSE_ONLY=<words>, only the pages whose label holds those words are measured
 * (`LIGHTHOUSE_ONLY=signing`, say).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { loadDocument, resolveRef, type ExampleObject } from '@formsign/openapi';
import type { LoginResponse } from '@formsign/sdk';
import { freePort, startMock } from '@formsign/mocks';
import { readConfig } from '../server/src/config.ts';
import { formRecipients, forms, pdfPageImages } from '../server/src/db/schema.ts';
import { recipientLink } from '../server/src/modules/forms/links.ts';
import { startServer, type RunningServer } from '../server/src/server.ts';
import { startWebServer } from '../web/scripts/serve.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
if (!chromiumPath) throw new Error('No Chromium: set CHROMIUM_PATH, or install Debian’s chromium.');
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** What a sign-in answers that the login flow keeps. */
type Login = Pick<LoginResponse, 'token' | 'issuper' | 'isPersonal' | 'isadmin' | 'isfront' | 'img'>;

/** The administrator's session, as the login flow stores it (the LoginAdministrator example). */
function administratorSession(): Record<string, string> {
  const document = loadDocument();
  return sessionOf(resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as Login);
}

/** A session as the login flow stores it. */
function sessionOf(login: Login): Record<string, string> {
  return {
    token: login.token,
    isSuper: String(login.issuper),
    isPersonal: String(login.isPersonal),
    isSubAdmin: String(login.isadmin),
    isFrontAdmin: String(login.isfront),
    userIcon: login.img,
  };
}

interface Figures {
  /** When the first page of a signing page's document was drawn (its mark), in ms; NaN on other pages. */
  firstPage: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

function figures(result: Result): Figures {
  const score = (category: string): number => Math.round((result.categories[category]?.score ?? 0) * 100);
  const value = (audit: string): number => result.audits[audit]?.numericValue ?? Number.NaN;
  return {
    firstPage: Number.NaN,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

async function launch(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

const flags: Flags = { onlyCategories: ['performance', 'accessibility', 'best-practices'], logLevel: 'error' };

/**
 * The mark the signing page sets once the first page of its document is on screen
 * (web/src/prerender/first-paint.ts): when the browser painted the first page the link's HTML
 * carries, else when the app drew it.
 */
const firstPageMark = 'formsign:first-page';

/**
 * One Lighthouse run of `path` in a fresh browser; signed in first when a session is given.
 * `applied`: the slow network and processor are applied to the page rather than simulated
 * (the page's own marks then show the times of a slow phone; the scores are Lighthouse's
 * usual ones only with the simulation).
 */
async function measure(origin: string, path: string, session: Record<string, string> | undefined, report: string, applied = false): Promise<Figures> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    if (session) {
      // Lighthouse empties the browser cache before it loads the page, but keeps local storage:
      // the page loads cold, signed in.
      await page.goto(`${origin}/login`, { waitUntil: 'load' });
      await page.evaluate((entries) => {
        // Runs in the page: its localStorage.
        for (const [key, value] of Object.entries(entries))
          (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(key, value);
      }, session);
    }
    const answer = await lighthouse(`${origin}${path}`, applied ? { ...flags, throttlingMethod: 'devtools' } : flags, undefined, page);
    if (!answer) throw new Error(`Lighthouse gave no result for ${path}`);
    if (answer.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${answer.lhr.runtimeError.message}`);
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(`${reports}/${report}.json`, JSON.stringify(answer.lhr));
    }
    const landed = new URL(answer.lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(path, origin).pathname) throw new Error(`${path} ended on ${landed}: the measurement would be of another page.`);
    // A page that paints from its HTML alone would score well without the app: it must have started, and taken the paint's place.
    const started = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
      return doc.querySelector('#root > .app') !== null && doc.querySelector('[data-prerendered], #first-paint') === null;
    });
    if (!started) throw new Error(`The app did not start on ${path}: the figures would be of index.html alone.`);
    // The mark as the page recorded it (from the navigation's start), waited for a little if the page is still drawing.
    const firstPage = await page
      .waitForFunction((name: string) => performance.getEntriesByName(name)[0]?.startTime ?? false, { timeout: 15_000 }, firstPageMark)
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => Number.NaN);
    return { ...figures(answer.lhr), firstPage };
  } finally {
    await browser.close();
  }
}

const ms = (value: number): string => (Number.isNaN(value) ? '–' : `${(value / 1000).toFixed(2)} s`);
const row = (label: string, f: Figures): string =>
  `| ${label} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${ms(f.firstPage)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} | ${(f.bytes / 1024).toFixed(0)} KiB |`;

/** A PDF of `count` A4 pages of text, as a contract or a lease is. */
async function longPdf(count: number): Promise<Buffer> {
  const pdf = PDF.create();
  for (let number = 1; number <= count; number++) {
    const page = pdf.addPage({ width: 595.28, height: 841.89 });
    page.drawText(`Tenancy agreement, page ${number} of ${count}`, { x: 72, y: 780, size: 18 });
    for (let line = 0; line < 40; line++)
      page.drawText(`${number}.${line + 1} The tenant keeps the property in good repair and returns it as it was let, fair wear excepted.`, {
        x: 72,
        y: 740 - line * 16,
        size: 9,
      });
  }
  return Buffer.from(await pdf.save());
}

/**
 * The reference server, as `npm start` runs it on a fresh embedded database, serving the build,
 * with a form sent from a template whose PDF has 20 pages: the fields of its one signer sit on
 * the first page and the last. Answers the server and the signing link's path.
 */
async function longPdfForm(): Promise<{ server: RunningServer; data: string; path: string }> {
  const data = mkdtempSync(join(tmpdir(), 'formsign-lighthouse-'));
  const port = await freePort();
  const config = readConfig({
    PORT: String(port),
    FORMSIGN_DATA: data,
    FORMSIGN_PUBLIC_URL: `http://127.0.0.1:${port}`,
    FORMSIGN_WEB_ROOT: fileURLToPath(new URL('../web/dist', import.meta.url)),
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config, { rateLimits: {} });
  let token = '';
  const call = async (path: string, body: string | Buffer, contentType = 'application/json'): Promise<Record<string, unknown>> => {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=lighthouse', 'x-xsrf-token': 'lighthouse' });
    const response = await fetch(`${config.publicUrl}/api${path}`, { method: 'POST', headers, body });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok || (answer.code !== undefined && answer.code !== 1)) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
    return answer;
  };
  const json = (path: string, body: unknown) => call(path, JSON.stringify(body));
  token = String((await json('/login', { name: 'demo.admin', password: 'formsign-demo', challenge: false })).token);
  const created = await json('/getforms', {
    functions: 'create',
    type: 'details',
    value: { title: 'Tenancy agreement (20 pages)', description: 'A lease of twenty pages.', category: 'Housing' },
  });
  const id = Number(created.id);
  const boundary = 'lighthouse-boundary';
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="function"\r\n\r\nupload\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tenancy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    await longPdf(20),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  await call('/template-pdf', multipart, `multipart/form-data; boundary=${boundary}`);
  await json('/getforms', { functions: 'update', id, type: 'steps', value: { sequential: true, steps: [{ label: 'Tenant', action: 'sign' }] } });
  await json('/getforms', {
    functions: 'update',
    id,
    type: 'fields',
    value: [
      {
        name: 'tenant_name',
        label: 'Tenant’s full name',
        type: 'text',
        required: true,
        placement: { page: 1, x: 72, y: 60, width: 260, height: 22 },
      },
      { name: 'signed_on', label: 'Date', type: 'date', required: true, placement: { page: 20, x: 72, y: 120, width: 140, height: 22 } },
      {
        name: 'signature',
        label: 'Tenant’s signature',
        type: 'signature',
        required: true,
        placement: { page: 20, x: 72, y: 60, width: 200, height: 44 },
      },
    ],
  });
  const sent = await json('/send-form', { template: id, recipients: [{ name: 'Nadia Brooks', email: 'nadia.brooks@mail.example' }] });
  const [recipient] = await server.context.db
    .select({ pageId: formRecipients.pageId, order: formRecipients.order })
    .from(formRecipients)
    .where(eq(formRecipients.formId, Number(sent.id)));
  if (!recipient) throw new Error('The form was sent to no one.');
  // A template is uploaded well before its forms are signed: the images of its pages, which the
  // upload queued, are drawn before the page is measured (else the first run measures the PDF
  // drawn in the browser, the way of a PDF not drawn yet).
  const [form] = await server.context.db
    .select({ pdfKey: forms.pdfKey })
    .from(forms)
    .where(eq(forms.id, Number(sent.id)));
  for (let waited = 0; ; waited += 250) {
    const [drawn] = await server.context.db
      .select({ status: pdfPageImages.status })
      .from(pdfPageImages)
      .where(eq(pdfPageImages.pdfKey, form?.pdfKey ?? ''));
    if (drawn) {
      if (drawn.status !== 'ready') throw new Error('The server could not draw the pages of the PDF as images.');
      break;
    }
    if (waited > 120_000) throw new Error('The server did not draw the pages of the PDF as images within two minutes.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, data, path: recipientLink(server.context.keys, '', { ...recipient, action: 'sign' }) };
}

const mock = await startMock();
const web = await startWebServer({ port: Number(process.env.LIGHTHOUSE_PORT ?? (await freePort())), apiUrl: mock.url, host: '127.0.0.1' });
const origin = web.url.replace('localhost', '127.0.0.1');
const pages: { label: string; path: string; session?: Record<string, string> }[] = [
  { label: '/login', path: '/login' },
  { label: '/dashboard (signed in, cold cache)', path: '/dashboard', session: administratorSession() },
];

console.log(`Lighthouse ${lighthouseVersion}, mobile profile, ${runs} run(s) a page, Chromium at ${chromiumPath}\n`);
const lines = [
  '| Page | Performance | Accessibility | Best practices | FCP | LCP | First PDF page | TBT | CLS | Transferred |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

const only = process.env.LIGHTHOUSE_ONLY;
const measured = (label: string): boolean => !only || label.includes(only);

async function measureRuns(label: string, at: string, path: string, session?: Record<string, string>, applied = false): Promise<void> {
  if (!measured(label)) return;
  const results: Figures[] = [];
  for (let run = 1; run <= runs; run++) {
    const result = await measure(at, path, session, `${label.replace(/\W+/g, '-')}-run${run}`, applied);
    results.push(result);
    console.log(row(`${label}, run ${run}`, result));
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  lines.push(row(`${label} (median of ${runs})`, sorted[Math.floor((sorted.length - 1) / 2)] as Figures));
}

try {
  for (const { label, path, session } of pages) await measureRuns(label, origin, path, session);
} finally {
  await web.stop();
  await mock.stop();
}

/**
 * LIGHTHOUSE_SERVER=<address of a running server serving the build, seeded with `npm run seed`>:
 * its dashboard and lists signed in as LIGHTHOUSE_USER (password LIGHTHOUSE_PASSWORD, the seed's
 * by default), at the size of its data.
 */
const seededServer = process.env.LIGHTHOUSE_SERVER?.replace(/\/$/, '');
if (seededServer) {
  const response = await fetch(`${seededServer}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=lighthouse', 'x-xsrf-token': 'lighthouse' },
    body: JSON.stringify({
      name: process.env.LIGHTHOUSE_USER ?? 'bench.admin.2',
      password: process.env.LIGHTHOUSE_PASSWORD ?? 'formsign-demo',
      challenge: false,
    }),
  });
  const login = (await response.json()) as Login;
  if (!response.ok || !login.token) throw new Error(`Could not sign in to ${seededServer}: ${JSON.stringify(login)}`);
  for (const path of ['/dashboard', '/workflow', '/pending', '/completed', '/database'])
    await measureRuns(`${path} (seeded server, signed in)`, seededServer, path, sessionOf(login));
}

const seeded = measured('signing page') ? await longPdfForm() : undefined;
if (seeded)
  try {
    const at = seeded.server.url.replace('localhost', '127.0.0.1');
    await measureRuns('signing page, 20-page PDF', at, seeded.path);
    await measureRuns('signing page, 20-page PDF, slow phone applied', at, seeded.path, undefined, true);
  } finally {
    await seeded.server.stop();
    rmSync(seeded.data, { recursive: true, force: true });
  }
console.log(`\n${lines.join('\n')}`);
console.log(
  '\nFirst PDF page: when the signing page showed the first page of its document, from the navigation’s start (the formsign:first-page mark: the page its HTML painted, as the browser timed it). With the simulated profile the page itself loads at full speed, so the applied run is the one to read; figures on a shared machine are indicative.',
);
