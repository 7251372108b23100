/**
 * Webhooks: an organisation's subscriptions receive its events, signed with the subscription's
 * secret (checked here with the SDK's helper, as a receiver would), in order per form; a failed
 * event is tried again, given up after a day, and a subscription failing for a day is paused and
 * its owner mailed; "send again" sends the same event again; another organisation's events never
 * reach a subscription.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyWebhookSignature } from '@formsign/sdk/contract';
import { readConfig } from '../src/config.js';
import { users, webhookDeliveries } from '../src/db/schema.js';
import { outboundClient } from '../src/http/outbound.js';
import { removeEndedData } from '../src/modules/forms/remove-ended-data.js';
import { completedRiskAssessment } from './support/completed-form.js';
import { createOrganisation, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

interface Received {
  path: string;
  raw: string;
  signature: string;
  body: Json;
}

/** A receiving system: keeps what is posted to it, answers the status it is told to. */
const hook = { status: 200, received: [] as Received[], server: null as Server | null, url: '' };

let admin = '';
let subscription: Json;
let secret = '';
/** The demo's Risk Assessment, duplicated to make a template.created event. */
let riskAssessment = 0;
/** The form completed through its link, whose events were sent. */
let completedForm = 0;

const received = (path = '/hook') => hook.received.filter((item) => item.path === path);
const deliveries = async (id: number, token = admin): Promise<Json[]> =>
  (await server.call('/webhook-deliveries', { method: 'GET', token, query: `subscription=${id}&limit=100` })).body.data as Json[];

