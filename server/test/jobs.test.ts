/**
 * The job queue on the same database (pg-boss): a seal that fails is tried again; a seal that
 * was under way when its server stopped is picked up by the next start; a form is sealed once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { auditEvents, forms } from '../src/db/schema.js';
import type { JobContext } from '../src/context.js';
import type { JobName, RunnableJob } from '../src/jobs/job.js';
import { startJobQueue, type RunningQueue } from '../src/jobs/queue.js';
import { serverJobs } from '../src/jobs-list.js';
import { outboxMailer, type MailMessage } from '../src/mail/mailer.js';
import { formSeals } from '../src/modules/forms/seal-input.js';
import { sealForm } from '../src/sealing/seal.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const log = pino({ level: 'silent' });
const running: RunningQueue[] = [];

afterEach(async () => {
  for (const queue of running.splice(0)) await queue.stop();
});

/** The server's jobs, as declared (names, retries, schedules, work left over), doing only what `run` says (else nothing). */
function jobsDoing(run: Partial<Record<JobName, (data: never) => Promise<unknown>>>): RunnableJob[] {
  return serverJobs(server.ctx as JobContext).map((job) => ({
    ...job,
    run: (data: unknown) => (run[job.name] ? run[job.name]!(data as never) : Promise.resolve()),
  }));
}

/**
 * A queue whose seals run `handler` for the form under test. The demo's other complete forms
 * have no seal either, so every start queues them too: their jobs end at once, unsealed.
 */
async function start(target: number, handler: (formId: number) => Promise<unknown>): Promise<RunningQueue> {
  const seal = (formId: number): Promise<unknown> => (formId === target ? handler(formId) : Promise.resolve());
  const queue = await startJobQueue(server.database, jobsDoing({ 'seal-form': ({ formId }: { formId: number }) => seal(formId) }), log, {
    pollingIntervalSeconds: 0.5,
    retryDelaySeconds: 1,
    expireInSeconds: 2,
  });
  running.push(queue);
  return queue;
}

/** A completed form of the demo whose seal is undone, so that a seal has work to do. */
async function unsealedForm(): Promise<number> {
  const [form] = await server.ctx.db
    .select()
    .from(forms)
    .where(eq(forms.status, 'completed'))
    .limit(1)
    .offset(Math.floor(Math.random() * 20));
  if (!form) throw new Error('The demo has no complete form.');
  await server.ctx.db.update(forms).set({ sealedKey: null, sealedSha256: null, originalSha256: null, sealedAt: null }).where(eq(forms.id, form.id));
  await server.ctx.db.delete(auditEvents).where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'sealed')));
  return form.id;
}

async function sealedKeyOf(id: number): Promise<string | null> {
  const [form] = await server.ctx.db.select({ key: forms.sealedKey }).from(forms).where(eq(forms.id, id));
  return form?.key ?? null;
}

