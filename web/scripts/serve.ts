/**
 * Serves the production build (`web/dist`) and proxies `/api` to the backend with the prefix
 * removed (Prism serves the contract's paths at its root; the reference server will do the
 * same). Unknown paths get `index.html`, so the app's router shows them. Text assets are
 * gzipped once and kept in memory.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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
import { issueXsrfCookie, passesXsrfCheck, xsrfRefusal } from './xsrf.js';

export interface WebServerOptions {
  port: number;
  /** The backend's origin, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** The built app; `web/dist` by default. */
  root?: string;
  /** The interface to listen on; every interface when absent. */
  host?: string;
  /**
   * Markup put last in every page's `<body>`, outside the app's root. The mock mode gives
   * its banner here (`@formsign/mocks/mock-mode`); a real backend gives nothing.
   */
  bodyEnd?: string;
  /** Paths besides `/api` passed to the backend as they are, e.g. the mock's QA page `/__mock`. */
  passThrough?: readonly string[];
  /** How long the backend may take to answer before the caller is told so (504); 30 s by default. */
  proxyTimeoutMs?: number;
}

export interface WebServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

const gzipCache = new Map<string, Buffer>();

/** `content` answers the file's bytes when they are not the file's own (a page with `bodyEnd`). */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string, immutable: boolean, content?: (bytes: Buffer) => Buffer): void {
  const type = types[extname(file)] ?? 'application/octet-stream';
  response.setHeader('Content-Type', type);
  response.setHeader('Cache-Control', cacheControl(immutable));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // The page's own inline script is allowed by its hash (what `content` adds carries no script).
  if (type.startsWith('text/html')) response.setHeader('Content-Security-Policy', contentSecurityPolicy(readFileSync(file, 'utf8')));
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (content) {
    const bytes = content(readFileSync(file));
    const body = acceptsGzip ? gzipSync(bytes, { level: 9 }) : bytes;
    if (acceptsGzip) {
      response.setHeader('Content-Encoding', 'gzip');
      response.setHeader('Vary', 'Accept-Encoding');
    }
    response.setHeader('Content-Length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  if (acceptsGzip && compressible.test(type)) {
    // Keyed by modification time too, so a rebuild under a running server is served fresh.
    const key = `${file}:${statSync(file).mtimeMs}`;
    let body = gzipCache.get(key);
    if (!body) {
      body = gzipSync(readFileSync(file), { level: 9 });
      gzipCache.set(key, body);
    }
    response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Content-Length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.setHeader('Content-Length', statSync(file).size);
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}

/** Headers of one connection, not of the message: a proxy does not pass them on (RFC 9110, 7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers of a message without its hop-by-hop ones (those named by its Connection header too). */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name) && !named.has(name)));
}

const unreachable = { message: 'The service is not reachable right now. Please try again in a minute.' };
const tooSlow = { message: 'The service took too long to answer. Please try again in a minute.' };

/** Passes a request to the backend at `path`: the path it was routed on (`/api/x` as `/x`; a pass-through path as it is). */
function proxy(request: IncomingMessage, response: ServerResponse, apiUrl: URL, path: string, timeoutMs: number): void {
  if (!passesXsrfCheck(request)) {
    response.writeHead(403, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(xsrfRefusal));
    return;
  }
  const fail = (status: number, body: object): void => {
    if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const upstream = httpRequest(
    {
      hostname: apiUrl.hostname,
      port: apiUrl.port,
      path,
      method: request.method,
      headers: { ...endToEndHeaders(request.headers), host: apiUrl.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
      answer.pipe(response);
    },
  );
  upstream.setTimeout(timeoutMs, () => {
    upstream.destroy();
    fail(504, tooSlow);
  });
  upstream.on('error', () => {
    if (!response.writableEnded) fail(502, unreachable);
  });
  request.pipe(upstream);
}

export function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const root = resolve(options.root ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`No build at ${root}: run \`npm run build -w @formsign/web\` first.`);
  const apiUrl = new URL(options.apiUrl);
  const { bodyEnd, passThrough = [], proxyTimeoutMs = 30_000 } = options;
  const withBodyEnd = bodyEnd ? (bytes: Buffer): Buffer => Buffer.from(bytes.toString('utf8').replace('</body>', `${bodyEnd}</body>`)) : undefined;
  const server = createServer((request, response) => {
    // Routed on the address as the URL standard reads it, and forwarded as routed.
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
      return proxy(request, response, apiUrl, `${url.pathname.slice('/api'.length) || '/'}${url.search}`, proxyTimeoutMs);
    if (passThrough.includes(url.pathname)) return proxy(request, response, apiUrl, `${url.pathname}${url.search}`, proxyTimeoutMs);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    // Decoded once; a bad encoding is a bad request, never a crash.
    const path = decodePath(request.url ?? '/');
    if (path === null) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    // Never a dot-folder (the build's .vite manifest), never outside the build.
    const file = isRefusedPath(path) ? null : fileInside(root, path);
    const hashed = hashedFolders.test(path);
    if (file && existsSync(file) && statSync(file).isFile()) {
      return sendFile(request, response, file, hashed, file === index ? withBodyEnd : undefined);
    }
    // A path naming a file that is not there (robots.txt, a hidden file) is a 404; any other path is a page of the app.
    if (hashed || extname(path) !== '' || isRefusedPath(path)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    issueXsrfCookie(request, response);
    sendFile(request, response, index, false, withBodyEnd);
  });
  return new Promise((resolvePromise) => {
    // Without a host, Node listens on every interface, IPv6 and IPv4: `localhost` works either way.
    server.listen({ port: options.port, host: options.host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolvePromise({
        url: `http://localhost:${port}`,
        server,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
