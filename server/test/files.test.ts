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
});
