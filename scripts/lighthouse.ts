/**
 * `npm run lighthouse`: measures the production build as Lighthouse measures it, on its mobile
 * profile (simulated slow 4G and a 4x slower processor), and prints the figures: /login, and
 * /dashboard signed in as the administrator on a cold cache. The build is served as
 * `npm start` serves it, with `/api` proxied to the contract mock.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (3 by default), each in a fresh browser; the
 * table shows every run and the median run (by performance score). Chromium comes from
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium. With LIGHTHOUSE_REPORTS=<folder>, each
 * run's full report is written there as JSON (open it in the Lighthouse viewer).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { loadDocument, resolveRef, type ExampleObject } from '@formsign/openapi';
import { freePort, startMock } from '@formsign/mocks';
import { startWebServer } from '../web/scripts/serve.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
if (!chromiumPath) throw new Error('No Chromium: set CHROMIUM_PATH, or install Debian’s chromium.');
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** The administrator's session, as the login flow stores it (the LoginAdministrator example). */
function administratorSession(): Record<string, string> {
  const document = loadDocument();
  const login = resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as {
    token: string;
    issuper: boolean;
    isPersonal: boolean;
    isadmin: boolean;
    isfront: boolean;
    img: string;
  };
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

/** One Lighthouse run of `path` in a fresh browser; signed in first when a session is given. */
async function measure(origin: string, path: string, session: Record<string, string> | undefined, report: string): Promise<Figures> {
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
    const answer = await lighthouse(`${origin}${path}`, flags, undefined, page);
    if (!answer) throw new Error(`Lighthouse gave no result for ${path}`);
    if (answer.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${answer.lhr.runtimeError.message}`);
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      writeFileSync(`${reports}/${report}.json`, JSON.stringify(answer.lhr));
    }
    const landed = new URL(answer.lhr.finalDisplayedUrl).pathname;
    if (landed !== path) throw new Error(`${path} ended on ${landed}: the measurement would be of another page.`);
    // A page that paints from index.html alone would score well without the app: it must have started.
    const started = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
      return doc.querySelector('#root > .app') !== null && doc.querySelector('[data-prerendered]') === null;
    });
    if (!started) throw new Error(`The app did not start on ${path}: the figures would be of index.html alone.`);
    return figures(answer.lhr);
  } finally {
    await browser.close();
  }
}

const ms = (value: number): string => `${(value / 1000).toFixed(2)} s`;
const row = (label: string, f: Figures): string =>
  `| ${label} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} | ${(f.bytes / 1024).toFixed(0)} KiB |`;

const mock = await startMock();
const web = await startWebServer({ port: Number(process.env.LIGHTHOUSE_PORT ?? (await freePort())), apiUrl: mock.url, host: '127.0.0.1' });
const origin = web.url.replace('localhost', '127.0.0.1');
const pages: { label: string; path: string; session?: Record<string, string> }[] = [
  { label: '/login', path: '/login' },
  { label: '/dashboard (signed in, cold cache)', path: '/dashboard', session: administratorSession() },
];

console.log(`Lighthouse ${lighthouseVersion}, mobile profile, ${runs} run(s) a page, Chromium at ${chromiumPath}\n`);
const lines = [
  '| Page | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | Transferred |',
  '|---|---|---|---|---|---|---|---|---|',
];
try {
  for (const { label, path, session } of pages) {
    const results: Figures[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await measure(origin, path, session, `${path.slice(1)}-run${run}`);
      results.push(result);
      console.log(row(`${label}, run ${run}`, result));
    }
    const sorted = [...results].sort((a, b) => a.performance - b.performance);
    lines.push(row(`${label} (median of ${runs})`, sorted[Math.floor((sorted.length - 1) / 2)] as Figures));
  }
  console.log(`\n${lines.join('\n')}`);
} finally {
  await web.stop();
  await mock.stop();
}
