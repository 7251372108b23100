/**
 * Delivering completed forms to an SFTP server for real: an SSH server with SFTP runs inside
 * the test (ssh2's Server), on this machine, which the operator's allow list lets the server
 * reach. Files arrive with their bytes; a wrong password, a host key that changed and a server
 * off the allowed networks each fail the delivery, in words; the password is kept sealed and
 * never reaches an answer, the audit trail or a log line. "Send again" queues the delivery
 * (once, however often it is clicked while it waits), and its attempt is listed once made.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import type { JobContext } from '../src/context.js';
import { rawRows } from '../src/db/raw-rows.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { serverJobs } from '../src/jobs-list.js';
import { auditEvents, deliveries, forms, integrations } from '../src/db/schema.js';
import { outboundClient } from '../src/http/outbound.js';
import { hostKeyFingerprint } from '../src/http/sftp.js';
import { createOrganisation, insertForm, insertTemplate, organisationPassword } from './support/form-rows.js';
import { useTestServer, type Answer, type CallOptions, type Json } from './support/test-server.js';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

const server = useTestServer();
const log = pino({ level: 'silent' });
/** The delivery job alone, for a real queue on the test's database. */
const deliveryJob = () => serverJobs(server.ctx as JobContext).filter((job) => job.name === 'deliver-form');
/** The tests' own queue, which runs a job as soon as it is queued. */
let queuedHere: typeof server.ctx.jobs;
const password = 'Tr0ub4dor&3-sftp-only';
/**
 * An ed25519 key pair both of whose halves ssh2 reads back: its generator drops the leading
 * zero bytes of a public key that starts with one (1 key in 256), and the pair is then
 * unreadable (mscdex/ssh2#1513), so such a pair is made again.
 */
function keyPair(): ReturnType<typeof utils.generateKeyPairSync> {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error)) return pair;
  }
}
const clientKey = keyPair();
const fields = [
  { name: 'employee', label: 'Employee', type: 'text' as const, required: true },
  { name: 'hours', label: 'Hours', type: 'number' as const, required: true },
];
const sealed = Buffer.from('%PDF-1.7 the sealed timesheet, delivered by SFTP');

/** The SFTP server: what it received, by path; its host key can be replaced (a server reinstalled). */
const sftp = {
  files: new Map<string, Buffer>(),
  port: 0,
  hostKey: keyPair().private,
  server: null as InstanceType<typeof Server> | null,
  logins: [] as string[],
};

function fingerprintOf(privateKey: string): string {
  const parsed = utils.parseKey(privateKey);
  if (parsed instanceof Error) throw parsed;
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key) throw new Error('No key.');
  return `SHA256:${createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')} (ED25519)`;
}

async function startSftp(): Promise<void> {
  const clientPublic = utils.parseKey(clientKey.public);
  if (clientPublic instanceof Error || Array.isArray(clientPublic)) throw new Error('The client key did not parse.');
  const ssh = new Server({ hostKeys: [sftp.hostKey] }, (client) => {
    client.on('authentication', (auth) => {
      sftp.logins.push(`${auth.username}:${auth.method}`);
      if (auth.username === 'formsign' && auth.method === 'password' && auth.password === password) return auth.accept();
      if (auth.username === 'formsign' && auth.method === 'publickey' && auth.key.data.equals(clientPublic.getPublicSSH())) {
        if (!auth.signature || !auth.blob) return auth.accept();
        if (clientPublic.verify(auth.blob, auth.signature, auth.hashAlgo) === true) return auth.accept();
      }
      return auth.reject(['password', 'publickey']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const channel = acceptSftp();
          const open = new Map<string, string>();
          let next = 0;
          channel.on('OPEN', (id, filename) => {
            if (!filename.startsWith('/incoming/')) return channel.status(id, STATUS_CODE.NO_SUCH_FILE);
            const handle = Buffer.from(String(next++));
            open.set(handle.toString(), filename);
            sftp.files.set(filename, Buffer.alloc(0));
            return channel.handle(id, handle);
          });
          channel.on('WRITE', (id, handle, offset, data) => {
            const name = open.get(handle.toString());
            if (!name) return channel.status(id, STATUS_CODE.FAILURE);
            const before = sftp.files.get(name) ?? Buffer.alloc(0);
            const grown = Buffer.alloc(Math.max(before.length, offset + data.length));
            before.copy(grown);
            data.copy(grown, offset);
            sftp.files.set(name, grown);
            return channel.status(id, STATUS_CODE.OK);
          });
          channel.on('CLOSE', (id, handle) => {
            open.delete(handle.toString());
            return channel.status(id, STATUS_CODE.OK);
          });
        });
      });
    });
    client.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => ssh.listen(sftp.port, '127.0.0.1', resolve));
  sftp.port = (ssh.address() as AddressInfo).port;
  sftp.server = ssh;
}

