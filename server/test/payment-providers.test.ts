/**
 * How envelopes are had, by configuration: Stripe Checkout (the library against a local server
 * that answers as Stripe's API does, reached through the guarded outbound client, and Stripe's
 * signed events), or no payment provider (the checkout refused, the instance's super user
 * granting envelopes). The test provider's own path is `purchases.test.ts`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, paymentEvents, purchases, users } from '../src/db/schema.js';
import { otherCompany } from './support/fixtures.js';
import { useTestServer, type TestServer } from './support/test-server.js';

const webhookSecret = 'whsec_formsign_tests_0123456789';

/** What Stripe's API was asked, and the sessions it made. */
interface StripeCall {
  method: string;
  path: string;
  authorization: string;
  form: URLSearchParams;
}

/** A local stand-in of Stripe's API: creating a Checkout Session answers as Stripe does. */
async function fakeStripeApi(): Promise<{ server: Server; url: string; calls: StripeCall[] }> {
  const calls: StripeCall[] = [];
  let made = 0;
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({ method: request.method ?? '', path: request.url ?? '', authorization: String(request.headers.authorization ?? ''), form });
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } }));
        return;
      }
      made += 1;
      const id = `cs_test_fake${made}_${Date.now()}`;
      const quantity = Number(form.get('line_items[0][quantity]'));
      const unit = Number(form.get('line_items[0][price_data][unit_amount]'));
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: quantity * unit,
          currency: form.get('line_items[0][price_data][currency]'),
          customer_email: form.get('customer_email'),
          success_url: form.get('success_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

async function unusedEnvelopes(server: TestServer, token: string): Promise<number> {
  return (await server.call('/user', { method: 'GET', token })).body.company.unused_envelopes;
}

const stripeApi = await fakeStripeApi();
afterAll(() => new Promise<void>((resolve) => stripeApi.server.close(() => resolve())));

describe('with Stripe', () => {
  const server = useTestServer({
    env: {
      FORMSIGN_PAYMENTS: undefined,
      STRIPE_SECRET_KEY: 'sk_test_formsign',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeApi.url,
      // The stand-in answers on this machine: the guarded client reaches it only because it is allowed.
      FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1',
    },
  });

  /** Stripe's event about a session, as Stripe sends it: the body and its signature, made at the server's time. */
  function signedEvent(type: string, session: Record<string, unknown>, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, api_version: Stripe.API_VERSION, data: { object: session } }, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(server.clock.now().getTime() / 1000),
    });
    return { payload, signature, eventId };
  }

  const deliver = (event: { payload: string; signature: string }) =>
    server.call('/payments/stripe/events', {
      payload: event.payload,
      contentType: 'application/json',
      headers: { 'stripe-signature': event.signature },
    });

  it('creates a Checkout Session for the pack and adds the envelopes only on its signed event, once', async () => {
    const { token } = await server.signIn('demo.admin');
    expect((await server.call('/products', { token, body: { action: 'list' } })).body.payments).toBe('stripe');
    const before = await unusedEnvelopes(server, token);
    const started = await server.call('/products', { token, body: { action: 'checkout', product: 'env-250', quantity: 2 } });
    expect(started.status).toBe(200);
    expect(started.body.url).toBe(`https://checkout.stripe.com/c/pay/${started.body.session_id}`);
    const call = stripeApi.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_formsign' });
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][product_data][name]': '250 envelopes',
      customer_email: 'demo.admin@northwindcare.example',
      success_url: 'http://formsign.test/checkout/return?session_id={CHECKOUT_SESSION_ID}',
    });
    const sessionId = started.body.session_id as string;

    // Coming back from the payment page proves nothing: pending until Stripe says it is paid.
    const pending = await server.call('/products', { token, body: { action: 'status', session_id: sessionId } });
    expect(pending.body).toMatchObject({ status: 'open', envelopes: 500, amount: 29800, test_payment: false });
    expect(await unusedEnvelopes(server, token)).toBe(before);

    const paid = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 29800,
      currency: 'gbp',
    });
    expect(await deliver(paid)).toMatchObject({ status: 200, body: { received: true } });
    expect(await unusedEnvelopes(server, token)).toBe(before + 500);
    expect((await server.call('/products', { token, body: { action: 'status', session_id: sessionId } })).body).toMatchObject({ status: 'complete' });
    const receipts = server.mail.filter((mail) => mail.subject === 'Your receipt: 500 envelopes');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Amount paid: £298.00.');

    // Stripe delivers again (a retry, or someone replaying it): nothing more.
    expect(await deliver(paid)).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver(signedEvent('checkout.session.completed', JSON.parse(paid.payload).data.object, paid.eventId))).toMatchObject({
      status: 200,
    });
    expect(await unusedEnvelopes(server, token)).toBe(before + 500);
    expect(server.mail.filter((mail) => mail.subject === 'Your receipt: 500 envelopes')).toHaveLength(1);
    expect(await server.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, paid.eventId))).toHaveLength(1);
    const trail = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.event, 'purchase'));
    expect(trail.filter((event) => event.details['session'] === sessionId).map((event) => [event.details['stage'], event.source])).toEqual([
      ['checkout', 'user'],
      ['complete', 'system'],
    ]);
  });

  it('refuses an event Stripe did not sign, or that was changed after signing, and changes nothing', async () => {
    const { token } = await server.signIn('demo.admin');
    const started = await server.call('/products', { token, body: { action: 'checkout', product: 'env-50' } });
    const sessionId = started.body.session_id as string;
    const before = await unusedEnvelopes(server, token);
    const unpaid = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'unpaid',
      amount_total: 3900,
      currency: 'gbp',
    });
    const tampered = { payload: unpaid.payload.replace('"unpaid"', '"paid"'), signature: unpaid.signature };
    const refused = { status: 400, body: { message: 'This event is not signed by the payment provider.' } };
    expect(await deliver(tampered)).toMatchObject(refused);
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload: tampered.payload, secret: 'whsec_someone_else' });
    expect(await deliver({ payload: tampered.payload, signature: otherSecret })).toMatchObject(refused);
    expect(await server.call('/payments/stripe/events', { payload: tampered.payload, contentType: 'application/json' })).toMatchObject(refused);
    // Signed, but five minutes and more ago.
    const old = signedEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 3900,
      currency: 'gbp',
    });
    server.clock.advance(6 * 60_000);
    expect(await deliver(old)).toMatchObject(refused);
    expect(await unusedEnvelopes(server, token)).toBe(before);
    const [row] = await server.ctx.db.select().from(purchases).where(eq(purchases.sessionId, sessionId));
    expect(row).toMatchObject({ status: 'open' });
    expect(await server.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, old.eventId))).toHaveLength(0);
  });
});

