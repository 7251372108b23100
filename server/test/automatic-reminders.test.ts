/**
 * The automatic reminders of a company's `reminder_days`: a recipient whose turn has waited that
 * many days is mailed the manual reminder again, every as many days, until they act or the form
 * expires; the hourly job is run with the test's clock moved.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies } from '../src/db/schema.js';
import { sendSigningForm, signingOrganisation, submitDrawn, type SentForm } from './support/signing-forms.js';
import { organisationPassword } from './support/form-rows.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const hour = 60 * 60_000;
const day = 24 * hour;

let everyTwo = { token: '', template: 0, companyId: 0 };
let everySeven = { token: '', template: 0, companyId: 0 };
let made = 0;

/** An organisation that reminds every `reminderDays` days, with a template of two signers in order. */
const organisation = (name: string, prefix: string, reminderDays: number) =>
  signingOrganisation(
    server,
    name,
    prefix,
    [
      { label: 'First', action: 'sign' },
      { label: 'Second', action: 'sign' },
    ],
    { reminder_days: reminderDays },
  );

beforeAll(async () => {
  everyTwo = await organisation('Every Two Days Ltd', 'two', 2);
  everySeven = await organisation('Every Seven Days Ltd', 'seven', 7);
});

/** A form of two signers in order, to addresses of its own. */
async function send(
  of: { token: string; template: number },
  extra: Record<string, unknown> = {},
): Promise<{ form: SentForm; first: string; second: string }> {
  made += 1;
  const first = `first.${made}@remind.example`;
  const second = `second.${made}@remind.example`;
  const form = await sendSigningForm(server, of.token, {
    template: of.template,
    recipients: [
      { name: 'First Signer', email: first },
      { name: 'Second Signer', email: second },
    ],
    ...extra,
  });
  return { form, first, second };
}

/** Runs the hourly job now, and the mail it queued. */
async function remindNow(): Promise<void> {
  await server.runJob('remind-waiting');
  await server.flushJobs();
}

/** The reminders mailed to an address so far. */
const reminders = (to: string): number => server.mail.filter((mail) => mail.to === to && mail.subject.startsWith('Reminder: ')).length;

/** The progress of a form as its organisation's administrator reads it (signed in again: the clock moves). */
async function progressOf(prefix: string, id: number) {
  const { token } = await server.signIn(`${prefix}.admin`, organisationPassword);
  const answer = await server.call('/form-progress', { method: 'GET', token, query: `id=${id}` });
  return answer.body;
}

describe('automatic reminders', () => {
  it('mail a waiting recipient every N days, once in a day however often the job runs, and stop when they sign', async () => {
    const { form, first, second } = await send(everyTwo);
    const sentAt = server.clock.now().getTime();
    const progress = await progressOf('two', form.id);
    expect(progress.recipients.map((place: { next_reminder_at: string | null }) => place.next_reminder_at)).toEqual([
      new Date(Math.ceil((sentAt + 2 * day) / hour) * hour).toISOString(),
      null,
    ]);

    server.clock.advance(2 * day - 2 * hour);
    await remindNow();
    expect(reminders(first), 'nothing before two days').toBe(0);

    server.clock.advance(2 * hour + 60_000);
    await remindNow();
    expect(reminders(first), 'one at two days').toBe(1);
    await remindNow();
    server.clock.advance(12 * hour);
    await remindNow();
    expect(reminders(first), 'none again the same day').toBe(1);
    const mail = server.mail.filter((sent) => sent.to === first).at(-1);
    expect(mail?.text).toContain(form.links[0]?.pageId);

    server.clock.advance(day + 13 * hour);
    await remindNow();
    expect(reminders(first), 'another at four days').toBe(2);
    expect(reminders(second), 'the second signer waits for the first').toBe(0);

    const events = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.formId, form.id), eq(auditEvents.event, 'reminded')))
      .orderBy(asc(auditEvents.id));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ source: 'system', target: form.reference, details: { order: 1, to: first, automatic: true } });

    const link = form.links[0];
    if (!link) throw new Error('No link.');
    const signed = await submitDrawn(server, link);
    expect(signed.status).toBe(200);
    server.clock.advance(2 * day + hour);
    await remindNow();
    expect(reminders(first), 'none after they signed').toBe(2);
    expect(reminders(second), 'the second signer, two days after their turn came').toBe(1);
  });

  it('follow the setting as it changes, count again from a reminder by hand, and stop at the expiry', async () => {
    const { form, first } = await send(everySeven);
    const expiring = await send(everySeven, { expires_at: new Date(server.clock.now().getTime() + 8 * day).toISOString().slice(0, 10) });

    server.clock.advance(3 * day + hour);
    await remindNow();
    expect(reminders(first), 'seven days, not the default three').toBe(0);

    // Reminded by hand at three days: the automatic count starts again from it.
    const { token } = await server.signIn('seven.admin', organisationPassword);
    const byHand = await server.call('/form-progress', { token, body: { id: form.id, action: 'remind' } });
    expect(byHand.body).toMatchObject({ code: 1 });
    expect(reminders(first)).toBe(1);

    await server.ctx.db
      .update(companies)
      .set({ settings: { ...(await settingsOf(everySeven.companyId)), reminder_days: 4 } })
      .where(eq(companies.id, everySeven.companyId));
    server.clock.advance(3 * day);
    await remindNow();
    expect(reminders(first), 'four days from the reminder by hand, not yet').toBe(1);
    expect(reminders(expiring.first), 'four days from sending, the new interval').toBe(1);

    server.clock.advance(day + hour);
    await remindNow();
    expect(reminders(first), 'four days after the reminder by hand').toBe(2);

    // The expiring form ended at its eighth day: its next reminder (day 10) is never sent.
    expect((await progressOf('seven', expiring.form.id)).recipients[0].next_reminder_at).toBeNull();
    server.clock.advance(4 * day + hour);
    await remindNow();
    expect(reminders(expiring.first), 'none past the expiry').toBe(1);
    expect(reminders(first)).toBe(3);
  });

  it('are not sent when the setting is 0', async () => {
    const off = await organisation('Never Remind Ltd', 'never', 0);
    const { form, first } = await send(off);
    expect((await progressOf('never', form.id)).recipients[0].next_reminder_at).toBeNull();
    server.clock.advance(20 * day);
    await remindNow();
    expect(reminders(first)).toBe(0);
  });
});

async function settingsOf(companyId: number) {
  const [row] = await server.ctx.db.select({ settings: companies.settings }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error('No company.');
  return row.settings;
}