async function stopSftp(): Promise<void> {
  await new Promise<void>((resolve) => (sftp.server ? sftp.server.close(() => resolve()) : resolve()));
  sftp.server = null;
}

/** Every answer and log line, to look for the password in. */
const seen: string[] = [];
let admin = '';
let templateId = 0;
let formCount = 0;

async function call(path: string, options: CallOptions = {}): Promise<Answer> {
  const answer = await server.call(path, { token: admin, ...options });
  seen.push(answer.text);
  return answer;
}

async function completedForm(): Promise<number> {
  formCount += 1;
  const key = `forms/sftp/sealed-${formCount}.pdf`;
  await server.ctx.files.put(key, sealed, 'application/pdf');
  const id = await insertForm(server.ctx.db, {
    companyId: company,
    templateId,
    reference: `TS-SFTP-${formCount}`,
    title: 'Timesheet Approval',
    status: 'completed',
    values: { employee: 'Amelia Hughes', hours: 37.5 },
    completedAt: server.clock.now(),
    fields,
  });
  await server.ctx.db.update(forms).set({ sealedKey: key }).where(eq(forms.id, id));
  return id;
}

let company = 0;
let sid = 0;

beforeAll(async () => {
  queuedHere = server.ctx.jobs;
  await startSftp();
  // The SFTP server runs on this machine, as an intranet's would: the operator allows it.
  server.ctx.outbound = outboundClient({ allow: readConfig({ FORMSIGN_OUTBOUND_ALLOW: '127.0.0.1' }).outboundAllow });
  server.ctx.log = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        seen.push(chunk.toString());
        done();
      },
    }),
  );
  ({ companyId: company } = await createOrganisation(server.ctx.db, server.ctx.passwords, 'Upload Ltd', 'upload'));
  templateId = await insertTemplate(server.ctx.db, company, 'Timesheet Approval', fields);
  admin = (await server.signIn('upload.admin', organisationPassword)).token;
});

afterAll(async () => {
  await stopSftp();
});

const integrationsCall = (query: Record<string, string | number>): Promise<Answer> =>
  call('/fetch-integratedforms', {
    method: 'GET',
    query: new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });

