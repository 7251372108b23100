/**
 * Serving the built web app beside the API. A path is decoded once (a bad encoding is a 400,
 * never a crash); hidden folders are refused after decoding; a file is served only when it is
 * inside the build (by `path.relative`, not a prefix test); a missing file (a path with an
 * extension) is a 404, while any other path gets `index.html` so the app's router shows it.
 * Built files are cached for a year (their names carry a hash), `index.html` never. Every
 * HTML answer carries the XSRF cookie, the Content-Security-Policy and its frame rule: no
 * framing at all, but for a signing link's page (`/web-signing/{pageId}?token=...`), which the
 * sites its organisation names may embed (`frame-ancestors` from `signingPage`, read from the
 * link when the page is served; a bad or unknown link, or a failed read, gets `'none'`). For
 * the holder of a valid link to an open form, that page also paints the form's first page
 * before the app starts (markup before `#root`, the image preloaded by a `Link` header, the
 * styles it uses inline and the stylesheet held back: `painted-page.ts`), and is then kept by
 * no cache. `/embed-example` is the page that shows how a site embeds one (`embed.js`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureXsrfCookie } from './cookies.js';
import { paintedPages } from './painted-page.js';
import { say } from '../i18n/i18n.js';
import { languageOfRequest } from './language.js';
import { failureTexts } from './texts.js';
import {
  cacheControl,
  compressible,
  contentSecurityPolicy,
  contentTypes as types,
  decodePath,
  fileInside,
  hashedFolders,
  isRefusedPath,
} from '@formsign/serving';
/** The pages an organisation may embed in its own site: signing through a link (its page id in the path). */
const embeddable = /^\/web-signing\/([^/]+)\/?$/;

export interface WebAppOptions {
  /** The built app (`web/dist`). */
  root: string;
  /**
   * What a signing link's page carries, read from its page id and token: where it may be
   * embedded (CSP `frame-ancestors` sources), and for the holder of a valid link to an open
   * form, its first page painted by the HTML (markup put before `#root`) and preloaded (the
   * image's address, a `Link` header). Without it, or on a failed read: `'none'`, and nothing
   * painted.
   */
  signingPage?: (pageId: string, token: string) => Promise<SigningPageHead>;
  /** Where the server logs a failed read (the page is then served with `'none'`). */
  log?: { warn(details: object, message: string): void };
}

/** What a signing link's page carries (`signingPage`). */
export interface SigningPageHead {
  /** The page's CSP `frame-ancestors` sources: the sites its organisation allows, or `'none'`. */
  frameAncestors: string;
  /** The first page's image address, for a `Link` preload; null when nothing is painted. */
  firstPage: string | null;
  /** The markup painted before the app starts (put before `#root`); null for none. */
  firstPaint: string | null;
}

/** A signing page with nothing of its link: framed by nobody, nothing painted. */
export const plainSigningPage: SigningPageHead = { frameAncestors: "'none'", firstPage: null, firstPaint: null };

interface Cached {
  mtimeMs: number;
  gzip: Buffer;
}

export function registerWebApp(app: FastifyInstance, options: WebAppOptions): void {
  const root = resolve(options.root);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`No build of the web app at ${root}: run \`npm run build\` first.`);
  const gzipCache = new Map<string, Cached>();
  const exampleFile = join(root, 'embed-example.html');
  const painted = paintedPages(root);

  function send(request: FastifyRequest, reply: FastifyReply, file: string, cacheForever: boolean): FastifyReply {
    const stat = statSync(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    reply.header('Content-Type', type).header('Cache-Control', cacheControl(cacheForever));
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (acceptsGzip && compressible.test(type)) {
      let cached = gzipCache.get(file);
      if (!cached || cached.mtimeMs !== stat.mtimeMs) {
        cached = { mtimeMs: stat.mtimeMs, gzip: gzipSync(readFileSync(file), { level: 9 }) };
        gzipCache.set(file, cached);
      }
      return reply.header('Content-Encoding', 'gzip').header('Vary', 'Accept-Encoding').send(cached.gzip);
    }
    return reply.send(readFileSync(file));
  }

  // The policies follow index.html: its inline boot script is allowed by hash (a rebuild under a running server included).
  let html: { mtimeMs: number; text: string; page: string } | null = null;
  function indexNow(): { text: string; page: string } {
    const mtimeMs = statSync(index).mtimeMs;
    if (html?.mtimeMs !== mtimeMs) {
      const text = readFileSync(index, 'utf8');
      html = { mtimeMs, text, page: contentSecurityPolicy(text) };
    }
    return html;
  }

  async function signingPageOf(request: FastifyRequest, pageId: string): Promise<SigningPageHead> {
    if (!options.signingPage) return plainSigningPage;
    const token = new URL(request.raw.url ?? '/', 'http://page').searchParams.get('token') ?? '';
    try {
      return await options.signingPage(pageId, token);
    } catch (error) {
      options.log?.warn({ err: error }, 'The signing link of a page could not be read; it is served unembeddable, without its first page.');
      return plainSigningPage;
    }
  }

  async function page(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    ensureXsrfCookie(request, reply);
    const signing = embeddable.exec(path);
    if (!signing?.[1]) {
      reply.header('Content-Security-Policy', indexNow().page);
      return send(request, reply, index, false);
    }
    const head = await signingPageOf(request, signing[1]);
    // X-Frame-Options cannot name sites: it goes where some may embed the page, whose CSP says which.
    if (head.frameAncestors !== "'none'") reply.removeHeader('x-frame-options');
    // The policy of index.html itself, and the paint's styles by their hashes: the first paint is markup only, no script.
    const { text } = indexNow();
    if (!head.firstPaint || !head.firstPage || !text.includes('<div id="root">')) {
      reply.header('Content-Security-Policy', contentSecurityPolicy(text, { frameAncestors: head.frameAncestors }));
      return send(request, reply, index, false);
    }
    const { html, styles } = painted.page(text, head.firstPaint);
    reply.header('Content-Security-Policy', contentSecurityPolicy(text, { frameAncestors: head.frameAncestors, styles }));
    reply.header('Link', `<${head.firstPage}>; rel=preload; as=image; fetchpriority=high`);
    // Says what the form says to its link's holder: kept by no cache.
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
    return reply.header('Content-Encoding', 'gzip').header('Vary', 'Accept-Encoding').send(gzipSync(html));
  }

  /** The page that shows a site how to embed a signing link: its own inline script allowed by hash, framed by nobody. */
  function example(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (!existsSync(exampleFile)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('Content-Security-Policy', contentSecurityPolicy(readFileSync(exampleFile, 'utf8')));
    return send(request, reply, exampleFile, false);
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = decodePath(request.raw.url ?? '/');
    if (path === null) return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: say(languageOfRequest(request), failureTexts.noSuchCall) });
    }
    if (isRefusedPath(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (path === '/embed-example' || path === '/embed-example.html') return example(request, reply);
    const file = fileInside(root, path);
    if (file === index) return page(request, reply, path);
    if (file && existsSync(file) && statSync(file).isFile()) {
      // The embed script is loaded by other sites' pages.
      if (path === '/embed.js') reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return send(request, reply, file, hashedFolders.test(path));
    }
    // A path naming a file that is not there; everything else is a page of the app.
    if (extname(path) !== '' || hashedFolders.test(path)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return page(request, reply, path);
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: serve });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: serve });
}