beforeAll(async () => {
  hook.server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += String(chunk)));
    request.on('end', () => {
      hook.received.push({ path: request.url ?? '', raw, signature: String(request.headers['formsign-signature'] ?? ''), body: JSON.parse(raw) });
      response.statusCode = hook.status;
      response.end(hook.status === 200 ? 'ok' : 'Internal Server Error: the payroll system is down');
    });
  });
  await new Promise<void>((resolve) => hook.server?.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as { port: number }).port}`;
  // The receiver runs on this machine: the operator allows it, as an intranet's address.
  server.ctx.outbound = outboundClient({ allow: readConfig({ FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' }).outboundAllow });
  admin = (await server.signIn('demo.admin')).token;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (hook.server ? hook.server.close(() => resolve()) : resolve()));
});

describe('webhook subscriptions', () => {
  it('are made by an administrator for an address formsign may reach; the secret is answered once', async () => {
    const refused = await server.call('/webhook-subscriptions', { token: admin, body: { url: 'http://10.0.0.8/hook', events: ['form.sent'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('private network address');
    const basic = (await server.signIn('demo.basic')).token;
    expect((await server.call('/webhook-subscriptions', { token: basic, body: { url: `${hook.url}/hook`, events: ['form.sent'] } })).status).toBe(
      403,
    );

    const made = await server.call('/webhook-subscriptions', {
      token: admin,
      body: {
        url: `${hook.url}/hook`,
        events: ['form.sent', 'form.opened', 'form.signed', 'form.completed', 'form.sealed', 'template.created'],
        description: 'Records',
      },
    });
    expect(made.status).toBe(200);
    subscription = made.body;
    secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(made.body).toMatchObject({ status: 'active', failures: 0, secret_hint: `…${secret.slice(-4)}` });
    const list = await server.call('/webhook-subscriptions', { method: 'GET', token: admin });
    expect(list.body.data).toEqual([expect.objectContaining({ id: subscription.id, description: 'Records' })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it("send a form's events in order, each signed, the sealed PDF as an address that expires", async () => {
    // Another organisation subscribes too: none of this one's events reach it.
    const { companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Elsewhere Ltd', 'elsewhere');
    expect(companyId).toBeGreaterThan(0);
    const other = (await server.signIn('elsewhere.admin', organisationPassword)).token;
    const theirs = await server.call('/webhook-subscriptions', {
      token: other,
      body: { url: `${hook.url}/elsewhere`, events: ['form.sent', 'form.completed', 'form.sealed', 'template.created'] },
    });
    expect(theirs.status).toBe(200);
    expect((await server.call('/webhook-deliveries', { method: 'GET', token: other, query: `subscription=${subscription.id}` })).status).toBe(400);

    const form = await completedRiskAssessment(server);
    completedForm = form.id;
    await server.flushJobs();
    const events = received().filter((item) => item.body.data.form?.id === form.id);
    expect(events.map((item) => item.body.type)).toEqual(['form.sent', 'form.opened', 'form.signed', 'form.completed', 'form.sealed']);
    for (const item of events) {
      expect(await verifyWebhookSignature(item.raw, item.signature, secret)).toBe(true);
      expect(item.body.id).toMatch(/^evt_/);
    }
    expect(new Set(events.map((item) => item.body.id)).size).toBe(5);
    const signedEvent = events[2]?.body;
    expect(signedEvent.data.step).toBe(1);
    expect(signedEvent.data.form.recipients).toEqual([expect.objectContaining({ step: 1, name: 'Zoë Ashford', status: 'signed' })]);
    expect(events[0]?.body.data.form.recipients).toEqual([expect.objectContaining({ status: 'open' })]);

    const sealedPdf = events[4]?.body.data.form.sealed_pdf as { url: string; expires_at: string };
    expect(Date.parse(sealedPdf.expires_at)).toBeGreaterThan(Date.now());
    const download = await server.app.inject({ method: 'GET', url: sealedPdf.url.replace('http://formsign.test', '') });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(received('/elsewhere')).toEqual([]);

    const log = await deliveries(subscription.id);
    expect(log.slice(0, 5).map((row) => [row.event, row.status, row.response_code, row.response_excerpt])).toEqual(
      ['form.sealed', 'form.completed', 'form.signed', 'form.opened', 'form.sent'].map((event) => [event, 'delivered', 200, 'ok']),
    );
  });

  it('a tampered body, another secret or an old signature fails verification', async () => {
    const item = received().at(-1);
    if (!item) throw new Error('Nothing was received.');
    expect(await verifyWebhookSignature(item.raw.replace('form.sealed', 'form.sent'), item.signature, secret)).toBe(false);
    expect(await verifyWebhookSignature(item.raw, item.signature, `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(await verifyWebhookSignature(item.raw, item.signature, secret, { now: new Date(Date.now() + 6 * 60_000) })).toBe(false);
  });

  it('template created is sent to the subscription of its organisation only', async () => {
    const templates = await server.call('/getforms', { token: admin, body: { functions: 'list', filters: { search: 'Risk Assessment' } } });
    riskAssessment = templates.body.data.find((row: Json) => row.title === 'Risk Assessment').id as number;
    const copy = await server.call('/getforms', { token: admin, body: { functions: 'duplicate', id: riskAssessment } });
    expect(copy.body.code).toBe(1);
    const event = received().at(-1);
    expect(event?.body).toMatchObject({ type: 'template.created', data: { template: { id: copy.body.id, title: 'Risk Assessment (copy)' } } });
    expect(await verifyWebhookSignature(event?.raw ?? '', event?.signature, secret)).toBe(true);
    expect(received('/elsewhere')).toEqual([]);
  });

  it('an event answered 500 is tried again, and the events of its form wait for it', async () => {
    hook.status = 500;
    const before = received().length;
    await server.call('/getforms', { token: admin, body: { functions: 'duplicate', id: riskAssessment } });
    const failed = server.failedJobs.splice(0);
    expect(failed.map((job) => job.name)).toEqual(['deliver-webhooks']);
    const [pending] = await deliveries(subscription.id);
    expect(pending).toMatchObject({ event: 'template.created', status: 'pending', attempts: 1, response_code: 500 });
    expect(pending.response_excerpt).toBe('Internal Server Error: the payroll system is down');
    const [row] = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, pending.id as number));

    hook.status = 200;
    await server.runJob('deliver-webhooks', { subscription: subscription.id as number, key: row?.orderKey ?? '' });
    expect(received().length).toBe(before + 2);
    const [retried, first] = received().slice(-2);
    expect(retried?.body.id).toBe(first?.body.id);
    expect((await deliveries(subscription.id))[0]).toMatchObject({ id: pending.id, status: 'delivered', attempts: 2, response_code: 200 });
    const list = await server.call('/webhook-subscriptions', { method: 'GET', token: admin });
    expect(list.body.data[0]).toMatchObject({ failures: 0, status: 'active' });
  });

  it('send again posts the same event again', async () => {
    const [last] = await deliveries(subscription.id);
    const before = received().length;
    const again = await server.call('/webhook-deliveries', { token: admin, body: { subscription: subscription.id, delivery: last.id } });
    expect(again.body.message).toBe('template.created of Risk Assessment (copy) is queued to be sent again.');
    await server.flushJobs();
    expect(received().length).toBe(before + 1);
    expect(received().at(-1)?.body.id).toBe(last.event_id);
    expect((await deliveries(subscription.id))[0]).toMatchObject({ id: last.id, status: 'delivered', attempts: 3 });
  });

  it('failing for a day, an event is given up, the subscription paused and its owner mailed; resumed, it sends again', async () => {
    hook.status = 500;
    await server.call('/getforms', { token: admin, body: { functions: 'duplicate', id: riskAssessment } });
    expect(server.failedJobs.splice(0).map((job) => job.name)).toEqual(['deliver-webhooks']);
    const [pending] = await deliveries(subscription.id);
    const [row] = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, pending.id as number));
    server.clock.advance(25 * 60 * 60 * 1000);
    try {
      await server.runJob('deliver-webhooks', { subscription: subscription.id as number, key: row?.orderKey ?? '' });
    } finally {
      server.clock.reset();
    }
    await server.flushJobs();
    expect((await deliveries(subscription.id))[0]).toMatchObject({ id: pending.id, status: 'failed', attempts: 2 });
    const list = await server.call('/webhook-subscriptions', { method: 'GET', token: admin });
    expect(list.body.data[0]).toMatchObject({ status: 'paused', paused_reason: 'Paused after failing for a day.', failures: 2 });
    const [owner] = await server.ctx.db.select({ email: users.email }).from(users).where(eq(users.name, 'demo.admin'));
    const mail = server.mail.filter((message) => message.to === owner?.email && message.subject === 'A webhook subscription is paused');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`${hook.url}/hook`);

    // Paused, events wait; resumed, they are sent in order.
    hook.status = 200;
    const before = received().length;
    await server.call('/getforms', { token: admin, body: { functions: 'duplicate', id: riskAssessment } });
    expect(received().length).toBe(before);
    const resumed = await server.call('/webhook-subscriptions', { method: 'PUT', token: admin, body: { id: subscription.id, paused: false } });
    expect(resumed.body).toMatchObject({ status: 'active', failures: 0, paused_reason: null });
    await server.flushJobs();
    expect(received().length).toBe(before + 1);
    expect(received().at(-1)?.body.type).toBe('template.created');
  });

  it('a rolled secret signs from then on; the old one no longer verifies', async () => {
    const rolled = await server.call('/webhook-subscription-secret', { token: admin, body: { id: subscription.id } });
    expect(rolled.body.secret).not.toBe(secret);
    await server.call('/getforms', { token: admin, body: { functions: 'duplicate', id: riskAssessment } });
    const event = received().at(-1);
    expect(await verifyWebhookSignature(event?.raw ?? '', event?.signature, rolled.body.secret as string)).toBe(true);
    expect(await verifyWebhookSignature(event?.raw ?? '', event?.signature, secret)).toBe(false);
    expect(received('/elsewhere')).toEqual([]);
  });

  it("retention removing a form's data removes its events from the log (their bodies name its recipients)", async () => {
    const ofForm = async () => (await deliveries(subscription.id)).filter((row) => row.form_id === completedForm);
    expect(await ofForm()).toHaveLength(5);
    expect(await removeEndedData(server.ctx, completedForm, 30)).toBe(true);
    expect(await ofForm()).toEqual([]);
  });
});
