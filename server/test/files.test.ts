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
    expect(ok.headers['content-disposition']).toBe('inline; filename="NWC-2026-0001.pdf"');

    const changed = new URLSearchParams(url.searchParams);
    changed.set('key', 'forms/2/receipt.pdf');
    expect((await server.call(path, { method: 'GET', query: changed.toString() })).status).toBe(403);

    server.clock.advance(61 * 60_000);
    const expired = await server.call(path, { method: 'GET', query: url.searchParams.toString() });
    expect(expired).toMatchObject({ status: 403, body: { message: 'This download link has expired. Please reload the page and try again.' } });
  });

  it('answers 404 for a signed address of a file that is gone', async () => {
    const url = new URL(signedFileUrl(server.ctx.keys, 'forms/9/gone.pdf', server.clock.now()), 'http://formsign.test');
    expect((await server.call('/file', { method: 'GET', query: url.searchParams.toString() })).status).toBe(404);
  });
});
