import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/auth/principal.js';
import { verifyAccessToken } from '../src/auth/tokens.js';
import { auditEvents, purchases, users } from '../src/db/schema.js';
import type { PaymentProvider } from '../src/modules/purchases/payment-provider.js';
import { purchaseOutcome } from '../src/modules/purchases/purchase-outcome.js';
import { paymentsWith } from '../src/modules/purchases/purchases.js';
import { startCheckout } from '../src/modules/purchases/start-checkout.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();

async function envelopes(token: string): Promise<{ envelopes: number; unused_envelopes: number }> {
  return (await server.call('/user', { method: 'GET', token })).body.company;
}

async function checkout(token: string, product: string, quantity?: number) {
  return server.call('/products', { token, body: { action: 'checkout', product, ...(quantity ? { quantity } : {}) } });
}

async function status(token: string, sessionId: string) {
  return server.call('/products', { token, body: { action: 'status', session_id: sessionId } });
}

async function stored(sessionId: string) {
  const [row] = await server.ctx.db.select().from(purchases).where(eq(purchases.sessionId, sessionId));
  return row;
}

describe('envelope products', () => {
  it('are the packs on offer, in pence, for everyone, with the test provider only as the suite asks for it (FORMSIGN_PAYMENTS=test)', async () => {
    const { token } = await server.signIn('demo.basic');
    for (const body of [undefined, { action: 'list' }]) {
      expect((await server.call('/products', { token, ...(body ? { body } : {}) })).body).toEqual({
        data: [
          { id: 'env-50', name: '50 envelopes', envelopes: 50, price: 3900, currency: 'gbp' },
          { id: 'env-250', name: '250 envelopes', envelopes: 250, price: 14900, currency: 'gbp' },
          { id: 'env-1000', name: '1000 envelopes', envelopes: 1000, price: 49900, currency: 'gbp' },
        ],
        payments: 'test',
      });
    }
  });
});

