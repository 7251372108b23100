/** A sent form's progress as its sender and the company's administrators follow it. */
import type { FormProgress } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { findTenant } from '../cases/repository.js';
import { sealedPdfUrl } from './links.js';
import { closedStatuses } from './managed-form.js';
import { recipientsOf, visibleForm } from './repository.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The progress of a form the person sees. */
export async function formProgress(ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>, principal: Principal, formId: number): Promise<FormProgress> {
  const found = await visibleForm(ctx.db, principal, formId);
  if (!found) throw notFound();
  const { form } = found;
  const recipients = await recipientsOf(ctx.db, form.id);
  // The case it is filed on, named only when the person may see that case.
  const filedOn = form.tenantId === null ? undefined : await findTenant(ctx.db, principal, form.tenantId);
  const next = closedStatuses.has(form.status) ? [] : recipients.filter((recipient) => recipient.status === 'open');
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
      comment: recipient.comment,
      next: next.some((open) => open.id === recipient.id),
    })),
  };
}
