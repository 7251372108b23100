/**
 * Filling a form's fields from pre-population records. A form opened or sent with `refs`
 * (`"<source id>:<record id>"`, several separated by commas) starts with the values of those
 * records: each field takes the value of the column its source's order names for it. Refs
 * that name no record of the company's sources fill nothing. Only a person who may read the
 * records (`mayReadRecords`) has them fill a form; a form sent keeps the values they gave it,
 * and its signers cannot name other records.
 */
import { operations } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { rolesAllow } from '../../http/security.js';
import type { FieldDefinition, FieldValue } from '../../db/schema.js';
import { recordsOf, type RecordReference } from './repository.js';

/**
 * Whether a person may have records fill a form: the same people who may read them
 * (`/fetch-prepopulation`'s roles). Anyone else's `refs` fill nothing.
 */
export function mayReadRecords(principal: Principal): boolean {
  return rolesAllow(principal, operations.fetchPrepopulation.roles);
}

/** At most this many records fill one form. */
const maxReferences = 20;

export function parseReferences(refs: string): RecordReference[] {
  const references: RecordReference[] = [];
  for (const part of refs.split(',')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const sourceId = Number(part.slice(0, colon).trim());
    const oid = part.slice(colon + 1).trim();
    if (Number.isSafeInteger(sourceId) && sourceId > 0 && oid !== '' && oid.length <= 200) references.push({ sourceId, oid });
  }
  return references.slice(0, maxReferences);
}

/** A record's text as the value of a field of its type: a number, a tick, or the text itself; null when empty. */
export function valueFor(field: Pick<FieldDefinition, 'type'>, text: string | undefined): FieldValue {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (field.type === 'number') return /^[-+]?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (field.type === 'checkbox') {
    if (/^(true|yes|y|1|x)$/i.test(value)) return true;
    if (/^(false|no|n|0)$/i.test(value)) return false;
  }
  return value;
}

/** The fields, with `value` set from the records the refs name (the first record with a column for a field fills it). */
export async function prefillFields<F extends FieldDefinition>(
  ctx: { db: Database },
  companyId: number,
  refs: string,
  fields: readonly F[],
): Promise<F[]> {
  const references = parseReferences(refs);
  const records = await recordsOf(ctx.db, companyId, references);
  // In the order the refs name them.
  const ordered = references.flatMap((reference) =>
    records.filter((record) => record.sourceId === reference.sourceId && record.oid === reference.oid),
  );
  return fields.map((field) => {
    const record = ordered.find((candidate) => candidate.order[field.name] !== undefined);
    const header = record?.order[field.name];
    return record && header !== undefined ? { ...field, value: valueFor(field, record.values[header]) } : { ...field };
  });
}
