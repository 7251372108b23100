import { describe, expect, it } from 'vitest';
import { rawClientWith } from '../../test/support/raw-client.js';
import { defaultHeaders } from './default-headers.js';

describe('defaultHeaders', () => {
  it('adds fixed headers to every request', async () => {
    const { client, server } = rawClientWith(defaultHeaders({ Prefer: 'example=empty' }));
    await client.GET('/workflow');
    await client.POST('/logout');
    expect(server.requests.map((request) => request.headers.get('Prefer'))).toEqual(['example=empty', 'example=empty']);
  });

  it('asks a function on every request', async () => {
    let prefer: string | undefined = 'code=500, example=noMessage';
    const { client, server } = rawClientWith(defaultHeaders(() => (prefer ? { Prefer: prefer } : undefined)));
    await client.GET('/workflow');
    prefer = undefined;
    await client.GET('/workflow');
    expect(server.requests.map((request) => request.headers.get('Prefer'))).toEqual(['code=500, example=noMessage', null]);
  });

  it("yields to a call's own header", async () => {
    const { client, server } = rawClientWith(defaultHeaders([['Prefer', 'example=empty']]));
    await client.GET('/workflow', { headers: { Prefer: 'example=ok' } });
    expect(server.last().headers.get('Prefer')).toBe('example=ok');
  });
});