describe('without a payment provider', () => {
  const server = useTestServer({ env: { FORMSIGN_PAYMENTS: undefined } });

  it('refuses a checkout in words that say whom to ask, and buys nothing', async () => {
    const { token } = await server.signIn('demo.admin');
    expect((await server.call('/products', { token, body: { action: 'list' } })).body.payments).toBe('none');
    const refused = await server.call('/products', { token, body: { action: 'checkout', product: 'env-50' } });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message:
          'Envelopes are not sold online on this site. Ask the people who run formsign for your organisation to add envelopes: write to them from Help, Contact Us.',
      },
    });
    const [company] = await server.ctx.db.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(1);
    expect(
      await server.ctx.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.companyId, company?.id ?? 0), eq(purchases.status, 'open'))),
    ).toEqual([]);
    // Stripe's webhook answers nothing here.
    expect(await server.call('/payments/stripe/events', { body: { id: 'evt_1', type: 'checkout.session.completed' } })).toMatchObject({
      status: 400,
      body: { message: 'This site does not take payments with Stripe.' },
    });
  });

  it("lets the instance's super user grant envelopes to an organisation, in both trails; no one else", async () => {
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const harbour = (await server.call('/user', { method: 'GET', token: grace.token })).body.company;
    const grant = { company: harbour.id, envelopes: 120, reason: 'Invoice 2026-0142 paid by bank transfer' };

    const admin = await server.signIn('demo.admin');
    expect(await server.call('/grant-envelopes', { token: admin.token, body: grant })).toMatchObject({ status: 403 });
    // Harbour's own administrator cannot give Harbour envelopes, even as a super user of Harbour.
    expect(await server.call('/grant-envelopes', { token: grace.token, body: grant })).toMatchObject({ status: 403 });
    await server.ctx.db.update(users).set({ isSuper: true }).where(eq(users.name, otherCompany.admin));
    expect(await server.call('/grant-envelopes', { token: grace.token, body: grant })).toMatchObject({
      status: 403,
      body: { message: 'Only a super user of the organisation that runs this site can grant envelopes.' },
    });
    await server.ctx.db.update(users).set({ isSuper: false }).where(eq(users.name, otherCompany.admin));
    expect(await unusedEnvelopes(server, grace.token)).toBe(harbour.unused_envelopes);

    const superUser = await server.signIn('demo.super');
    const granted = await server.call('/grant-envelopes', { token: superUser.token, body: grant });
    expect(granted).toMatchObject({
      status: 200,
      body: { company: harbour.id, name: harbour.name, envelopes: harbour.envelopes + 120, unused_envelopes: harbour.unused_envelopes + 120 },
    });
    expect(await unusedEnvelopes(server, grace.token)).toBe(harbour.unused_envelopes + 120);
    const trail = await server.ctx.db
      .select({ companyId: auditEvents.companyId, actor: auditEvents.actor, target: auditEvents.target, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.event, 'envelopes-granted'));
    expect(trail).toHaveLength(2);
    expect(trail.find((event) => event.companyId === harbour.id)).toMatchObject({
      target: `120 envelopes to ${harbour.name}`,
      details: { envelopes: 120, reason: 'Invoice 2026-0142 paid by bank transfer' },
    });
    expect(await server.call('/grant-envelopes', { token: superUser.token, body: { ...grant, company: 999_999 } })).toMatchObject({
      status: 400,
      body: { message: 'There is no such organisation.' },
    });
    expect(await server.call('/grant-envelopes', { token: superUser.token, body: { ...grant, reason: '   ' } })).toMatchObject({
      status: 400,
      body: { message: 'Please say why the envelopes are granted.' },
    });
  });

  it("lists the organisations, searched by name or email, paged, with their envelopes, to the instance's super user only", async () => {
    const list = (token: string, query: string) => server.call('/organisations', { method: 'GET', token, query });
    const superUser = await server.signIn('demo.super');
    const grace = await server.signIn(otherCompany.admin, 'harbour-pass-1');
    const harbour = (await server.call('/user', { method: 'GET', token: grace.token })).body.company;
    expect((await server.call('/user', { method: 'GET', token: superUser.token })).body.grants_envelopes).toBe(true);
    expect((await server.call('/user', { method: 'GET', token: grace.token })).body.grants_envelopes).toBe(false);

    const byName = await list(superUser.token, 'search=harbour');
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ page: 1, total: 1, total_exact: true });
    expect(byName.body.data).toEqual([
      {
        id: harbour.id,
        name: harbour.name,
        email: harbour.email,
        created: expect.any(String),
        envelopes: harbour.envelopes,
        used_envelopes: harbour.envelopes - harbour.unused_envelopes,
        unused_envelopes: harbour.unused_envelopes,
      },
    ]);
    // By words of the email address, in any case; `%` is taken literally.
    const byEmail = await list(superUser.token, `search=${encodeURIComponent(harbour.email.split('@')[1].toUpperCase())}`);
    expect(byEmail.body.data.map((row: { id: number }) => row.id)).toEqual([harbour.id]);
    expect((await list(superUser.token, 'search=%25')).body.data).toEqual([]);
    // Newest first, a page at a time.
    const all = await list(superUser.token, 'limit=100');
    const ids = all.body.data.map((row: { id: number }) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await list(superUser.token, 'limit=1&page=2');
    expect(second.body).toMatchObject({ page: 2, limit: 1, total: ids.length });
    expect(second.body.data.map((row: { id: number }) => row.id)).toEqual([ids[1]]);

    // Anyone else is refused: an administrator, a basic user, and a super user of another organisation.
    const refusal = { status: 403, body: { message: 'Only a super user of the organisation that runs this site can list its organisations.' } };
    expect(await list((await server.signIn('demo.admin')).token, '')).toMatchObject({ status: 403 });
    expect(await list((await server.signIn('demo.basic')).token, '')).toMatchObject({ status: 403 });
    await server.ctx.db.update(users).set({ isSuper: true }).where(eq(users.name, otherCompany.admin));
    try {
      expect(await list(grace.token, '')).toMatchObject(refusal);
      expect((await server.call('/user', { method: 'GET', token: grace.token })).body.grants_envelopes).toBe(false);
    } finally {
      await server.ctx.db.update(users).set({ isSuper: false }).where(eq(users.name, otherCompany.admin));
    }
  });
});
