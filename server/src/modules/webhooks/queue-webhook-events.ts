/**
 * Queueing an event for the organisation's subscriptions: followed from the audit trail, so it
 * runs in the transaction of what happened (the event is queued exactly when the change is
 * committed). For each subscription taking the event, one row of its delivery log, with the
 * form (and its recipients' states) or the template as they are now, and the job that sends a
 * subscription's events of that form in order (`deliver-webhooks.job.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@formsign/sdk/contract';
import type { RecordedEvent } from '../../audit/audit.js';
import type { Database } from '../../db/database.js';
import { currentJobs } from '../../jobs/scope.js';
import { findForm } from '../forms/completed-forms-repository.js';
import { recipientsOf } from '../forms/repository.js';
import { findTemplate } from '../templates/repository.js';
import { insertDeliveries, subscriptionsTaking } from './repository.js';
import { webhookEventOf } from './webhook-events.js';

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The event's `data`: the form with its recipients' states, or the template; null when it is gone. */
async function eventData(
  db: Database,
  event: RecordedEvent,
  type: WebhookEventType,
): Promise<{ orderKey: string; formId: number | null; reference: string; data: Record<string, unknown> } | null> {
  if (type.startsWith('template.')) {
    const templateId = Number(event.details.template);
    const template = event.companyId !== null && Number.isInteger(templateId) ? await findTemplate(db, event.companyId, templateId) : undefined;
    if (!template) return null;
    return {
      orderKey: `template-${template.id}`,
      formId: null,
      reference: template.title,
      data: { template: { id: template.id, title: template.title, category: template.category } },
    };
  }
  if (event.formId === null) return null;
  const form = await findForm(db, event.formId);
  if (!form || form.companyId !== event.companyId) return null;
  const recipients = await recipientsOf(db, form.id);
  const step = typeof event.details.order === 'number' ? event.details.order : null;
  return {
    orderKey: `form-${form.id}`,
    formId: form.id,
    reference: form.reference,
    data: {
      ...(step === null ? {} : { step }),
      ...(type === 'form.delivery_failed' ? { delivery: { detail: String(event.details.detail ?? '') } } : {}),
      form: {
        id: form.id,
        reference: form.reference,
        title: form.title,
        template_id: form.templateId,
        status: form.status,
        sender: form.senderName,
        sent_at: iso(form.sentAt),
        expires_at: iso(form.expiresAt),
        completed_at: iso(form.completedAt),
        sealed_at: iso(form.sealedAt),
        recipients: recipients.map((recipient) => ({
          step: recipient.order,
          action: recipient.action,
          label: recipient.label,
          name: recipient.name,
          email: recipient.email,
          status: recipient.status,
          opened_at: iso(recipient.openedAt),
          acted_at: iso(recipient.actedAt),
        })),
      },
    },
  };
}

export async function queueWebhookEvents(db: Database, events: readonly RecordedEvent[]): Promise<void> {
  // The subscriptions are looked up once for each organisation and kind of event among them.
  const taking = new Map<string, { id: number }[]>();
  for (const event of events) {
    const type = webhookEventOf(event);
    if (!type || event.companyId === null) continue;
    const key = `${event.companyId} ${type}`;
    let subscriptions = taking.get(key);
    if (!subscriptions) {
      subscriptions = await subscriptionsTaking(db, event.companyId, type);
      taking.set(key, subscriptions);
    }
    if (subscriptions.length) await queueWebhookEvent(db, event, type, subscriptions);
  }
}

async function queueWebhookEvent(
  db: Database,
  event: RecordedEvent,
  type: WebhookEventType,
  subscriptions: readonly { id: number }[],
): Promise<void> {
  const found = await eventData(db, event, type);
  if (!found) return;
  // One id for the event, the same at every subscription and on every attempt: a receiver drops one it has.
  const eventId = `evt_${randomUUID()}`;
  await insertDeliveries(
    db,
    subscriptions.map((subscription) => ({
      subscriptionId: subscription.id,
      event: type,
      eventId,
      orderKey: found.orderKey,
      formId: found.formId,
      reference: found.reference,
      payload: found.data,
      occurredAt: event.at,
      queuedAt: event.at,
      at: event.at,
      detail: 'Waiting to be sent.',
    })),
  );
  // Outside a request or a job (a seed script), the rows wait for the next start's left-over work.
  const jobs = currentJobs();
  for (const subscription of subscriptions)
    await jobs?.enqueue('deliver-webhooks', { subscription: subscription.id, key: found.orderKey }, { tx: db });
}
