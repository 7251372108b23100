import { cpSync, createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defaultClientConditions, defaultServerConditions, defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import { bootScript, type PageScripts } from './src/prerender/boot-script.js';
import type * as Xsrf from './scripts/xsrf.js';
import { wordsPlugins } from './scripts/words-plugins.js';

/** The backend `/api` is proxied to in development: the mock (`npm run mock`) unless API_URL says otherwise. */
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4010';

/**
 * The XSRF cookie and check of the production server, in the dev server too. `scripts/xsrf.ts`
 * uses the SDK's names, so it is loaded through Vite (which resolves the workspace packages to
 * their sources), not by the config's own loader.
 */
function xsrfPair(): Plugin {
  return {
    name: 'formsign-xsrf-pair',
    async configureServer(server) {
      const { issueXsrfCookie, passesXsrfCheck, xsrfRefusal } = (await server.ssrLoadModule('/scripts/xsrf.ts')) as typeof Xsrf;
      server.middlewares.use((request, response, next) => {
        if (request.url?.startsWith('/api')) {
          if (!passesXsrfCheck(request)) {
            response.statusCode = 403;
            response.setHeader('Content-Type', 'application/json');
            response.end(JSON.stringify(xsrfRefusal));
            return;
          }
        } else if (request.headers.accept?.includes('text/html')) {
          issueXsrfCookie(request, response);
        }
        next();
      });
    },
  };
}

/**
 * Lists each page's script in index.html (`<script type="application/json" id="page-chunks">`),
 * so a chunk loading error can name the exact request that failed, and a retry can ask for it
 * again.
 */
function pageChunkManifest(): Plugin {
  return {
    name: 'formsign-page-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          const page = output.type === 'chunk' ? /\/src\/pages\/([\w-]+)\.tsx$/.exec(output.facadeModuleId ?? '') : null;
          if (output.type === 'chunk' && page?.[1]) files[page[1]] = `/${output.fileName}`;
        }
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'page-chunks' }, children: JSON.stringify(files), injectTo: 'head' }];
      },
    },
  };
}

/** Where pdf.js's own data files are: the folder of its package. */
const pdfjsFolder = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const pdfjsVersion = (JSON.parse(readFileSync(join(pdfjsFolder, 'package.json'), 'utf8')) as { version: string }).version;
/** What pdf.js fetches for some PDFs: the 14 standard fonts, CJK character maps, its decoders (wasm) and colour profiles. */
const pdfjsData = ['standard_fonts', 'cmaps', 'wasm', 'iccs'];

/**
 * pdf.js's data files, served by the app itself under `/assets/pdfjs-<version>/` (the folder
 * `src/features/forms/pdf-document.ts` names): a PDF whose fonts are not embedded is drawn
 * with the right ones, and nothing is asked of another site. The version in the path lets
 * them be kept as long as the hashed files.
 */
function pdfjsDataFiles(): Plugin {
  const prefix = `/assets/pdfjs-${pdfjsVersion}/`;
  let outDir = '';
  return {
    name: 'formsign-pdfjs-data',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (!path.startsWith(prefix)) return next();
        const file = resolve(pdfjsFolder, `.${decodeURIComponent(path.slice(prefix.length - 1))}`);
        const inside = relative(pdfjsFolder, file);
        if (!pdfjsData.includes(inside.split(sep)[0] ?? '') || !existsSync(file) || !statSync(file).isFile()) return next();
        createReadStream(file).pipe(response);
      });
    },
    writeBundle() {
      for (const folder of pdfjsData) cpSync(join(pdfjsFolder, folder), join(outDir, prefix, folder), { recursive: true });
    },
  };
}

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['transformIndexHtml']>, { handler: unknown }>['handler']>[1]['bundle']>;

