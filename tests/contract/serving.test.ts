/**
 * The app's server in mock mode and not: on the mock (`mockModeServing`) every page starts
 * with the mock's banner and `/__mock` reaches the mock's QA page at the app's own address;
 * on any other backend the same build is served without either.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockBannerHtml, mockModeServing } from '@formsign/mocks/mock-mode';
import { startWebServer, type WebServer } from '../../web/scripts/serve.ts';

let root: string;
let backend: Server;
let backendUrl: string;
const seen: string[] = [];
/** The headers of each request the backend received, by its path. */
const received = new Map<string, Record<string, string | string[] | undefined>>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'formsign-serving-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>formsign</title></head><body class="x"><div id="root"></div></body></html>',
  );
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, '.vite', 'manifest.json'), '{"secret":true}');
  // A folder beside the build whose name starts like the build's: outside it all the same.
  mkdirSync(`${root}-secret`);
  writeFileSync(join(`${root}-secret`, 'key.txt'), 'the key');
  backend = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    received.set(request.url ?? '', request.headers);
    if (request.url === '/slow') return; // never answers
    response
      .writeHead(200, { 'Content-Type': 'text/plain', 'Keep-Alive': 'timeout=5', 'X-Hop': 'dropped', Connection: 'X-Hop' })
      .end(`backend ${request.url}`);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});

afterAll(async () => {
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
  rmSync(root, { recursive: true, force: true });
  rmSync(`${root}-secret`, { recursive: true, force: true });
});

async function serving(
  options: Partial<typeof mockModeServing> & { proxyTimeoutMs?: number },
  run: (web: WebServer) => Promise<void>,
): Promise<void> {
  const web = await startWebServer({ port: 0, apiUrl: backendUrl, root, host: '127.0.0.1', ...options });
  try {
    await run(web);
  } finally {
    await web.stop();
  }
}

describe('the app’s server', () => {
  it('on the mock, starts every page with the banner and passes /__mock to the mock', async () => {
    await serving(mockModeServing, async (web) => {
      const origin = web.url.replace('localhost', '127.0.0.1');
      for (const path of ['/', '/completed', '/index.html']) {
        const page = await (await fetch(`${origin}${path}`)).text();
        expect(page, path).toContain(`<div id="root"></div>${mockBannerHtml}</body>`);
      }
      expect(mockBannerHtml).toContain('Example data from the mock: changes are not kept.');
      const qa = await fetch(`${origin}/__mock?saved`, {
        method: 'POST',
        body: 'role=basicUser',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(await qa.text()).toBe('backend /__mock?saved');
      expect(seen).toContain('POST /__mock?saved');
    });
  });

  it('on any other backend, serves the same build without the banner and without /__mock', async () => {
    await serving({}, async (web) => {
      const origin = web.url.replace('localhost', '127.0.0.1');
      const page = await (await fetch(`${origin}/completed`)).text();
      expect(page).not.toContain('mock-banner');
      seen.length = 0;
      const qa = await fetch(`${origin}/__mock`);
      expect(await qa.text()).not.toContain('backend');
      expect(seen).toEqual([]);
    });
  });

  it('answers a bad encoding 400, never serves a hidden folder or a file outside the build, and a missing file is a 404', async () => {
    await serving({}, async (web) => {
      const origin = web.url.replace('localhost', '127.0.0.1');
      // Raw requests: fetch would normalise the paths before sending them.
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const url = new URL(origin);
          httpRequest({ hostname: url.hostname, port: url.port, path, headers }, (answer) => {
            let body = '';
            answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
            answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
          })
            .on('error', reject)
            .end();
        });
      expect(await get('/%E0%A4%A')).toEqual({ status: 400, body: 'Bad request' });
      expect((await get('/completed', { Cookie: 'XSRF-TOKEN=%E0%A4%A' })).status).toBe(200);
      expect((await get('/%2evite/manifest.json')).status).toBe(404);
      expect((await get('/.vite/manifest.json')).status).toBe(404);
      const escape = await get(`/%2e%2e%2f${root.split('/').pop() ?? ''}-secret/key.txt`);
      expect(escape.body).not.toContain('the key');
      expect(escape.status).toBe(404);
      expect(await get('/robots.txt')).toEqual({ status: 404, body: 'Not found' });
      expect((await get('/completed')).body).toContain('<div id="root">');
      // The server still answers after all that.
      expect((await get('/')).status).toBe(200);
    });
  });

  it('passes /api calls on as routed, without the hop-by-hop headers either way, and tells a caller when the backend is too slow', async () => {
    await serving({ proxyTimeoutMs: 300 }, async (web) => {
      const origin = web.url.replace('localhost', '127.0.0.1');
      // A raw request: fetch refuses to send a Connection header of its own.
      const answer = await new Promise<{ body: string; headers: Record<string, unknown> }>((resolve, reject) => {
        const url = new URL(origin);
        httpRequest(
          {
            hostname: url.hostname,
            port: url.port,
            path: '/api/users?page=2',
            headers: { 'X-Test': 'kept', Connection: 'close, X-Private', 'X-Private': 'dropped' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ body, headers: response.headers }));
          },
        )
          .on('error', reject)
          .end();
      });
      expect(answer.body).toBe('backend /users?page=2');
      expect(answer.headers['x-hop']).toBeUndefined();
      expect(answer.headers['keep-alive']).toBeUndefined();
      const headers = received.get('/users?page=2');
      expect(headers?.['x-test']).toBe('kept');
      expect(headers?.['x-private']).toBeUndefined();

      const slow = await fetch(`${origin}/api/slow`);
      expect(slow.status).toBe(504);
      expect(await slow.json()).toEqual({ message: 'The service took too long to answer. Please try again in a minute.' });
    });
  });
});
