import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { issueXsrfCookie, passesXsrfCheck, xsrfRefusal } from './scripts/xsrf.js';

/** The backend `/api` is proxied to in development: the mock (`npm run mock`) unless API_URL says otherwise. */
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4010';

/** The XSRF cookie and check of the production server, in the dev server too. */
function xsrfPair(): Plugin {
  return {
    name: 'formsign-xsrf-pair',
    configureServer(server) {
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

export default defineConfig({
  base: '/',
  plugins: [react(), xsrfPair(), pageChunkManifest()],
  resolve: { conditions: ['@formsign/source', ...defaultClientConditions] },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: apiUrl, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') } },
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole app (section 9).
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    // The manifest lets the size budgets (.size-limit.js) follow hashed file names.
    manifest: true,
    rollupOptions: {
      output: {
        // Every page is its own lazily loaded script under js/ (section 9).
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'css/[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
});
