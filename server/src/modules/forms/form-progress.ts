/** A sent form's progress as its sender and the company's administrators follow it. */
import type { FormProgress, RecipientProgress } from '@formsign/sdk/contract';
import { formEventsOfKind } from '../../audit/repository.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { findTenant } from '../cases/repository.js';
import { sealedPdfUrl } from './links.js';
import { closedStatuses } from './managed-form.js';
import { companySettings } from '../../companies/repository.js';
import { reminderDays } from './remind-waiting.job.js';
import { recipientsOf, visibleForm, type FormRecord, type RecipientRecord } from './repository.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const hour = 60 * 60_000;

/**
 * When the hourly automatic reminder (`remind-waiting.job.ts`) next mails a waiting place: the
 * first run on the hour at least `days` after its last mail, and not before the next run; none
 * when reminders are off or the form expires first.
 */
export function nextReminder(
  form: Pick<FormRecord, 'expiresAt'>,
  place: Pick<RecipientRecord, 'lastRemindedAt' | 'notifiedAt'>,
  days: number,
  now: Date,
): Date | null {
  const mailed = place.lastRemindedAt ?? place.notifiedAt;
  if (days === 0 || !mailed) return null;
  const due = Math.max(mailed.getTime() + days * 24 * hour, now.getTime() + 1);
  const run = new Date(Math.ceil(due / hour) * hour);
  return form.expiresAt && run.getTime() >= form.expiresAt.getTime() ? null : run;
}

type HandOver = NonNullable<RecipientProgress['delegations']>[number];

const person = (value: unknown): { name: string; email: string } | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' ? { name, email } : null;
};

/** Who handed which place on to whom and why, from the trail (an event whose details retention removed says nothing). */
function handOvers(events: readonly { at: Date; details: Record<string, unknown> }[]): (HandOver & { order: number })[] {
  return events.flatMap(({ at, details }) => {
    const from = person(details['from']);
    const to = person(details['to']);
    const order = details['order'];
    if (!from || !to || typeof order !== 'number') return [];
    const reason = typeof details['reason'] === 'string' ? details['reason'] : '';
    return [{ order, from_name: from.name, from_email: from.email, to_name: to.name, to_email: to.email, reason, at: at.toISOString() }];
  });
}

/** The progress of a form the person sees. */
export async function formProgress(ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>, principal: Principal, formId: number): Promise<FormProgress> {
  const found = await visibleForm(ctx.db, principal, formId);
  if (!found) throw notFound();
  const { form } = found;
  const recipients = await recipientsOf(ctx.db, form.id);
  // The case it is filed on, named only when the person may see that case.
  const filedOn = form.tenantId === null ? undefined : await findTenant(ctx.db, principal, form.tenantId);
  const next = closedStatuses.has(form.status) ? [] : recipients.filter((recipient) => recipient.status === 'open');
  const days = reminderDays(await companySettings(ctx.db, form.companyId));
  const delegations = handOvers(await formEventsOfKind(ctx.db, form.id, 'delegated'));
  return {
    id: form.id,
    reference: form.reference,
    title: form.title,
    template: found.template,
    status: form.status,
    sequential: form.sequential,
    sender: form.senderName,
    message: form.message,
    sent_at: iso(form.sentAt),
    expires_at: iso(form.expiresAt),
    completed_at: iso(form.completedAt),
    pdf: sealedPdfUrl(ctx, form),
    tenant: filedOn ? { id: filedOn.tenant.id, name: filedOn.tenant.name } : null,
    recipients: recipients.map((recipient) => ({
      order: recipient.order,
      label: recipient.label,
      name: recipient.name,
      email: recipient.email,
      action: recipient.action,
      status: recipient.status,
      opened_at: iso(recipient.openedAt),
      acted_at: iso(recipient.actedAt),
      reminders: recipient.remindersSent,
      last_reminded_at: iso(recipient.lastRemindedAt),
      next_reminder_at: iso(next.some((open) => open.id === recipient.id) ? nextReminder(form, recipient, days, ctx.now()) : null),
      comment: recipient.comment,
      next: next.some((open) => open.id === recipient.id),
      verification: recipient.verification,
      verified_at: iso(recipient.verifiedAt),
      allow_delegation: recipient.allowDelegation,
      delegations: delegations.filter((handed) => handed.order === recipient.order).map(({ order: _order, ...handed }) => handed),
      // A copy's mail time is when the mail server took it (`send-copies.job.ts`).
      copy_sent_at: recipient.action === 'copy' ? iso(recipient.notifiedAt) : null,
      hosted_by: recipient.hostedByName,
    })),
  };
}
