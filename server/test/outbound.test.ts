/**
 * Requests to other systems go through one guarded client: a webhook address that leads to
 * this server, a private network, a link-local address (the cloud metadata service) or any
 * other address off the public internet is refused when the integration is saved, and again
 * when a form is delivered (an integration saved before, or a name that resolves elsewhere
 * since); the delivery record says why. A host the operator allows
 * (`FORMSIGN_OUTBOUND_ALLOW`) is reached, at the address that was checked; a redirect is not
 * followed; a slow or endless answer is cut. The seal's timestamp authority is reached the same
 * way.
 */
import net from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { deliveries, integrations } from '../src/db/schema.js';
import { addressKind, outboundClient, parseOutboundAllow, type OutboundClient, type Resolver } from '../src/http/outbound.js';
import { deliverForm } from '../src/modules/integrations/deliver-form.js';
import { say } from '../src/i18n/i18n.js';
import type { Words } from '../src/i18n/words.js';
import { completedRiskAssessment } from './support/completed-form.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Json } from './support/test-server.js';

const server = useTestServer();

/** A refusal's words, in English. */
const english = (words: Words | null): string | null => words && say('en', words);

/**
 * Whatever happens, nothing in this file connects beyond this machine: a connection to a
 * literal address outside loopback fails here before it leaves (names used here resolve to
 * loopback only).
 */
const realConnect = net.Socket.prototype.connect;
function loopbackOnly(this: net.Socket, ...args: unknown[]): net.Socket {
  const first = args[0];
  const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string | undefined;
  const host = typeof options === 'object' && options !== null ? options.host : typeof args[1] === 'string' ? args[1] : undefined;
  if (host && net.isIP(host.replace(/^\[|\]$/g, '')) && addressKind(host) !== addressKind('127.0.0.1') && host !== '::1')
    throw new Error(`This test does not connect to ${host}.`);
  return (realConnect as (...inner: unknown[]) => net.Socket).apply(this, args);
}

/** A receiving system on loopback (IPv4 and IPv6), recording what reaches it. */
interface Hook {
  v4: Server;
  v6: Server;
  port4: number;
  port6: number;
  received: { url: string; method: string; body: string }[];
  answer: (request: IncomingMessage, response: ServerResponse) => void;
}

const hook: Hook = { v4: createServer(), v6: createServer(), port4: 0, port6: 0, received: [], answer: (_request, response) => response.end('ok') };

async function listen(target: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => target.listen(0, host, resolve));
  return (target.address() as net.AddressInfo).port;
}

let admin = '';
let companyId = 0;
let templateId = 0;
let formId = 0;
let standard: OutboundClient;

beforeAll(async () => {
  net.Socket.prototype.connect = loopbackOnly as typeof net.Socket.prototype.connect;
  for (const target of [hook.v4, hook.v6]) {
    target.on('request', (request: IncomingMessage, response: ServerResponse) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        hook.received.push({ url: request.url ?? '', method: request.method ?? '', body });
        hook.answer(request, response);
      });
    });
  }
  hook.port4 = await listen(hook.v4, '127.0.0.1');
  hook.port6 = await listen(hook.v6, '::1');
  ({ companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Outbound Ltd', 'outbound'));
  const fields = [{ name: 'claimant', label: 'Claimant', type: 'text' as const, required: true }];
  templateId = await insertTemplate(server.ctx.db, companyId, 'Travel Claim', fields);
  formId = await insertForm(server.ctx.db, {
    companyId,
    templateId,
    reference: 'TC-1',
    title: 'Travel Claim',
    status: 'completed',
    values: { claimant: 'Ruby Scott' },
    completedAt: new Date(),
    fields,
  });
  admin = (await server.signIn('outbound.admin', organisationPassword)).token;
  standard = server.ctx.outbound;
});

afterEach(async () => {
  server.ctx.outbound = standard;
  hook.received.length = 0;
  hook.answer = (_request, response) => response.end('ok');
  await server.ctx.db.delete(integrations).where(eq(integrations.templateId, templateId));
});

afterAll(async () => {
  net.Socket.prototype.connect = realConnect;
  await Promise.all([hook.v4, hook.v6].map((target) => new Promise<void>((resolve) => target.close(() => resolve()))));
});

async function saveWebhook(recipient: string): Promise<{ status: number; body: Json }> {
  const query = new URLSearchParams({ action: 'save', id: String(templateId), source: 'webhook', type: 'csv', recipient });
  return server.call('/fetch-integratedforms', { method: 'GET', token: admin, query: query.toString() });
}

async function savedWebhooks(): Promise<string[]> {
  const rows = await server.ctx.db
    .select({ recipient: integrations.recipient })
    .from(integrations)
    .where(and(eq(integrations.templateId, templateId), eq(integrations.source, 'webhook')));
  return rows.map((row) => row.recipient);
}

