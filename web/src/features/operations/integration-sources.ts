/** Where completed forms can be delivered, what each destination is called and how its address is checked. */
import { emailPattern, type Integration, type IntegrationSource } from '@formsign/sdk';

export interface SourceInfo {
  value: IntegrationSource;
  label: string;
  /** The label of the recipient field. */
  recipientLabel: string;
  hint: string;
  /** The problem with an address, in the product's words, or null when it will do. */
  check(recipient: string): string | null;
}

export const sources: readonly SourceInfo[] = [
  {
    value: 'email',
    label: 'Email',
    recipientLabel: 'Email address',
    hint: 'Completed forms are emailed to this address.',
    check: (value) => (emailPattern.test(value) ? null : 'Enter an email address, like records@yourcompany.com.'),
  },
  {
    value: 'sftp',
    label: 'SFTP server',
    recipientLabel: 'Server folder',
    hint: 'The folder on the server, as sftp://server/folder (or sftp://server:port/folder). The user name and password are entered apart, once saved.',
    check: (value) =>
      /^sftp:\/\/[^/]*@/i.test(value)
        ? 'Leave the user name and password out of the address: enter them as the sign-in.'
        : /^sftp:\/\/[^\s/]+(\/\S*)?$/.test(value)
          ? null
          : 'Enter the server folder as sftp://server/folder.',
  },
  {
    value: 'webhook',
    label: 'Webhook',
    recipientLabel: 'Webhook URL',
    hint: 'Each completed form is posted to this address.',
    check: (value) => (/^https:\/\/[^\s/]+\.[^\s]+$/.test(value) ? null : "Enter the webhook's address, starting with https://."),
  },
];

export function sourceInfo(value: string | null | undefined): SourceInfo | undefined {
  return sources.find((source) => source.value === value);
}

export type DeliveryType = Integration['type'];

export const deliveryTypes: readonly { value: DeliveryType; label: string }[] = [
  { value: 'pdf', label: 'The signed PDF' },
  { value: 'csv', label: 'The data as CSV' },
  { value: 'both', label: 'The PDF and the data' },
];

export function deliveryLabel(value: DeliveryType): string {
  return deliveryTypes.find((type) => type.value === value)?.label ?? value;
}
