/**
 * Expiry: the hourly job records a waiting form past its expiry as expired, once: its trail
 * shows the event, and a subscription taking `form.expired` receives it once however often the
 * job runs; a form completed before its expiry is never recorded.
 */
import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { auditEvents, forms } from '../src/db/schema.js';
import { outboundClient } from '../src/http/outbound.js';
import { sendSigningForm, signingOrganisation, submitDrawn } from './support/signing-forms.js';
import { organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();
const hour = 60 * 60_000;
const day = 24 * hour;

/** A receiving system: keeps the events posted to it. */
const hook = { received: [] as Json[], server: null as Server | null, url: '' };
let admin = '';
let template = 0;

beforeAll(async () => {
  hook.server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += String(chunk)));
    request.on('end', () => {
      hook.received.push(JSON.parse(raw) as Json);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.server?.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(hook.server.address() as { port: number }).port}`;
  server.ctx.outbound = outboundClient({ allow: readConfig({ FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' }).outboundAllow });
  ({ token: admin, template } = await signingOrganisation(server, 'Lapsing Forms Ltd', 'lapse', [{ label: 'Signer', action: 'sign' }]));
  const subscribed = await server.call('/webhook-subscriptions', { token: admin, body: { url: `${hook.url}/hook`, events: ['form.expired'] } });
  expect(subscribed.status).toBe(200);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (hook.server ? hook.server.close(() => resolve()) : resolve()));
});

const expiredEvents = (formId: number) => hook.received.filter((event) => event.type === 'form.expired' && event.data.form.id === formId);

async function recordExpiriesNow(): Promise<void> {
  await server.runJob('record-expiries');
  await server.flushJobs();
}

async function expiredTrail(formId: number) {
  return server.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.formId, formId), eq(auditEvents.event, 'expired')));
}

describe('a form past its expiry', () => {
  it('is recorded as expired once, in its trail and to the subscription; a completed one never', async () => {
    const expiresAt = new Date(server.clock.now().getTime() + 2 * day).toISOString().slice(0, 10);
    const recipients = (name: string) => [{ name, email: `${name.toLowerCase()}@lapse.example` }];
    const waiting = await sendSigningForm(server, admin, { template, recipients: recipients('Wendy'), expires_at: expiresAt });
    const completed = await sendSigningForm(server, admin, { template, recipients: recipients('Colin'), expires_at: expiresAt });
    const link = completed.links[0];
    if (!link) throw new Error('No link.');
    const signed = await submitDrawn(server, link);
    expect(signed.status).toBe(200);

    server.clock.advance(hour);
    await recordExpiriesNow();
    expect(expiredEvents(waiting.id), 'nothing before the expiry').toEqual([]);
    expect(await expiredTrail(waiting.id)).toEqual([]);

    server.clock.advance(4 * day);
    await recordExpiriesNow();
    await recordExpiriesNow();
    const events = expiredEvents(waiting.id);
    expect(events, 'once, however often the job runs').toHaveLength(1);
    expect(events[0]?.data.form).toMatchObject({ reference: waiting.reference, status: 'sent', completed_at: null });
    expect(expiredEvents(completed.id)).toEqual([]);

    const trail = await expiredTrail(waiting.id);
    expect(trail).toEqual([expect.objectContaining({ source: 'system', target: waiting.reference })]);
    expect(await expiredTrail(completed.id)).toEqual([]);
    const [row] = await server.ctx.db.select({ status: forms.status, expiredAt: forms.expiredAt }).from(forms).where(eq(forms.id, waiting.id));
    expect(row?.status, 'the status stays').toBe('sent');
    expect(row?.expiredAt).toBeInstanceOf(Date);

    // The form audit lists it (signed in again: the clock moved past the session).
    const { token } = await server.signIn('lapse.admin', organisationPassword);
    const audit = await server.call('/fetch-formaudit', { method: 'GET', token, query: `filters[form]=${waiting.id}&filters[event]=expired` });
    expect(audit.status).toBe(200);
    expect(audit.body.forms).toEqual([expect.objectContaining({ form_id: waiting.id, event: 'expired' })]);
  });
});
