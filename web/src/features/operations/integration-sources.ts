/** Where completed forms can be delivered, what each destination is called and how its address is checked. */
import { emailPattern, type Integration, type IntegrationSource } from '@formsign/sdk';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface SourceInfo {
  value: IntegrationSource;
  label: MessageDescriptor;
  /** The label of the recipient field. */
  recipientLabel: MessageDescriptor;
  hint: MessageDescriptor;
  /** The problem with an address, in the product's words, or null when it will do. */
  check(recipient: string): MessageDescriptor | null;
}

export const sources: readonly SourceInfo[] = [
  {
    value: 'email',
    label: msg`Email`,
    recipientLabel: msg`Email address`,
    hint: msg`Completed forms are emailed to this address.`,
    check: (value) => (emailPattern.test(value) ? null : msg`Enter an email address, like records@yourcompany.com.`),
  },
  {
    value: 'sftp',
    label: msg`SFTP server`,
    recipientLabel: msg`Server folder`,
    hint: msg`The folder on the server, as sftp://server/folder (or sftp://server:port/folder). The user name and password are entered apart, once saved.`,
    check: (value) =>
      /^sftp:\/\/[^/]*@/i.test(value)
        ? msg`Leave the user name and password out of the address: enter them as the sign-in.`
        : /^sftp:\/\/[^\s/]+(\/\S*)?$/.test(value)
          ? null
          : msg`Enter the server folder as sftp://server/folder.`,
  },
  {
    value: 'webhook',
    label: msg`Webhook`,
    recipientLabel: msg`Webhook URL`,
    hint: msg`Each completed form is posted to this address.`,
    check: (value) => (/^https:\/\/[^\s/]+\.[^\s]+$/.test(value) ? null : msg`Enter the webhook's address, starting with https://.`),
  },
];

export function sourceInfo(value: string | null | undefined): SourceInfo | undefined {
  return sources.find((source) => source.value === value);
}

export type DeliveryType = Integration['type'];

export const deliveryTypes: readonly { value: DeliveryType; label: MessageDescriptor }[] = [
  { value: 'pdf', label: msg`The signed PDF` },
  { value: 'csv', label: msg`The data as CSV` },
  { value: 'both', label: msg`The PDF and the data` },
];

/** What is sent, in the language shown; a type the app does not know, as it is. */
export function deliveryLabel(value: DeliveryType, i18n: I18n): string {
  const type = deliveryTypes.find((one) => one.value === value);
  return type ? i18n._(type.label) : value;
}
