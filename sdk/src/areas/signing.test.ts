import { describe, expect, it } from 'vitest';
import { fakeClient, json, rejection } from '../../test/support/fake-fetch.js';
import { formLoadFailed, offline } from '../../test/support/texts.js';

const load = { function: 'load' as const, id: 'f7c2a9e4', refs: '', token: 'sgn_1', order: 1, uuid: 'u1' };
const receipt = { status: 'signed' as const, completed: false, next: 'Ethan Wright', message: 'Thank you.' };

describe('signing.call', () => {
  it('answers data when error is empty', async () => {
    const { client, server } = fakeClient(() => json({ data: receipt, error: '' }));
    await expect(client.signing.call(load)).resolves.toEqual(receipt);
    expect(await server.last().json()).toEqual(load);
  });

  it("rejects with the server's error, in a 200 or a failure status", async () => {
    for (const status of [200, 400, 404, 500]) {
      const { client } = fakeClient(() => json({ data: null, error: 'This signing link has expired.' }, status));
      expect(await rejection(client.signing.call(load))).toMatchObject({ status, message: 'This signing link has expired.' });
    }
  });

  it('rejects with the form-load text when the server gives no error', async () => {
    for (const handler of [() => json({ data: null, error: '' }, 500), () => json({}, 502), () => new Response('<html/>', { status: 200 })]) {
      const { client } = fakeClient(handler);
      expect(await rejection(client.signing.call(load))).toMatchObject({ message: formLoadFailed });
    }
  });

  it('a network failure reads the form-load text online and the offline text offline', async () => {
    const fail = () => Promise.reject(new TypeError('Failed to fetch'));
    const online = fakeClient(fail, { isOffline: () => false });
    expect(await rejection(online.client.signing.call(load))).toMatchObject({ status: 0, message: formLoadFailed });
    const offlineClient = fakeClient(fail, { isOffline: () => true });
    expect(await rejection(offlineClient.client.signing.call(load))).toMatchObject({ status: 0, message: offline });
  });

  it('a failure status while offline still reads the server’s answer', async () => {
    const { client } = fakeClient(() => json({ data: null, error: '' }, 500), { isOffline: () => true });
    expect(await rejection(client.signing.call(load))).toMatchObject({ status: 500, message: formLoadFailed });
  });
});
