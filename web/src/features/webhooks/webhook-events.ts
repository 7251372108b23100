/** The events a subscription can take, with the words the Webhooks page shows for each. */
import type { WebhookEventType } from '@formsign/sdk';

export const webhookEventLabels: readonly { value: WebhookEventType; label: string }[] = [
  { value: 'form.sent', label: 'Form sent' },
  { value: 'form.opened', label: 'Form opened' },
  { value: 'form.signed', label: 'Form signed (each step)' },
  { value: 'form.approved', label: 'Form approved' },
  { value: 'form.sent_back', label: 'Form sent back' },
  { value: 'form.declined', label: 'Form declined' },
  { value: 'form.withdrawn', label: 'Form withdrawn' },
  { value: 'form.expired', label: 'Form expired' },
  { value: 'form.completed', label: 'Form completed' },
  { value: 'form.sealed', label: 'Form sealed' },
  { value: 'form.delivery_failed', label: 'Form delivery failed' },
  { value: 'template.created', label: 'Template created' },
  { value: 'template.changed', label: 'Template changed' },
];
