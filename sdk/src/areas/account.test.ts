import { describe, expect, it } from 'vitest';
import { fakeClient, json, rejection, token } from '../../test/support/fake-fetch.js';
import { clientError, confirmEmailTexts, serverError, unexpected } from '../../test/support/texts.js';
import { appCodes } from '../generated/app-codes.js';

/** The failing codes of an operation's table. */
function failingCodes(operation: keyof typeof appCodes): string[] {
  return Object.entries(appCodes[operation])
    .filter(([, { outcome }]) => outcome === 'failure')
    .map(([code]) => code);
}

describe('account saves read the error field', () => {
  it.each([
    ['updateProfile', 'PUT'],
    ['saveCompany', 'POST'],
  ] as const)('%s: the server error when given, else the band text', async (name, method) => {
    const save = (client: ReturnType<typeof fakeClient>['client']) => client.account[name]({ phone: '+44 20 7946 0321' });
    const taken = fakeClient(() => json({ error: 'This email address is used by another account.' }, 400));
    expect(await rejection(save(taken.client))).toMatchObject({ status: 400, message: 'This email address is used by another account.' });
    expect(taken.server.last().method).toBe(method);
    expect(await taken.server.last().json()).toEqual({ data: { phone: '+44 20 7946 0321' } });
    const noError = fakeClient(() => json({ error: '' }, 500));
    expect(await rejection(save(noError.client))).toMatchObject({ status: 500, message: serverError });
    const messageOnly = fakeClient(() => json({ message: 'not the field' }, 400));
    expect(await rejection(save(messageOnly.client))).toMatchObject({ status: 400, message: clientError });
  });
});

describe('account.confirmEmail', () => {
  it('posts the key and resolves on code 1', async () => {
    const { client, server } = fakeClient(() => json({ code: 1, message: 'Changed.' }));
    await expect(client.account.confirmEmail({ key: 'k.e.y' })).resolves.toEqual({ code: 1, message: 'Changed.' });
    expect(server.last().url).toBe('http://formsign.test/api/confirm-email');
    expect(await server.last().json()).toEqual({ key: 'k.e.y' });
  });

  it('covers every failing code of the contract', () => {
    expect(failingCodes('confirmEmail').sort()).toEqual(Object.keys(confirmEmailTexts).sort());
  });

  it.each(Object.entries(confirmEmailTexts))('code %s reads %j', async (code, text) => {
    const { client } = fakeClient(() => json({ code: Number(code), message: '' }));
    expect(await rejection(client.account.confirmEmail({ key: 'k' }))).toMatchObject({ status: 200, code: Number(code), message: text });
  });
});

describe('account.countUnusedEnvelopes', () => {
  it('posts the token as a form field and answers the number', async () => {
    const { client, server } = fakeClient(() => json({ unused: 64 }));
    await expect(client.account.countUnusedEnvelopes()).resolves.toBe(64);
    const request = server.last();
    expect(request.url).toBe('http://formsign.test/api/envelopes');
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(await request.text()).toBe(new URLSearchParams({ token }).toString());
  });

  it('rejects with a 401 and sends nothing without a token', async () => {
    const { client, server } = fakeClient(() => json({ unused: 1 }), { token: () => undefined });
    expect(await rejection(client.account.countUnusedEnvelopes())).toMatchObject({ status: 401, message: clientError });
    expect(server.requests).toHaveLength(0);
  });
});

describe('account products', () => {
  const product = { id: 'env-250', name: '250 envelopes', envelopes: 250, price: 14900, currency: 'gbp' };
  const session = { session_id: 'cs_1', url: '/checkout/return?session_id=cs_1' };
  const status = {
    status: 'complete',
    product: 'env-250',
    envelopes: 250,
    amount: 14900,
    currency: 'gbp',
    email: 'o@n.example',
    test_payment: false,
  };

  it('lists, checks out and asks the status with the right action', async () => {
    const answers = [
      { data: [product], payments: 'stripe' },
      session,
      status,
      { company: 2, name: 'Harbour', envelopes: 600, unused_envelopes: 412 },
    ];
    const { client, server } = fakeClient(() => json(answers.shift()));
    await expect(client.account.products()).resolves.toEqual({ data: [product], payments: 'stripe' });
    await expect(client.account.checkout({ product: 'env-250', quantity: 2 })).resolves.toEqual(session);
    await expect(client.account.purchaseStatus('cs_1')).resolves.toEqual(status);
    await expect(client.account.grantEnvelopes({ company: 2, envelopes: 100, reason: 'Invoice 142' })).resolves.toMatchObject({ envelopes: 600 });
    const bodies = await Promise.all(server.requests.map((request) => request.json()));
    expect(bodies).toEqual([
      { action: 'list' },
      { action: 'checkout', product: 'env-250', quantity: 2 },
      { action: 'status', session_id: 'cs_1' },
      { company: 2, envelopes: 100, reason: 'Invoice 142' },
    ]);
    expect(server.requests[3]?.url).toMatch(/\/api\/grant-envelopes$/);
  });

  it('rejects an answer of the wrong shape', async () => {
    const { client } = fakeClient(() => json(session));
    expect(await rejection(client.account.products())).toMatchObject({ status: 200, message: unexpected });
    expect(await rejection(client.account.purchaseStatus('cs_1'))).toMatchObject({ status: 200, message: unexpected });
    const list = fakeClient(() => json({ data: [product] }));
    expect(await rejection(list.client.account.checkout({ product: 'env-250' }))).toMatchObject({ status: 200, message: unexpected });
  });
});