describe('buying envelopes', () => {
  it('starts a checkout that returns to this app, and completes it once, adding the envelopes once', async () => {
    const { token } = await server.signIn('demo.admin');
    const before = await envelopes(token);
    const started = await checkout(token, 'env-250', 2);
    expect(started.status).toBe(200);
    expect(started.body.session_id).toMatch(/^cs_test_[\w-]{20,}$/);
    expect(started.body.url).toBe(`/checkout/return?session_id=${started.body.session_id}`);
    expect(await stored(started.body.session_id)).toMatchObject({
      status: 'open',
      provider: 'test',
      product: 'env-250',
      quantity: 2,
      envelopes: 500,
      amount: 29800,
      currency: 'gbp',
      email: 'demo.admin@northwindcare.example',
    });
    expect(await envelopes(token)).toEqual(before);

    const paid = await status(token, started.body.session_id);
    expect(paid.body).toEqual({
      status: 'complete',
      product: 'env-250',
      envelopes: 500,
      amount: 29800,
      currency: 'gbp',
      email: 'demo.admin@northwindcare.example',
      test_payment: true,
    });
    expect(await envelopes(token)).toMatchObject({ envelopes: before.envelopes + 500, unused_envelopes: before.unused_envelopes + 500 });
    // The receipt the page says was sent, was, and says that no money was taken.
    const receipts = server.mail.filter((mail) => mail.subject === 'Your receipt (test payment): 500 envelopes');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: 'demo.admin@northwindcare.example' });
    expect(receipts[0]?.text).toContain('Test payment: no money was taken. Amount: £298.00.');
    expect(receipts[0]?.text).not.toContain('Amount paid');
    expect(receipts[0]?.text).toContain(`Payment reference: ${started.body.session_id}.`);
    const counted = await server.call('/envelopes', {
      token,
      payload: `token=${encodeURIComponent(token)}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(counted.body).toEqual({ unused: before.unused_envelopes + 500 });

    expect((await status(token, started.body.session_id)).body.status).toBe('complete');
    expect(await envelopes(token)).toMatchObject({ envelopes: before.envelopes + 500 });
    const trail = await server.ctx.db
      .select({ details: auditEvents.details, actor: auditEvents.actor })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'purchase'));
    expect(trail.map((event) => event.details['stage'])).toEqual(['checkout', 'complete']);
    expect(trail[1]).toMatchObject({ actor: 'Olivia Bennett', details: { session: started.body.session_id, envelopes: 500, amount: 29800 } });
  });

  it('adds the envelopes once when asked about several times at once', async () => {
    const { token } = await server.signIn('demo.admin');
    const before = await envelopes(token);
    const started = await checkout(token, 'env-50');
    const answers = await Promise.all([1, 2, 3, 4].map(() => status(token, started.body.session_id)));
    expect(answers.map((answer) => answer.body.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
    expect(server.mail.filter((mail) => mail.subject === 'Your receipt (test payment): 50 envelopes')).toHaveLength(1);
    expect(await envelopes(token)).toMatchObject({ envelopes: before.envelopes + 50 });
    const completions = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.event, 'purchase')));
    expect(completions.filter((event) => event.details['session'] === started.body.session_id && event.details['stage'] === 'complete')).toHaveLength(
      1,
    );
  });

  it('is settled once when several requests reach the payment provider at the same moment', async () => {
    const { token } = await server.signIn('demo.admin');
    const verified = await verifyAccessToken(server.ctx.keys, token, server.clock.now());
    const principal = verified ? await loadPrincipal(server.ctx.db, verified) : null;
    if (!principal) throw new Error('No principal');
    // A provider that answers "paid" only once every request has asked: they then settle together.
    const waiting: (() => void)[] = [];
    const together: PaymentProvider = {
      name: 'together',
      startCheckout: async () => ({ sessionId: `cs_together_${Date.now()}`, url: '/checkout/return' }),
      checkoutState: () =>
        new Promise((resolve) => {
          waiting.push(() => resolve('complete'));
          if (waiting.length === 4) for (const go of waiting) go();
        }),
    };
    const payments = paymentsWith(together);
    const origin = { ip: '127.0.0.1', userAgent: 'tests' };
    const before = await envelopes(token);
    const started = await startCheckout(server.ctx, payments, principal, { product: 'env-250' }, origin);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => purchaseOutcome(server.ctx, payments, principal, started.session_id, origin)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
    expect(await envelopes(token)).toMatchObject({ envelopes: before.envelopes + 250 });
  });

  it('expires when not paid within a day, adding nothing', async () => {
    const { token } = await server.signIn('demo.admin');
    const before = await envelopes(token);
    const started = await checkout(token, 'env-1000');
    server.clock.advance(25 * 60 * 60_000);
    const later = await server.signIn('demo.admin');
    expect((await status(later.token, started.body.session_id)).body).toEqual({
      status: 'expired',
      product: 'env-1000',
      envelopes: 0,
      amount: 49900,
      currency: 'gbp',
      email: 'demo.admin@northwindcare.example',
      test_payment: true,
    });
    expect((await status(later.token, started.body.session_id)).body.status).toBe('expired');
    expect(await envelopes(later.token)).toMatchObject({ envelopes: before.envelopes });
  });

  it('is for administrators, of a pack on offer', async () => {
    const admin = await server.signIn('demo.admin');
    const started = await checkout(admin.token, 'env-50');
    const basic = await server.signIn('demo.basic');
    expect(await checkout(basic.token, 'env-50')).toMatchObject({ status: 403, body: { message: 'Only administrators can do this.' } });
    expect((await status(basic.token, started.body.session_id)).status).toBe(403);
    expect(await checkout(admin.token, 'env-7')).toMatchObject({ status: 400, body: { message: 'There is no such envelope pack.' } });
    expect(await server.call('/products', { token: admin.token, body: { action: 'checkout' } })).toMatchObject({
      status: 400,
      body: { message: 'Please choose an envelope pack.' },
    });
    expect((await checkout(admin.token, 'env-50', 21)).status).toBe(400);
    expect(await server.call('/products', { token: admin.token, body: { action: 'status' } })).toMatchObject({
      status: 400,
      body: { message: 'The payment reference is missing.' },
    });
    expect(await status(admin.token, 'cs_test_not_a_real_one')).toMatchObject({ status: 400, body: { message: 'There is no such purchase.' } });
    expect(await stored(started.body.session_id)).toMatchObject({ status: 'open' });
  });

  it('of another company is not found, and nothing changes', async () => {
    const admin = await server.signIn('demo.admin');
    const before = await envelopes(admin.token);
    const started = await checkout(admin.token, 'env-250');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const harbourBefore = await envelopes(grace.token);
    expect(await status(grace.token, started.body.session_id)).toMatchObject({ status: 400, body: { message: 'There is no such purchase.' } });
    expect(await stored(started.body.session_id)).toMatchObject({ status: 'open' });
    expect(await envelopes(grace.token)).toEqual(harbourBefore);
    expect(await envelopes(admin.token)).toEqual(before);
  });

  it("keeps the demo's purchases, which make its envelopes", async () => {
    const [admin] = await server.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.name, 'demo.admin'));
    const rows = await server.ctx.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.companyId, admin?.companyId ?? 0), eq(purchases.provider, 'test')));
    const demo = rows.filter((row) => row.sessionId.startsWith('cs_test_demo_'));
    expect(demo.map((row) => [row.status, row.envelopes])).toEqual([
      ['complete', 250],
      ['complete', 250],
    ]);
  });
});
