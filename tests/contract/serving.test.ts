/**
 * The app's server in mock mode and not: on the mock (`mockModeServing`) every page starts
 * with the mock's banner and `/__mock` reaches the mock's QA page at the app's own address;
 * on any other backend the same build is served without either.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'formsign-serving-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>formsign</title></head><body class="x"><div id="root"></div></body></html>');
  backend = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`backend ${request.url}`);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => backend.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

async function serving(options: Partial<typeof mockModeServing>, run: (web: WebServer) => Promise<void>): Promise<void> {
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
      const qa = await fetch(`${origin}/__mock?saved`, { method: 'POST', body: 'role=basicUser', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
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
});
