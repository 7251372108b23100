/**
 * Pre-population (`/fetch-prepopulation`): without `id` the company's data sources; with
 * `id` one source (its template's fields, the data's headers, the order mapping fields to
 * headers, its record ids, the reference column, who set it up and when the data was loaded);
 * with `id` and `oid` one record's values in the template's fields (`refs` limiting the
 * fields). A source or record that is not the company's answers `error: true` and says so.
 */
import type { FormField, PrepopulationQuery, PrepopulationResponse } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import type { FieldDefinition } from '../../db/schema.js';
import { valueFor } from './prefill.js';
import { summary } from './summary.js';
import { findRecord, findSource, listSources, recordIds, type SourceRecord } from './repository.js';
import { say, type Language } from '../../i18n/i18n.js';
import { prepopulationTexts } from './texts.js';

/** Record ids answered for one source (a picker, not an export). */
const maxRecordIds = 1000;

const empty: Omit<PrepopulationResponse, 'type'> = {
  error: false,
  message: '',
  source: [],
  fields: [],
  oids: [],
  headers: [],
  order: {},
  setbyme: false,
  reference: '',
  timestamp: '',
};

/** A template field as the contract shows it (files are not filled in advance, so not shown). */
function formField(field: FieldDefinition): FormField | null {
  if (field.type === 'file') return null;
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    ...(field.type === 'select' || field.type === 'radio' ? { options: field.options ?? [] } : {}),
  };
}

function sourceAnswer(source: SourceRecord, userId: number): Omit<PrepopulationResponse, 'type' | 'fields' | 'oids'> {
  return {
    ...empty,
    source: [summary(source)],
    headers: source.headers,
    order: source.order,
    setbyme: source.setBy === userId,
    reference: source.reference,
    timestamp: source.loadedAt?.toISOString() ?? '',
  };
}

/** The company's sources, one source, or one record's values, as `query` asks. */
export async function fetchPrepopulation(
  db: Database,
  principal: Principal,
  query: PrepopulationQuery,
  language: Language = 'en',
): Promise<PrepopulationResponse> {
  if (!query.id) return { ...empty, type: 'list', source: (await listSources(db, principal.companyId)).map(summary) };
  const source = await findSource(db, principal.companyId, query.id);
  if (!source) return { ...empty, error: true, message: say(language, prepopulationTexts.unknownSource), type: 'source' };
  const fields = source.fields.map(formField).filter((field): field is FormField => field !== null);
  if (query.oid === undefined) {
    return { ...sourceAnswer(source, principal.userId), type: 'source', fields, oids: await recordIds(db, source.id, maxRecordIds) };
  }
  const values = await findRecord(db, source.id, query.oid);
  if (!values)
    return {
      ...sourceAnswer(source, principal.userId),
      error: true,
      message: say(language, prepopulationTexts.unknownRecord),
      type: 'record',
      fields: [],
      oids: [],
    };
  const wanted = query.refs ? new Set(query.refs.split(',').map((name) => name.trim())) : null;
  return {
    ...sourceAnswer(source, principal.userId),
    type: 'record',
    oids: [query.oid],
    fields: fields
      .filter((field) => !wanted || wanted.has(field.name))
      .map((field) =>
        source.order[field.name] !== undefined ? { ...field, value: valueFor(field, values[source.order[field.name] ?? '']) } : field,
      ),
  };
}
