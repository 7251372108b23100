import type { UserRow } from '@formsign/sdk';

/** How a person is named on screen: first and last name, else the email. */
export function personName(row: Pick<UserRow, 'first_name' | 'last_name' | 'email'>): string {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return name || row.email;
}
