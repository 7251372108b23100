/**
 * Pre-population: the company's data sources, one source, or one record's values
 * (`/fetch-prepopulation`); creating a source from a CSV file, renaming, mapping and deleting
 * one; a page of its records, changing and deleting one. A refused change answers without
 * a source or record (`prepopulationRefusalBodies`).
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { RefusalBodies } from '../../http/errors.js';
import { uploadedFile } from '../../http/uploads.js';
import { fetchPrepopulation } from './fetch-prepopulation.js';
import { listRecords } from './list-records.js';
import { manageRecord } from './manage-record.js';
import { manageSource } from './manage-source.js';
import { uploadSource } from './upload-source.js';

type PrepopulationHandlers = Pick<
  Handlers,
  'fetchPrepopulation' | 'uploadPrepopulationSource' | 'managePrepopulationSource' | 'listPrepopulationRecords' | 'managePrepopulationRecord'
>;

export function prepopulationHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'fileWork' | 'config'>): PrepopulationHandlers {
  return {
    fetchPrepopulation: ({ query, principal, language }) => fetchPrepopulation(ctx.db, principal, query, language),
    uploadPrepopulationSource: (request) =>
      uploadSource(ctx, request.principal, request.body, uploadedFile(request.raw, 'file'), request, request.language),
    managePrepopulationSource: ({ body, principal, ip, userAgent, language }) => manageSource(ctx, principal, body, { ip, userAgent }, language),
    listPrepopulationRecords: ({ query, principal }) => listRecords(ctx, principal, query),
    managePrepopulationRecord: ({ body, principal, ip, userAgent, language }) => manageRecord(ctx, principal, body, { ip, userAgent }, language),
  };
}

/** A refused change answers with its code and why, and no source or record. */
export function prepopulationRefusalBodies(): Pick<RefusalBodies, 'managePrepopulationSource' | 'managePrepopulationRecord'> {
  return {
    managePrepopulationSource: (refusal) => ({ ...refusal, source: null }),
    managePrepopulationRecord: (refusal) => ({ ...refusal, record: null }),
  };
}