/** For each route, its page's chunk and the chunks it imports that the app's entry does not: the boot script asks for them with the app's own. */
function pageScripts(routes: readonly { path: string; chunk: string }[], bundle: Bundle): PageScripts[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = entry ? closure(entry.fileName) : new Set<string>();
  return routes.flatMap(({ path, chunk }) => {
    const page = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/src/pages/${chunk}.tsx`));
    if (!page) return [];
    return [{ path, files: [...closure(page.fileName)].filter((file) => !loaded.has(file)).map((file) => `/${file}`) }];
  });
}

/** Storage that forgets: the prerendered visitor has no session. */
function memoryStorage(): { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Renders the login page into index.html (web/src/prerender/): /login paints before any
 * script arrives, and every other page shows the loading spinner meanwhile. The app is
 * rendered in Node by a Vite server of its own, with the few browser objects the app reads
 * while rendering (storage, the window's width); a script put first in <head> says, before
 * the first paint, which of the two shows.
 */
function prerenderedLogin(): Plugin {
  return {
    name: 'formsign-prerendered-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const source = '@formsign/source';
        const server = await createServer({
          configFile: false,
          root: fileURLToPath(new URL('.', import.meta.url)),
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
          resolve: { conditions: [source, ...defaultClientConditions] },
          ssr: { noExternal: [/^@formsign\//], resolve: { conditions: [source, ...defaultServerConditions], externalConditions: [source] } },
          plugins: [...wordsPlugins()],
        });
        const globals = globalThis as Record<string, unknown>;
        const before = { window: globals.window, document: globals.document, location: globals.location };
        const location = { href: 'http://localhost/login', origin: 'http://localhost', pathname: '/login', search: '', hash: '' };
        globals.window = { localStorage: memoryStorage(), sessionStorage: memoryStorage(), innerWidth: 390, location };
        globals.document = { getElementById: () => null };
        // The SDK resolves the API's relative address against the page's.
        globals.location = location;
        try {
          const { renderLoginMarkup } = (await server.ssrLoadModule('/src/prerender/login-markup.tsx')) as { renderLoginMarkup(): Promise<string> };
          const markup = await renderLoginMarkup();
          const { routes } = (await server.ssrLoadModule('/src/routes/route-table.ts')) as { routes: { path: string; chunk: string }[] };
          const charset = '<meta charset="UTF-8" />';
          if (!html.includes('<div id="root"></div>') || !html.includes(charset))
            throw new Error('index.html has no charset or no empty #root to prerender into.');
          // The app's scripts are asked for by the boot script (see bootScript) instead of these tags.
          const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
          if (!entry?.[1]) throw new Error('index.html has no module script for the app.');
          const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
          let page = html.replace(entry[0], '');
          for (const preload of preloads) page = page.replace(preload[0], '');
          const boot = bootScript(
            entry[1],
            preloads.map((preload) => preload[1] ?? ''),
            pageScripts(routes, context.bundle ?? {}),
          );
          // Every other page shows the loading spinner until the app starts.
          const loading = '<div class="spinner app-loading" role="status">Loading…</div>';
          return page
            .replace(charset, `${charset}\n    <script>${boot}</script>`)
            .replace('<div id="root"></div>', `<div id="root">${markup}${loading}</div>`);
        } finally {
          globals.window = before.window;
          globals.document = before.document;
          globals.location = before.location;
          await server.close();
        }
      },
    },
  };
}

/**
 * `/embed.js` (src/embed/formsign-signing.ts), the script another site loads to embed a
 * signing link, built on its own (one small script, none of the app), and `/embed-example`'s
 * page (src/embed/embed-example.html), which shows how.
 */
function embedScript(): Plugin {
  const folder = fileURLToPath(new URL('./src/embed/', import.meta.url));
  return {
    name: 'formsign-embed-script',
    apply: 'build',
    async generateBundle() {
      const file = join(folder, 'formsign-signing.ts');
      const { code } = await transformWithEsbuild(readFileSync(file, 'utf8'), file, { loader: 'ts', format: 'iife', target: 'es2020', minify: true });
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: code });
      this.emitFile({ type: 'asset', fileName: 'embed-example.html', source: readFileSync(join(folder, 'embed-example.html'), 'utf8') });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [...wordsPlugins(), xsrfPair(), pageChunkManifest(), prerenderedLogin(), pdfjsDataFiles(), embedScript()],
  resolve: { conditions: ['@formsign/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@formsign/source', ...defaultServerConditions] } },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: apiUrl, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') } },
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole app, loaded once.
    cssCodeSplit: false,
    // The boot script asks for the scripts with <link rel="modulepreload">, which every
    // browser the build targets knows: no polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The manifest lets the size budgets (.size-limit.js) follow hashed file names.
    manifest: true,
    rollupOptions: {
      output: {
        // Every page is its own lazily loaded script under js/. What the app's entry
        // loads at once is one script (Rollup keeps a single entry's static imports together);
        // pages and what only pages use are split as Rollup splits them, following the names
        // used, so a machine only one page needs stays with that page.
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css')) ? 'css/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
});