const publicOnly = ': formsign sends only to addresses on the public internet.';
const loopback = 'is this server itself (a loopback address)';

/** Every written form of an address off the public internet, and what the refusal says of it. */
const refused: [string, string][] = [
  ['http://127.0.0.1/hooks', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://[::1]/hooks', `::1 ${loopback}${publicOnly}`],
  ['http://2130706433/hooks', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://0x7f.0.0.1/hooks', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://017700000001/hooks', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://127.1/hooks', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://127.0.0.1:5432/', `127.0.0.1 ${loopback}${publicOnly}`],
  ['http://169.254.169.254/latest/meta-data/', `169.254.169.254 is a link-local address (such as a cloud metadata service)${publicOnly}`],
  ['http://[::ffff:127.0.0.1]/hooks', `::ffff:7f00:1 ${loopback}${publicOnly}`],
  ['http://[::ffff:169.254.169.254]/', `::ffff:a9fe:a9fe is a link-local address (such as a cloud metadata service)${publicOnly}`],
  ['http://[64:ff9b::127.0.0.1]/', `64:ff9b::7f00:1 ${loopback}${publicOnly}`],
  ['http://[::127.0.0.1]/', `::7f00:1 is a reserved address, not on the public internet${publicOnly}`],
  ['http://10.0.0.8/', `10.0.0.8 is a private network address${publicOnly}`],
  ['http://172.16.5.4/', `172.16.5.4 is a private network address${publicOnly}`],
  ['http://192.168.1.1/', `192.168.1.1 is a private network address${publicOnly}`],
  ['http://100.64.0.1/', `100.64.0.1 is a private network address${publicOnly}`],
  ['http://[fd12:3456::1]/', `fd12:3456::1 is a private network address${publicOnly}`],
  ['http://[fe80::1]/', `fe80::1 is a link-local address (such as a cloud metadata service)${publicOnly}`],
  ['http://0.0.0.0:8080/', `0.0.0.0 is an unspecified address${publicOnly}`],
  ['http://[::]/', `:: is an unspecified address${publicOnly}`],
  ['http://224.0.0.1/', `224.0.0.1 is a multicast address${publicOnly}`],
  ['http://[ff02::1]/', `ff02::1 is a multicast address${publicOnly}`],
  ['http://240.0.0.1/', `240.0.0.1 is a reserved address, not on the public internet${publicOnly}`],
  ['http://198.18.0.1/', `198.18.0.1 is a reserved address, not on the public internet${publicOnly}`],
];

/** A resolver of made-up names: each answers the addresses given, and the calls are counted. */
function resolver(names: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<string[]> => {
    calls.push(host);
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  return Object.assign(resolve, { calls });
}

describe('a webhook address is checked when it is saved', () => {
  it('refuses every form of an address off the public internet, in words, and saves nothing', async () => {
    for (const [recipient, message] of refused) {
      expect(await saveWebhook(recipient), recipient).toMatchObject({ status: 400, body: { message } });
    }
    const local = await saveWebhook('http://localhost:8080/hooks');
    expect(local).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^localhost leads to (127\.0\.0\.1|::1), which is this server itself \(a loopback address\)/) },
    });
    expect(await savedWebhooks()).toEqual([]);
  });

  it('resolves a name and refuses it when any of its addresses is off the public internet', async () => {
    server.ctx.outbound = outboundClient({
      resolve: resolver({
        'hooks.partner.example': ['93.184.215.14', '10.20.30.40'],
        'rebind.partner.example': ['::ffff:127.0.0.1'],
        'billing.partner.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      }),
    });
    expect(await saveWebhook('https://hooks.partner.example/forms')).toMatchObject({
      status: 400,
      body: { message: `hooks.partner.example leads to 10.20.30.40, which is a private network address${publicOnly}` },
    });
    expect(await saveWebhook('https://REBIND.partner.example./forms')).toMatchObject({
      status: 400,
      body: { message: `rebind.partner.example leads to ::ffff:127.0.0.1, which ${loopback}${publicOnly}` },
    });
    expect(await savedWebhooks()).toEqual([]);
    // A name on the public internet is saved (nothing is sent when saving).
    expect(await saveWebhook('https://billing.partner.example/forms')).toMatchObject({
      status: 200,
      body: { message: 'The integration has been saved.' },
    });
    expect(await savedWebhooks()).toEqual(['https://billing.partner.example/forms']);
  });
});

describe('a delivery reaches only the public internet', () => {
  it('refuses an address off the public internet saved before, says why, and sends nothing', async () => {
    const targets = [
      `http://127.0.0.1:${hook.port4}/hooks`,
      `http://[::1]:${hook.port6}/hooks`,
      `http://2130706433:${hook.port4}/hooks`,
      `http://0x7f.0.0.1:${hook.port4}/hooks`,
      `http://[::ffff:127.0.0.1]:${hook.port4}/hooks`,
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data/',
    ];
    await server.ctx.db
      .insert(integrations)
      .values(targets.map((recipient) => ({ companyId, templateId, source: 'webhook' as const, type: 'csv' as const, recipient })));
    const outcomes = await deliverForm(server.ctx, formId);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(targets.map(() => 'failed'));
    expect(outcomes.map((outcome) => outcome.detail)).toEqual([
      `Delivery failed: the webhook was not posted: 127.0.0.1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: ::1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: 127.0.0.1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: 127.0.0.1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: ::ffff:7f00:1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: 127.0.0.1 ${loopback}${publicOnly}`,
      `Delivery failed: the webhook was not posted: 169.254.169.254 is a link-local address (such as a cloud metadata service)${publicOnly}`,
    ]);
    expect(hook.received).toEqual([]);
    const recorded = await server.ctx.db
      .select({ status: deliveries.status, detail: deliveries.detail })
      .from(deliveries)
      .where(eq(deliveries.formId, formId));
    expect(recorded.map((row) => row.status)).toEqual(targets.map(() => 'failed'));
    expect(recorded.every((row) => row.detail.startsWith('Delivery failed: the webhook was not posted: '))).toBe(true);
    const log = await server.call('/fetch-logs', { method: 'GET', token: admin, query: 'filters[source]=system&filters[search]=TC-1' });
    expect(new Set(log.body.data.map((row: Json) => row.action))).toEqual(new Set(['Delivery failed']));
    await server.ctx.db.delete(deliveries).where(eq(deliveries.formId, formId));
  });

  it('refuses a name that resolves to this server when the form is delivered, though it was public when saved', async () => {
    const names = { 'hooks.partner.example': ['93.184.215.14'] } as Record<string, string[]>;
    server.ctx.outbound = outboundClient({ resolve: resolver(names) });
    expect((await saveWebhook(`http://hooks.partner.example:${hook.port4}/forms`)).status).toBe(200);
    names['hooks.partner.example'] = ['127.0.0.1'];
    const [outcome] = await deliverForm(server.ctx, formId);
    expect(outcome).toMatchObject({
      status: 'failed',
      detail: `Delivery failed: the webhook was not posted: hooks.partner.example leads to 127.0.0.1, which ${loopback}${publicOnly}`,
    });
    expect(hook.received).toEqual([]);
    await server.ctx.db.delete(deliveries).where(eq(deliveries.formId, formId));
  });

  it('reaches a host the operator allows, by address or by name, at the address that was checked', async () => {
    // FORMSIGN_OUTBOUND_ALLOW is read from the environment.
    server.ctx.outbound = outboundClient({ allow: readConfig({ FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1, hooks.intranet.example' }).outboundAllow });
    expect((await saveWebhook(`http://127.0.0.1:${hook.port4}/allowed`)).status).toBe(200);
    const [byAddress] = await deliverForm(server.ctx, formId);
    expect(byAddress).toMatchObject({ status: 'delivered', detail: `Posted to http://127.0.0.1:${hook.port4}/allowed (200).` });
    expect(hook.received.map((request) => [request.method, request.url])).toEqual([['POST', '/allowed']]);
    await server.ctx.db.delete(deliveries).where(eq(deliveries.formId, formId));
    await server.ctx.db.delete(integrations).where(eq(integrations.templateId, templateId));

    // A name is resolved once: a second answer (to another address) is never used to connect.
    let answers = 0;
    const rebinding: Resolver = async () => (answers++ === 0 ? ['127.0.0.1'] : ['10.9.9.9']);
    server.ctx.outbound = outboundClient({ allow: parseOutboundAllow('hooks.intranet.example'), resolve: rebinding });
    expect((await saveWebhook(`http://hooks.intranet.example:${hook.port4}/by-name`)).status).toBe(200);
    answers = 0;
    const [byName] = await deliverForm(server.ctx, formId);
    expect(byName).toMatchObject({ status: 'delivered' });
    expect(answers).toBe(1);
    expect(hook.received.map((request) => request.url)).toEqual(['/allowed', '/by-name']);
    await server.ctx.db.delete(deliveries).where(eq(deliveries.formId, formId));
  });

  it('does not follow a redirect: the delivery fails and says where it pointed', async () => {
    server.ctx.outbound = outboundClient({ allow: parseOutboundAllow('127.0.0.1') });
    hook.answer = (request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: `http://127.0.0.1:${hook.port4}/elsewhere` }).end();
      } else {
        response.end('ok');
      }
    };
    expect((await saveWebhook(`http://127.0.0.1:${hook.port4}/moved`)).status).toBe(200);
    const [outcome] = await deliverForm(server.ctx, formId);
    expect(outcome).toMatchObject({
      status: 'failed',
      detail: `Delivery failed: the webhook was not posted: 127.0.0.1 answered with a redirect (302 to http://127.0.0.1:${hook.port4}/elsewhere); redirects are not followed.`,
    });
    expect(hook.received.map((request) => request.url)).toEqual(['/moved']);
    await server.ctx.db.delete(deliveries).where(eq(deliveries.formId, formId));
  });
});

describe('the guarded client', () => {
  const allowed = (): OutboundClient => outboundClient({ allow: parseOutboundAllow('127.0.0.1') });

  it('reads at most so much of an answer, and closes the connection on the rest', async () => {
    let finished: boolean | null = null;
    hook.answer = (_request, response) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const more = (): void => {
        while (sent < 200 && response.write(chunk)) sent += 1;
        if (sent >= 200) response.end();
        else response.once('drain', more);
      };
      response.on('close', () => (finished = response.writableFinished));
      more();
    };
    const answer = await allowed().request(`http://127.0.0.1:${hook.port4}/huge`, { maxResponseBytes: 100 * 1024 });
    expect(answer).toMatchObject({ status: 200, truncated: true });
    expect(answer.body.length).toBe(100 * 1024);
    await expect.poll(() => finished).toBe(false);
  });

  it('gives up on a host that does not answer in time, and on a request body too large', async () => {
    hook.answer = () => undefined;
    const slow = allowed().request(`http://127.0.0.1:${hook.port4}/slow`, { timeoutMs: 300 });
    await expect(slow).rejects.toMatchObject({ name: 'OutboundError', failure: 'timeout', message: '127.0.0.1 did not answer within 0.3 seconds.' });
    const large = allowed().request(`http://127.0.0.1:${hook.port4}/large`, {
      method: 'POST',
      body: Buffer.alloc(2 * 1024 * 1024),
      maxRequestBytes: 1024 * 1024,
    });
    await expect(large).rejects.toMatchObject({
      name: 'OutboundError',
      failure: 'too-large',
      message: 'What would be sent is too large (2 MB; at most 1 MB).',
    });
    expect(hook.received.map((request) => request.url)).toEqual(['/slow']);
  });

  it('takes only http and https addresses, without a password in them', async () => {
    const client = outboundClient();
    expect(english(await client.refusal('ftp://files.example/in'))).toBe('Only https:// and http:// addresses can be reached.');
    expect(english(await client.refusal('file:///etc/passwd'))).toBe('Only https:// and http:// addresses can be reached.');
    expect(english(await client.refusal('https://user:secret@hooks.example/in'))).toBe('The address must not hold a user name or password.');
    expect(await client.refusal('https://93.184.215.14/in')).toBeNull();
  });

  it('reads FORMSIGN_OUTBOUND_ALLOW and says what is wrong with it', () => {
    expect(readConfig({}).outboundAllow).toEqual({ hosts: [], networks: [] });
    expect(readConfig({ FORMSIGN_OUTBOUND_ALLOW: 'Hooks.Intranet.example, *.corp.example, 10.20.0.0/16, fd00:1::/48' }).outboundAllow.hosts).toEqual([
      'hooks.intranet.example',
      '*.corp.example',
    ]);
    expect(() => readConfig({ FORMSIGN_OUTBOUND_ALLOW: 'http://hooks.intranet.example/' })).toThrow(
      'FORMSIGN_OUTBOUND_ALLOW lists host names and addresses (with an optional /prefix), separated by commas; "http://hooks.intranet.example/" is neither.',
    );
    expect(() => readConfig({ FORMSIGN_OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(
      'FORMSIGN_OUTBOUND_ALLOW: "10.0.0.0/33" has a prefix length that does not fit its address.',
    );
  });
});

describe('the timestamp authority of the seals', () => {
  it('is reached through the guarded client: refused off the public internet, reached when allowed', async () => {
    const tsaUrl = `http://127.0.0.1:${hook.port4}/tsa`;
    const config = server.ctx.config;
    server.ctx.config = { ...config, tsaUrl };
    try {
      await completedRiskAssessment(server);
      const refusedSeal = server.failedJobs.splice(0);
      expect(refusedSeal.map((job) => job.name)).toEqual(['seal-form']);
      expect(String((refusedSeal[0]?.error as Error).message)).toContain(`127.0.0.1 ${loopback}${publicOnly}`);
      expect(hook.received).toEqual([]);

      server.ctx.outbound = outboundClient({ allow: parseOutboundAllow('127.0.0.1') });
      hook.answer = (_request, response) => response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end('not a timestamp');
      await completedRiskAssessment(server);
      expect(server.failedJobs.splice(0).map((job) => job.name)).toEqual(['seal-form']);
      expect(hook.received.map((request) => [request.method, request.url])).toEqual([['POST', '/tsa']]);
    } finally {
      server.ctx.config = config;
    }
  });
});
