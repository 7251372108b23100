/**
 * Where an organisation's stamp images are kept, and how a form names the one applied to it:
 * each image under its organisation and its own checksum (`companies/12/stamps/<sha>.png`),
 * never changed or deleted, so a form that names a key keeps that very image whatever the
 * organisation's stamp is later. A key is read from a form only when it is of the form's own
 * organisation.
 */
import { createHash } from 'node:crypto';
import type { CompanyStamp } from '../db/schema.js';

export function stampKey(companyId: number, bytes: Uint8Array, type: CompanyStamp['type']): string {
  const sum = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return `companies/${companyId}/stamps/${sum}.${type === 'image/png' ? 'png' : 'jpg'}`;
}

/** Whether `key` names a stamp image of this organisation. */
export function isStampKeyOf(companyId: number, key: unknown): key is string {
  return typeof key === 'string' && new RegExp(`^companies/${companyId}/stamps/[0-9a-f]{32}\\.(png|jpg)$`).test(key);
}

/** The stamp keys a form's answers name, of its own organisation. */
export function stampKeysOf(
  companyId: number,
  fields: readonly { name: string; type: string }[],
  values: Readonly<Record<string, unknown>>,
): string[] {
  const keys = fields.filter((field) => field.type === 'stamp').map((field) => values[field.name]);
  return [...new Set(keys.filter((key) => isStampKeyOf(companyId, key)))];
}
