// The size budgets of the production build (`npm run size`), gzipped: the scripts the login
// page loads, each page's own chunk, and the stylesheet. The figures come from Vite's
// manifest, so hashed file names never need updating here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dist = new URL('./dist/', import.meta.url);
const manifestFile = new URL('.vite/manifest.json', dist);
if (!existsSync(manifestFile)) throw new Error('No build: run `npm run build -w @formsign/web` first.');

/** @type {Record<string, { file: string; imports?: string[]; src?: string }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The scripts an entry of the manifest loads at once: its own and its static imports, transitively. */
function scripts(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const next of chunk.imports ?? []) scripts(next, seen);
  return seen;
}

const file = (key) => `dist/${manifest[key].file}`;
const loginScripts = new Set([...scripts('index.html'), ...scripts('src/pages/login-page.tsx')]);
const pages = Object.keys(manifest).filter((key) => /^src\/pages\/[\w-]+\.tsx$/.test(key));
const css = readdirSync(new URL('css/', dist)).map((name) => `dist/css/${name}`);
// chart.js and what it draws with, in the worker that draws every chart (loaded with the first chart).
const chartWorker = readdirSync(new URL('assets/', dist))
  .filter((name) => /^chart\.worker-[\w-]+\.js$/.test(name))
  .map((name) => `dist/assets/${name}`);

// The limits are what the build reaches, with a little room: 122.5 KB, 6.1 KB (the users
// page, which carries its own list machine), 9.0 KB and 62.3 KB when they were last set (the
// login scripts carry the contract's code texts, not their meanings). The stylesheet is one
// file for the whole app and grew to 9.7 KB with the signing page's document: its pages, the
// fields in their boxes, the guide at the foot of the screen and the last screen. /login paints from
// index.html before its scripts arrive (web/src/prerender/), so they decide when it answers,
// not when it shows. The login scripts grew to 124.2 KB and the users page to 6.4 KB when
// twelve calls joined the SDK's areas (cases, roles, pre-population, tutorials, deliveries,
// payments), which the app's main chunk carries whole, and the company's date style joined
// the shell: the next saving is to load each area of the SDK with the pages that use it. They
// grew to 124.7 KB with the organisations' API keys (three calls, and the SDK's `apiKey`), and
// to 125.8 KB with the webhook subscriptions' seven calls and single sign-on's four; the
// settings page's chunk to 6.65 KB with the sites that may embed signing pages (its two new
// tabs load on their own), and the stylesheet to 9.81 KB. Splitting the SDK's areas out of the
// main chunk is now the saving to make before the next call joins. Bulk sends are the first
// area kept out of the client (`bulkSendsApi(client.transport)`, loaded with their page); their
// four operations' roles and one route still took the login scripts to 126.04 KB (126.1).
// Every area of the SDK but the shell's (sign-in, account, strings, tutorials; and settings,
// whose company date style the shell reads) is now made where its pages use it
// (`area(templatesApi)`, web/src/api/client.ts): 124.73 KB. The initials and stamp fields took
// the stylesheet to 10.02 KB (their boxes on the document, the initials pad, the stamp under
// the form: 10.1) and the template editor's fields step to 6.97 KB (its two new types, the
// rules of both and the warning while the organisation has no stamp), the one page chunk
// allowed more than the others (7.1 KB): an administrator's editor, never a first paint.
// Speaking four languages, every message keeps its id beside its English in the code that says
// it (web/scripts/words-plugins.ts), so English pages load no catalogue; the login scripts
// stayed within 126.1 KB (125.7 KB) by loading the tutorial panel, the company's date style,
// My Account's calls and the second sign-in step with what needs them, and the SDK's
// application codes by product area. The four largest pages, each an administrator's (users,
// the integration's page, My Account, the template editor's fields step), grew by 0.7 to 1.3 KB:
// 7.6 KB for a page chunk, 8.1 KB for the fields step.
export default [
  { name: 'Scripts /login loads', path: [...loginScripts].map(file), limit: '126.1 KB', gzip: true },
  ...pages.map((key) => ({
    name: `Page chunk ${key.slice('src/pages/'.length, -'.tsx'.length)}`,
    path: file(key),
    limit: key === 'src/pages/template-step2-page.tsx' ? '8.1 KB' : '7.6 KB',
    gzip: true,
  })),
  { name: 'Stylesheet', path: css, limit: '10.1 KB', gzip: true },
  { name: 'Chart worker', path: chartWorker, limit: '62.5 KB', gzip: true },
];
