/**
 * The events a subscription can take, and which event of the audit trail each one is: every
 * webhook starts from the trail (`audit/audit.ts` hands each event written to
 * `queue-webhook-events.ts`), so no use case names webhooks.
 */
import type { WebhookEventType } from '@formsign/sdk/contract';
import type { RecordedEvent } from '../../audit/audit.js';

export const webhookEventTypes = [
  'form.sent',
  'form.opened',
  'form.signed',
  'form.approved',
  'form.sent_back',
  'form.declined',
  'form.withdrawn',
  'form.expired',
  'form.completed',
  'form.sealed',
  'form.delivery_failed',
  'template.created',
  'template.changed',
] as const satisfies readonly WebhookEventType[];

/** The webhook event an event of the trail is, or null when it is none. */
export function webhookEventOf(event: Pick<RecordedEvent, 'event' | 'level' | 'details' | 'formId'>): WebhookEventType | null {
  switch (event.event) {
    case 'sent':
      return 'form.sent';
    case 'opened':
      return 'form.opened';
    case 'signed':
      return 'form.signed';
    case 'approved':
      return 'form.approved';
    case 'disapproved':
      return 'form.sent_back';
    case 'declined':
      return 'form.declined';
    case 'cancelled':
      return 'form.withdrawn';
    case 'expired':
      return 'form.expired';
    case 'completed':
      return 'form.completed';
    case 'sealed':
      return 'form.sealed';
    case 'delivered':
      return event.level === 'error' ? 'form.delivery_failed' : null;
    case 'template-saved':
      return event.details.created === true || event.details.duplicateOf !== undefined ? 'template.created' : 'template.changed';
    default:
      return null;
  }
}