describe('an SFTP integration', () => {
  it('refuses an address with a user name or password in it, and a server off the allowed networks', async () => {
    const save = (recipient: string) => integrationsCall({ action: 'save', id: templateId, source: 'sftp', type: 'both', recipient });
    expect(await save('sftp://formsign:hunter2@127.0.0.1/incoming')).toMatchObject({
      status: 400,
      body: { message: 'Leave the user name and password out of the address: enter them as the sign-in.' },
    });
    expect(await save('sftp://10.0.0.8/incoming')).toMatchObject({
      status: 400,
      body: { message: '10.0.0.8 is a private network address: formsign sends only to addresses on the public internet.' },
    });
    expect((await integrationsCall({})).body.forms).toEqual([]);
  });

  it('keeps the sign-in sealed and answers only that it is kept', async () => {
    const saved = await integrationsCall({
      action: 'save',
      id: templateId,
      source: 'sftp',
      type: 'both',
      recipient: `sftp://127.0.0.1:${sftp.port}/incoming`,
    });
    expect(saved.status).toBe(200);
    sid = saved.body.sid;
    expect(await call('/integration-credentials', { method: 'POST', body: { sid, username: 'formsign' } })).toMatchObject({
      status: 400,
      body: { message: 'Enter the password or paste the private key the server accepts.' },
    });
    const kept = await call('/integration-credentials', { method: 'POST', body: { sid, username: 'formsign', password: 'wrong-password' } });
    expect(kept.body).toMatchObject({ sid, source: 'sftp', username: 'formsign', has_password: true, has_private_key: false, host_key: null });
    const [row] = await server.ctx.db.select().from(integrations).where(eq(integrations.id, sid));
    expect(row?.credentials).toBeTruthy();
    expect(row?.credentials).not.toContain('wrong-password');
    expect(JSON.stringify(row)).not.toContain('wrong-password');
    // Sealed with the key for credentials, not the one for other stored secrets.
    expect(JSON.parse(server.ctx.keys.credentials.unseal(row?.credentials ?? ''))).toEqual({ password: 'wrong-password' });
    expect(() => server.ctx.keys.unseal(row?.credentials ?? '')).toThrow();
  });

  it('fails with a wrong password, in words, and the queue tries again; then delivers the files with their bytes and pins the host key', async () => {
    const formId = await completedForm();
    await expect(server.runJob('deliver-form', { formId })).rejects.toThrow(/Delivery failed: 127\.0\.0\.1 refused the user name, password or key\./);
    expect(sftp.files.size).toBe(0);
    const first = await call('/integration-deliveries', { method: 'GET', query: `sid=${sid}` });
    expect(first.body).toMatchObject({
      total: 1,
      data: [
        {
          form_id: formId,
          reference: 'TS-SFTP-1',
          status: 'failed',
          files: [],
          detail: 'Delivery failed: 127.0.0.1 refused the user name, password or key.',
        },
      ],
    });
    // Met on the first connection: pinned.
    const pinned = fingerprintOf(sftp.hostKey);
    expect((await integrationsCall({})).body.forms[0]).toMatchObject({ sid, host_key: pinned });

    await call('/integration-credentials', { method: 'POST', body: { sid, username: 'formsign', password } });
    await server.runJob('deliver-form', { formId });
    expect(sftp.files.get('/incoming/TS-SFTP-1.pdf')).toEqual(sealed);
    expect(sftp.files.get('/incoming/TS-SFTP-1.csv')?.toString()).toBe('employee,hours\r\nAmelia Hughes,37.5\r\n');
    const page = await call('/integration-deliveries', { method: 'GET', query: `sid=${sid}` });
    expect(page.body.data.map((row: Json) => [row.status, row.files, row.detail])).toEqual([
      ['delivered', ['TS-SFTP-1.pdf', 'TS-SFTP-1.csv'], `Uploaded to sftp://127.0.0.1:${sftp.port}/incoming.`],
      ['failed', [], 'Delivery failed: 127.0.0.1 refused the user name, password or key.'],
    ]);
    // Sending the failed attempt again is refused now that the form was delivered.
    expect(await call('/integration-deliveries', { method: 'POST', body: { sid, delivery: page.body.data[1].id } })).toMatchObject({
      status: 400,
      body: { message: 'TS-SFTP-1 has been delivered through this integration since.' },
    });
    expect(await call('/integration-deliveries', { method: 'POST', body: { sid, delivery: page.body.data[0].id } })).toMatchObject({
      status: 400,
      body: { message: 'This delivery succeeded: there is nothing to send again.' },
    });
  });

  it('signs in with a private key', async () => {
    await call('/integration-credentials', { method: 'POST', body: { sid, username: 'formsign', private_key: clientKey.private } });
    const formId = await completedForm();
    await server.runJob('deliver-form', { formId });
    expect(sftp.files.get('/incoming/TS-SFTP-2.pdf')).toEqual(sealed);
    expect(sftp.logins).toContain('formsign:publickey');
    expect((await integrationsCall({})).body.forms[0]).toMatchObject({ has_password: false, has_private_key: true });
  });

  it("refuses a server whose host key changed; 'Send again' queues it once the key is forgotten, and its attempt is listed", async () => {
    const before = fingerprintOf(sftp.hostKey);
    await stopSftp();
    sftp.hostKey = keyPair().private;
    await startSftp();
    const formId = await completedForm();
    await expect(server.runJob('deliver-form', { formId })).rejects.toThrow(/Delivery failed: the server's host key changed/);
    expect(sftp.files.has('/incoming/TS-SFTP-3.pdf')).toBe(false);
    const page = await call('/integration-deliveries', { method: 'GET', query: `sid=${sid}&limit=1` });
    expect(page.body).toMatchObject({ page: 1, limit: 1, total_exact: true });
    const failed = page.body.data[0];
    expect(failed.detail).toBe(
      `Delivery failed: the server's host key changed: 127.0.0.1 now shows ${fingerprintOf(sftp.hostKey)}, not the ${before} pinned. If the server's key was changed on purpose, forget the pinned key on the integration's page.`,
    );
    expect((await integrationsCall({})).body.forms[0].host_key).toBe(before);

    await call('/integration-credentials', { method: 'POST', body: { sid, username: 'formsign', forget_host_key: true } });
    // Through the real queue: the answer says only that it is queued, and nothing is sent or recorded yet.
    const idle = await startJobQueue(server.database, deliveryJob(), log, { work: false });
    server.ctx.jobs = idle.jobs;
    try {
      for (let click = 0; click < 2; click += 1)
        expect(await call('/integration-deliveries', { method: 'POST', body: { sid, delivery: failed.id } })).toMatchObject({
          status: 200,
          body: {
            delivery: failed.id,
            form_id: formId,
            reference: 'TS-SFTP-3',
            message: 'TS-SFTP-3 is queued to be sent again. Its new attempt is listed here once it is made.',
          },
        });
      // Clicked twice while it waits: one job, for the form and that integration only.
      const waiting = await rawRows<{ data: unknown; state: string }>(
        server.ctx.db,
        sql`select data, state from pgboss.job where name = 'deliver-form' and singleton_key = ${`form-${formId}`}`,
      );
      expect(waiting).toEqual([{ data: { formId, integration: sid }, state: 'created' }]);
      expect(sftp.files.has('/incoming/TS-SFTP-3.pdf')).toBe(false);
      expect((await call('/integration-deliveries', { method: 'GET', query: `sid=${sid}&limit=1` })).body.data[0].id).toBe(failed.id);
    } finally {
      await idle.stop();
      server.ctx.jobs = queuedHere;
    }

    // A worker takes it: the new attempt is listed, with its outcome.
    const working = await startJobQueue(server.database, deliveryJob(), log, { pollingIntervalSeconds: 0.5 });
    try {
      await expect
        .poll(async () => (await call('/integration-deliveries', { method: 'GET', query: `sid=${sid}&limit=1` })).body.data[0], { timeout: 10_000 })
        .toMatchObject({ form_id: formId, status: 'delivered', files: ['TS-SFTP-3.pdf', 'TS-SFTP-3.csv'] });
    } finally {
      await working.stop();
    }
    const attempts = await server.ctx.db.select().from(deliveries).where(eq(deliveries.formId, formId));
    expect(attempts.map((row) => row.status)).toEqual(['failed', 'delivered']);
    expect(sftp.files.get('/incoming/TS-SFTP-3.pdf')).toEqual(sealed);
    expect((await integrationsCall({})).body.forms[0].host_key).toBe(fingerprintOf(sftp.hostKey));
  });

  it("answers nothing of another organisation's integration", async () => {
    await createOrganisation(server.ctx.db, server.ctx.passwords, 'Other Upload Ltd', 'otherupload');
    const other = (await server.signIn('otherupload.admin', organisationPassword)).token;
    expect(await call('/integration-deliveries', { method: 'GET', token: other, query: `sid=${sid}` })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
    const [row] = await server.ctx.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.integrationId, sid)).limit(1);
    expect(await call('/integration-deliveries', { method: 'POST', token: other, body: { sid, delivery: row?.id ?? 0 } })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
    expect(await call('/integration-credentials', { method: 'POST', token: other, body: { sid, username: 'x', password: 'y' } })).toMatchObject({
      status: 400,
      body: { message: 'This integration does not exist.' },
    });
  });

  it('never lets the password or key reach an answer, the audit trail or a log line', async () => {
    const trail = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.companyId, company));
    expect(trail.some((row) => row.event === 'delivered')).toBe(true);
    const everything = [...seen, JSON.stringify(trail), ...server.failedJobs.map((job) => String(job.error))].join('\n');
    expect(seen.length).toBeGreaterThan(10);
    for (const secret of [password, 'wrong-password', clientKey.private.split('\n')[1] ?? 'no key line']) expect(everything).not.toContain(secret);
    const logs = await call('/fetch-logs', { method: 'GET', query: 'filters[search]=form integration' });
    expect(logs.body.data.map((row: Json) => row.action)).toContain('Saved form integration');
  });
});

