/**
 * Serving the built web app beside the API. A path is decoded once (a bad encoding is a 400,
 * never a crash); hidden folders are refused after decoding; a file is served only when it is
 * inside the build (by `path.relative`, not a prefix test); a missing file (a path with an
 * extension) is a 404, while any other path gets `index.html` so the app's router shows it.
 * Built files are cached for a year (their names carry a hash), `index.html` never. Every
 * HTML answer carries the XSRF cookie, the Content-Security-Policy and its frame rule: no
 * framing at all, but for the signing pages, which an organisation may embed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureXsrfCookie } from './cookies.js';
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
/** Pages an organisation may embed in its own site (signing through a link). */
const embeddable = /^\/(web-signing|open-signing)(\/|$)/;

export interface WebAppOptions {
  /** The built app (`web/dist`). */
  root: string;
  /** Where signing pages may be embedded (CSP `frame-ancestors` sources); `*` by default. */
  signingFrameAncestors?: string;
  /** What a page's answer tells the browser to fetch at once (a `Link` header), by its path and query; none by default. */
  hints?: (path: string, query: URLSearchParams) => Promise<string | null>;
}

interface Cached {
  mtimeMs: number;
  gzip: Buffer;
}

export function registerWebApp(app: FastifyInstance, options: WebAppOptions): void {
  const root = resolve(options.root);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`No build of the web app at ${root}: run \`npm run build\` first.`);
  const gzipCache = new Map<string, Cached>();
  const frameAncestors = options.signingFrameAncestors ?? '*';

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
  let policies: { mtimeMs: number; page: string; embeddable: string } | null = null;
  function policiesNow(): { page: string; embeddable: string } {
    const mtimeMs = statSync(index).mtimeMs;
    if (policies?.mtimeMs !== mtimeMs) {
      const html = readFileSync(index, 'utf8');
      policies = { mtimeMs, page: contentSecurityPolicy(html), embeddable: contentSecurityPolicy(html, { frameAncestors }) };
    }
    return policies;
  }

  async function page(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    ensureXsrfCookie(request, reply);
    const link = options.hints ? await options.hints(path, new URL(request.raw.url ?? '/', 'http://page.invalid').searchParams) : null;
    if (link) reply.header('Link', link);
    if (embeddable.test(path)) {
      reply.removeHeader('x-frame-options');
      reply.header('Content-Security-Policy', policiesNow().embeddable);
    } else {
      reply.header('Content-Security-Policy', policiesNow().page);
    }
    return send(request, reply, index, false);
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = decodePath(request.raw.url ?? '/');
    if (path === null) return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: 'There is no such call.' });
    }
    if (isRefusedPath(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const file = fileInside(root, path);
    if (file === index) return page(request, reply, path);
    if (file && existsSync(file) && statSync(file).isFile()) {
      return send(request, reply, file, hashedFolders.test(path));
    }
    // A path naming a file that is not there; everything else is a page of the app.
    if (extname(path) !== '' || hashedFolders.test(path)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return page(request, reply, path);
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: serve });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: serve });
}
