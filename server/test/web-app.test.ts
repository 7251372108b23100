/**
 * Serving the built web app: decoding, hidden folders, containment, missing files, caching,
 * and the headers of every page (CSP, framing, the XSRF cookie).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/http/web-app.js';

/** The build's one inline script (it runs before the first paint). */
const bootScript = 'document.documentElement.dataset.boot = "1";';
const bootHash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

/** The example page's inline script. */
const exampleScript = 'document.title = "Embedding";';

let folder: string;
let app: FastifyInstance;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'formsign-web-'));
  const dist = join(folder, 'dist');
  mkdirSync(join(dist, 'js'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(folder, 'dist-secret'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>formsign</title><script>${bootScript}</script><script type="application/json" id="page-chunks">{"/":"home"}</script><div id="root"></div>`,
  );
  writeFileSync(join(dist, 'js', 'app-1a2b3c.js'), 'console.log("formsign")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'embed.js'), 'customElements.define("formsign-signing", class extends HTMLElement {});');
  writeFileSync(join(dist, 'embed-example.html'), `<!doctype html><formsign-signing link=""></formsign-signing><script>${exampleScript}</script>`);
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"secret": true}');
  writeFileSync(join(folder, 'dist-secret', 'key.txt'), 'the key');
  app = Fastify();
  await app.register(cookie);
  registerWebApp(app, { root: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('serving the built app', () => {
  it('answers a bad encoding with 400, and keeps answering', async () => {
    expect((await get('/%E0%A4%A')).statusCode).toBe(400);
    expect((await get('/dashboard', { cookie: 'XSRF-TOKEN=%E0%A4%A' })).statusCode).toBe(200);
    expect((await get('/dashboard')).statusCode).toBe(200);
  });

  it('refuses hidden folders, also when the dot is encoded', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/%2evite/manifest.json')).statusCode).toBe(404);
  });

  it('never serves a file outside the build, whatever the path says', async () => {
    for (const path of ['/%2e%2e%2fdist-secret/key.txt', '/..%2fdist-secret/key.txt', '/js/..%2f..%2fdist-secret/key.txt']) {
      const answer = await get(path);
      expect(answer.body, path).not.toContain('the key');
      expect(answer.statusCode, path).toBe(404);
    }
  });

  it('answers a missing file with 404, not the app', async () => {
    expect((await get('/robots.txt')).statusCode).toBe(404);
    expect((await get('/js/missing-123.js')).statusCode).toBe(404);
  });

  it('serves the app for any page of it, uncached, with its policy and the XSRF cookie', async () => {
    const page = await get('/template/edit/3/step1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>formsign</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    // Scripts from this origin, and the page's inline boot script by its hash: nothing else inline.
    expect(policy).toMatch(new RegExp(`(^|; )script-src 'self' ${bootHash.replace(/[+/]/g, '\\$&')}; `));
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{20,}; Path=\/; SameSite=Strict$/);
    // A browser that has the cookie keeps it.
    expect((await get('/dashboard', { cookie: 'XSRF-TOKEN=abc' })).headers['set-cookie']).toBeUndefined();
  });

  it('marks the XSRF cookie Secure when the app is reached over HTTPS', async () => {
    const secure = Fastify({ trustProxy: true });
    await secure.register(cookie);
    registerWebApp(secure, { root: join(folder, 'dist') });
    const page = await secure.inject({ method: 'GET', url: '/dashboard', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(page.headers['set-cookie'])).toContain('; Secure');
    await secure.close();
  });

  it('lets a signing link be framed where its organisation says, by its page id and token, and no other page', async () => {
    const embedded = Fastify();
    await embedded.register(cookie);
    const asked: [string, string][] = [];
    registerWebApp(embedded, {
      root: join(folder, 'dist'),
      signingPage: async (pageId, token) => {
        asked.push([pageId, token]);
        if (pageId === 'broken') throw new Error('The database is not answering.');
        return { frameAncestors: pageId === 'abc123' ? 'https://www.example.com' : "'none'", firstPage: null, firstPaint: null };
      },
    });
    const policyOf = async (url: string) => String((await embedded.inject({ method: 'GET', url })).headers['content-security-policy']);
    expect(await policyOf('/web-signing/abc123?token=t0k&order=1')).toContain('frame-ancestors https://www.example.com');
    expect(asked).toEqual([['abc123', 't0k']]);
    expect(await policyOf('/web-signing/other?token=t0k')).toContain("frame-ancestors 'none'");
    // A failed read frames nobody; a signed-in page of the app, and the open signing of a template, neither.
    expect(await policyOf('/web-signing/broken?token=t0k')).toContain("frame-ancestors 'none'");
    expect(await policyOf('/open-signing/12')).toContain("frame-ancestors 'none'");
    expect(await policyOf('/pending')).toContain("frame-ancestors 'none'");
    await embedded.close();
    // Without the organisation's word (no reader), nothing is embeddable.
    expect((await get('/web-signing/abc123?token=t0k')).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('paints a signing link’s first page before the app, only as its reader says, under the same policy, kept by no cache', async () => {
    const signing = Fastify();
    await signing.register(cookie);
    const image = '/api/file?key=templates%2F1%2Fpage-1.webp&exp=1&sig=s';
    // Markup as the reader writes it; a `$&` in a form's text stays as it is.
    const firstPaint = '<div class="first-paint" id="first-paint"><h1>Rent $& deposit</h1></div>';
    registerWebApp(signing, {
      root: join(folder, 'dist'),
      signingPage: async (pageId) => {
        if (pageId === 'broken') throw new Error('The database is not answering.');
        return pageId === 'abc123'
          ? { frameAncestors: "'none'", firstPage: image, firstPaint }
          : { frameAncestors: "'none'", firstPage: null, firstPaint: null };
      },
    });
    const page = await signing.inject({ method: 'GET', url: '/web-signing/abc123?token=t0k' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${firstPaint}<div id="root"></div>`);
    expect(page.headers.link).toBe(`<${image}>; rel=preload; as=image; fetchpriority=high`);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // The policy is index.html's own: its boot script by hash, no other script, no inline style.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${bootHash};`);
    expect(policy).toContain("style-src 'self';");
    const zipped = await signing.inject({ method: 'GET', url: '/web-signing/abc123?token=t0k', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(page.body);
    // No paint, no preload for a link the reader gives none, nor when it fails: index.html as it is.
    for (const url of ['/web-signing/other?token=t0k', '/web-signing/broken?token=t0k']) {
      const plain = await signing.inject({ method: 'GET', url });
      expect(plain.body).not.toContain('first-paint');
      expect(plain.headers.link).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
    }
    await signing.close();
  });

  it('paints with the styles the paint may use inline (allowed by hash), the stylesheet held back, no login page and no icon to fetch', async () => {
    const dist = join(folder, 'dist-styled');
    mkdirSync(join(dist, 'css'), { recursive: true });
    const boot = "document.documentElement.classList.add('embedded')";
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><script>${boot}</script><link rel="icon" href="/favicon.svg" type="image/svg+xml" />` +
        '<link rel="stylesheet" crossorigin href="/css/style-1a2b.css"></head>' +
        '<body><div id="root"><div data-prerendered=""><link rel="preload" as="image" href="/favicon.svg"/><p class="login">Log in</p></div>' +
        '<div class="spinner app-loading" role="status">Loading…</div></div></body>',
    );
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      join(dist, 'css', 'style-1a2b.css'),
      ':root{--ink:#123}/* a note */.first-paint{display:flex}.login{color:red}.embedded .brand{display:none}.button:not(.button--ghost){color:blue}' +
        '#root,.unused{flex:1}#other{color:green}@media (max-width:560px){.first-paint{padding:0}.unused{margin:0}}' +
        '@media print{.unused{margin:0}}@keyframes spin{to{rotate:1turn}}@keyframes pulse{to{opacity:0}}.spinner{animation:spin 1s}',
    );
    const signing = Fastify();
    await signing.register(cookie);
    const firstPaint =
      '<div class="first-paint" id="first-paint"><img src="/favicon.svg" alt=""><p class="brand">formsign</p><button class="button">Zoom</button></div>';
    registerWebApp(signing, { root: dist, signingPage: async () => ({ frameAncestors: "'none'", firstPage: '/api/file?key=p1', firstPaint }) });
    const page = await signing.inject({ method: 'GET', url: '/web-signing/abc123?token=t0k' });
    const style = /<style>([^<]*)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(style).toBe(
      ':root{--ink:#123}.first-paint{display:flex}.embedded .brand{display:none}.button:not(.button--ghost){color:blue}' +
        '#root,.unused{flex:1}@media (max-width:560px){.first-paint{padding:0}}@keyframes spin{to{rotate:1turn}}.spinner{animation:spin 1s}',
    );
    expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(style).digest('base64')}';`);
    // The stylesheet is there for the app, not fetched until the boot script turns it on.
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/css/style-1a2b.css" disabled>');
    expect(page.body).not.toContain('data-prerendered');
    expect(page.body).not.toContain('"/favicon.svg"');
    const icon = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect(page.body).toContain(`<link rel="icon" href="${icon}"`);
    expect(page.body).toContain(`<div class="first-paint" id="first-paint"><img src="${icon}" alt="">`);
    expect(page.body).toContain('<div id="root"><div class="spinner app-loading" role="status">Loading…</div></div>');
    await signing.close();
  });

  it('serves the embed script to other sites, and the page that shows how to embed with its own inline script allowed', async () => {
    const script = await get('/embed.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const example = await get('/embed-example?link=x');
    expect(example.statusCode).toBe(200);
    expect(example.body).toContain('<formsign-signing');
    const policy = String(example.headers['content-security-policy']);
    expect(policy).toContain(`'sha256-${createHash('sha256').update(exampleScript).digest('base64')}'`);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('caches hashed build files for a year, gzipped when asked', async () => {
    const script = await get('/js/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });
});
