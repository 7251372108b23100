import { describe, expect, it } from 'vitest';
import { signedFileUrl } from '../src/files/signed-urls.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

describe('a file by its signed address', () => {
  it('downloads while the address is valid, and is refused when changed or expired', async () => {
    await server.ctx.files.put('forms/1/receipt.pdf', Buffer.from('%PDF-1.7 test'), 'application/pdf');
    const url = new URL(
      signedFileUrl(server.ctx.keys, 'forms/1/receipt.pdf', server.clock.now(), { name: 'NWC-2026-0001.pdf' }),
      'http://formsign.test',
    );
    const path = url.pathname.replace(/^\/api/, '');
    const ok = await server.call(path, { method: 'GET', query: url.searchParams.toString() });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('%PDF-1.7 test');
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(`inline; filename="NWC-2026-0001.pdf"; filename*=UTF-8''NWC-2026-0001.pdf`);

    const changed = new URLSearchParams(url.searchParams);
    changed.set('key', 'forms/2/receipt.pdf');
    expect((await server.call(path, { method: 'GET', query: changed.toString() })).status).toBe(403);

    server.clock.advance(61 * 60_000);
    const expired = await server.call(path, { method: 'GET', query: url.searchParams.toString() });
    expect(expired).toMatchObject({ status: 403, body: { message: 'This download link has expired. Please reload the page and try again.' } });
  });

  it('is saved as a file when the address asks to be downloaded, under a name any browser reads safely (RFC 6266)', async () => {
    await server.ctx.files.put('forms/1/sealed.pdf', Buffer.from('%PDF-1.7 sealed'), 'application/pdf');
    const name = 'NC-2026-0042 Zoë\'s "Leave" Request.pdf';
    const url = new URL(signedFileUrl(server.ctx.keys, 'forms/1/sealed.pdf', server.clock.now(), { name, download: true }), 'http://formsign.test');
    expect(url.searchParams.get('download')).toBe('1');
    const file = await server.call('/file', { method: 'GET', query: url.searchParams.toString() });
    expect(file).toMatchObject({ status: 200, text: '%PDF-1.7 sealed' });
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="NC-2026-0042 Zo_'s _Leave_ Request.pdf"; filename*=UTF-8''NC-2026-0042%20Zo%C3%AB%27s%20%22Leave%22%20Request.pdf`,
    );
    // A name that tries to end the header or climb folders is only a name.
    const sneaky = new URL(
      signedFileUrl(server.ctx.keys, 'forms/1/sealed.pdf', server.clock.now(), { name: '../x.pdf\r\nSet-Cookie: a=b', download: true }),
      'http://formsign.test',
    );
    const answer = await server.call('/file', { method: 'GET', query: sneaky.searchParams.toString() });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename=".._x.pdf__Set-Cookie: a=b"; filename*=UTF-8''.._x.pdf__Set-Cookie%3A%20a%3Db`,
    );
  });

  it('answers 404 for a signed address of a file that is gone', async () => {
    const url = new URL(signedFileUrl(server.ctx.keys, 'forms/9/gone.pdf', server.clock.now()), 'http://formsign.test');
    expect((await server.call('/file', { method: 'GET', query: url.searchParams.toString() })).status).toBe(404);
  });

  it('answers one range of bytes with 206, a range past the end with 416, and the whole file otherwise (RFC 9110)', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    await server.ctx.files.put('forms/3/template.pdf', bytes, 'application/pdf');
    const query = new URL(signedFileUrl(server.ctx.keys, 'forms/3/template.pdf', server.clock.now()), 'http://formsign.test').searchParams.toString();
    const get = (headers: Record<string, string> = {}) => server.call('/file', { method: 'GET', query, headers });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = String(whole.headers['etag']);
    expect(etag).toMatch(/^"[^"]+"$/);

    const parts: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=900-', 900, 999],
      ['bytes=-10', 990, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-5000', 0, 999],
    ];
    for (const [range, start, end] of parts) {
      const part = await get({ range });
      expect(part.status, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/1000`);
      expect(part.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(part.raw, bytes.subarray(start, end + 1)), range).toBe(0);
    }

    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const past = await get({ range });
      expect(past.status, range).toBe(416);
      expect(past.headers['content-range'], range).toBe('bytes */1000');
      expect(past.body).toEqual({ message: 'That part of the file is past its end. Please reload the page and try again.' });
    }

    // Several ranges, another unit or a malformed header: the whole file.
    for (const range of ['bytes=0-9,20-29', 'items=0-9', 'bytes=9-0', 'bytes=x-1']) {
      const answer = await get({ range });
      expect(answer.status, range).toBe(200);
      expect(answer.raw.length, range).toBe(1000);
    }

    // If-Range: the part while the file is the version named, the whole file once it changed.
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
    await server.ctx.files.put('forms/3/template.pdf', Buffer.concat([bytes, Buffer.from('more')]), 'application/pdf');
    const changed = await get({ range: 'bytes=0-9', 'if-range': etag });
    expect(changed.status).toBe(200);
    expect(changed.raw.length).toBe(1004);
    expect(changed.headers['etag']).not.toBe(etag);
    expect((await get({ range: 'bytes=0-9', 'if-range': 'Tue, 24 Nov 2026 10:00:00 GMT' })).status).toBe(200);

    // The signed address is checked before any byte: a changed key is refused, range or not.
    const other = new URLSearchParams(query);
    other.set('key', 'forms/4/template.pdf');
    expect((await server.call('/file', { method: 'GET', query: other.toString(), headers: { range: 'bytes=0-9' } })).status).toBe(403);
  });
});