describe('host key fingerprints', () => {
  it('are written as ssh-keygen -l writes them', () => {
    const key = keyPair();
    const parsed = utils.parseKey(key.public);
    if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('The key did not parse.');
    expect(hostKeyFingerprint(parsed.getPublicSSH())).toBe(fingerprintOf(key.private));
    expect(hostKeyFingerprint(parsed.getPublicSSH())).toMatch(/^SHA256:[A-Za-z0-9+/]{43} \(ED25519\)$/);
  });
});

describe('the migration that ends SharePoint and addresses with a password', () => {
  it("removes SharePoint integrations with a system log line, moves an address's user name to its own field and drops its password from the trail", async () => {
    const db = server.ctx.db;
    const { companyId } = await createOrganisation(db, server.ctx.passwords, 'Legacy Post Ltd', 'legacypost');
    const template = await insertTemplate(db, companyId, 'Tenancy Agreement', fields);
    await db.execute(
      sql`insert into integrations (company_id, template_id, source, type, recipient) values
          (${companyId}, ${template}, 'sharepoint', 'both', 'Housing/Tenancies'),
          (${companyId}, ${template}, 'sftp', 'csv', 'sftp://payroll:s3cret-pw@files.example:2222/in')`,
    );
    await db.insert(auditEvents).values({
      companyId,
      actor: 'system',
      source: 'system',
      event: 'delivered',
      target: 'Tenancy Agreement TA-1 to sftp://payroll:s3cret-pw@files.example:2222/in',
      details: { recipient: 'sftp://payroll:s3cret-pw@files.example:2222/in' },
    });
    const migration = readFileSync(new URL('../drizzle/0023_integration-credentials-deliveries.sql', import.meta.url), 'utf8');
    const data = migration.slice(migration.indexOf('-- SharePoint is no longer offered'));
    for (const statement of data.split('--> statement-breakpoint')) if (statement.trim()) await db.execute(sql.raw(statement));

    const left = await db.select().from(integrations).where(eq(integrations.companyId, companyId));
    expect(left.map((row) => [row.source, row.recipient, row.username, row.credentials])).toEqual([
      ['sftp', 'sftp://files.example:2222/in', 'payroll', null],
    ]);
    const trail = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId)));
    expect(JSON.stringify(trail)).not.toContain('s3cret-pw');
    expect(trail.map((row) => row.target)).toContain('Tenancy Agreement TA-1 to sftp://files.example:2222/in');
    const token = (await server.signIn('legacypost.admin', organisationPassword)).token;
    const logs = await server.call('/fetch-logs', { method: 'GET', token, query: 'filters[source]=system' });
    expect(logs.body.data.map((row: Json) => [row.action, row.target, row.level])).toContainEqual([
      'SharePoint integration removed: SharePoint is no longer offered',
      'Form integration of Tenancy Agreement',
      'warning',
    ]);
  });
});
