/** The events a subscription can take, with the words the Webhooks page shows for each. */
import type { WebhookEventType } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const webhookEventLabels: readonly { value: WebhookEventType; label: MessageDescriptor }[] = [
  { value: 'form.sent', label: msg`Form sent` },
  { value: 'form.opened', label: msg`Form opened` },
  { value: 'form.signed', label: msg`Form signed (each step)` },
  { value: 'form.approved', label: msg`Form approved` },
  { value: 'form.sent_back', label: msg`Form sent back` },
  { value: 'form.declined', label: msg`Form declined` },
  { value: 'form.withdrawn', label: msg`Form withdrawn` },
  { value: 'form.expired', label: msg`Form expired` },
  { value: 'form.completed', label: msg`Form completed` },
  { value: 'form.sealed', label: msg`Form sealed` },
  { value: 'form.delivery_failed', label: msg`Form delivery failed` },
  { value: 'template.created', label: msg`Template created` },
  { value: 'template.changed', label: msg`Template changed` },
];