describe('the job queue', () => {
  it('tries a failing seal again until it works', async () => {
    const id = await unsealedForm();
    let attempts = 0;
    const queue = await start(id, async (formId) => {
      attempts += 1;
      if (attempts === 1) throw new Error('The file store did not answer.');
      return sealForm(server.ctx, formSeals, formId);
    });
    await queue.jobs.enqueue('seal-form', { formId: id });
    await expect.poll(() => sealedKeyOf(id), { timeout: 20_000, interval: 250 }).not.toBeNull();
    // The start queued the form as well (it had no seal): a second job may run after the
    // first failed, so count at least two tries and one seal.
    expect(attempts).toBeGreaterThanOrEqual(2);
    const seals = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'sealed')));
    expect(seals).toHaveLength(1);
  }, 30_000);

  it('seals on the next start a form whose seal was under way when the server stopped', async () => {
    const id = await unsealedForm();
    let hung = false;
    const first = await start(id, () => {
      hung = true;
      return new Promise(() => undefined);
    });
    await first.jobs.enqueue('seal-form', { formId: id });
    await expect.poll(() => hung, { timeout: 10_000, interval: 100 }).toBe(true);
    // The server dies mid-seal: the job is left as it was, under way.
    running.splice(running.indexOf(first), 1);
    await first.halt();
    expect(await sealedKeyOf(id)).toBeNull();

    await start(id, (formId) => sealForm(server.ctx, formSeals, formId));
    await expect.poll(() => sealedKeyOf(id), { timeout: 25_000, interval: 250 }).not.toBeNull();
    const seals = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, id), eq(auditEvents.event, 'sealed')));
    expect(seals).toHaveLength(1);
  }, 40_000);

  it('sends a message with its attachments through the queue, where it waits as JSON', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'formsign-queued-mail-'));
    try {
      const mailer = outboxMailer(folder, 'formsign <no-reply@formsign.local>', { info: () => undefined });
      const queue = await startJobQueue(server.database, jobsDoing({ 'send-mail': (message: MailMessage) => mailer.send(message) }), log, {
        pollingIntervalSeconds: 0.5,
        retryDelaySeconds: 1,
        expireInSeconds: 2,
      });
      running.push(queue);
      const pdf = Buffer.from('%PDF-1.7\n% sealed bytes \u00ff\u0000\n');
      await queue.jobs.enqueue('send-mail', {
        to: 'finance@northwindcare.example',
        subject: 'Mileage Claim MC-1 is complete',
        text: 'Attached: MC-1.pdf.',
        html: '<p>Attached: MC-1.pdf.</p>',
        attachments: [{ filename: 'MC-1.pdf', contentBase64: pdf.toString('base64'), contentType: 'application/pdf' }],
      });
      await expect.poll(() => readdirSync(folder).length, { timeout: 20_000, interval: 250 }).toBe(1);
      const parsed = await simpleParser(readFileSync(join(folder, readdirSync(folder)[0] ?? '')));
      expect(parsed.attachments.map((file) => [file.filename, file.content.equals(pdf)])).toEqual([['MC-1.pdf', true]]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);

  it('queues jobs, one or many at once, in the transaction of the change that causes them: a rolled-back change leaves none', async () => {
    const sent: string[] = [];
    const queue = await startJobQueue(
      server.database,
      jobsDoing({ 'send-mail': async (message: MailMessage) => void sent.push(message.subject) }),
      log,
      { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, expireInSeconds: 2 },
    );
    running.push(queue);
    const message = (subject: string) => ({ to: 'someone@northwindcare.example', subject, text: subject, html: `<p>${subject}</p>` });
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await queue.jobs.enqueue('send-mail', message('rolled back'), { tx });
        await queue.jobs.enqueueAll('send-mail', [message('rolled back too'), message('and this')], { tx });
        throw new Error('The change failed after its mail was queued.');
      }),
    ).rejects.toThrow('The change failed');
    await server.ctx.db.transaction(async (tx) => {
      await queue.jobs.enqueue('send-mail', message('committed'), { tx });
      await queue.jobs.enqueueAll('send-mail', [message('one of many'), message('two of many')], { tx });
      // Not there for anyone else until the change commits.
      expect(sent).toEqual([]);
    });
    const committed = ['committed', 'one of many', 'two of many'];
    await expect.poll(() => [...sent].sort(), { timeout: 20_000, interval: 100 }).toEqual([...committed].sort());
    // Time for a rolled-back job to show, had it been kept.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([...sent].sort()).toEqual([...committed].sort());
  }, 30_000);

  it('stops only once the jobs under way, and the ones a fetch in flight brings, have finished: nothing reaches the database after', async () => {
    // The queue's fetches answer late, so that one is in flight when the queue is told to stop.
    let stoppedAt: number | null = null;
    const late: string[] = [];
    const database = {
      ...server.database,
      async query(text: string, values?: unknown[]) {
        if (stoppedAt !== null) late.push(text);
        if (/skip locked/i.test(text)) await new Promise((resolve) => setTimeout(resolve, 300));
        return server.database.query(text, values);
      },
    };
    const finished: string[] = [];
    const outOfTurn: string[] = [];
    const queue = await startJobQueue(
      database,
      jobsDoing({
        'send-mail': async (message: MailMessage) => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          // The job still reads the database after a while: it must be open.
          await server.ctx.db.select({ id: forms.id }).from(forms).limit(1);
          if (stoppedAt !== null) outOfTurn.push(message.subject);
          finished.push(message.subject);
        },
      }),
      log,
      { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, expireInSeconds: 5 },
    );
    await queue.jobs.enqueue('send-mail', { to: 'someone@northwindcare.example', subject: 'late', text: 'late', html: '<p>late</p>' });
    // Its worker is told at once, and its fetch is now on its way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue.stop();
    stoppedAt = Date.now();
    expect(finished).toEqual(['late']);
    // Time for anything left running to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(outOfTurn).toEqual([]);
    expect(late).toEqual([]);
  }, 30_000);

  it('queues, on start, complete forms that have no seal', async () => {
    const id = await unsealedForm();
    await start(id, (formId) => sealForm(server.ctx, formSeals, formId));
    await expect.poll(() => sealedKeyOf(id), { timeout: 20_000, interval: 250 }).not.toBeNull();
  }, 30_000);
});
