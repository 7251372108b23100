import { withSuccessCodeOf } from '../api-error.js';
import { managePrepopulationRecordCodes, managePrepopulationSourceCodes } from '../generated/app-codes/prepopulation.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  PrepopulationQuery,
  PrepopulationRecordChange,
  PrepopulationRecordPage,
  PrepopulationRecordResult,
  PrepopulationRecordsQuery,
  PrepopulationResponse,
  PrepopulationSourceChange,
  PrepopulationSourceResult,
  PrepopulationUploadResult,
} from '../types.js';

export interface PrepopulationUpload {
  name: string;
  template: number;
  /** The header of the column identifying records; the first column when not given. */
  reference?: string;
  file: Blob;
}

export interface PrepopulationApi {
  /** The sources; with `id` one source; with `id` and `oid` one record (limited to `refs`). */
  fetch(query?: PrepopulationQuery, options?: CallOptions): Promise<PrepopulationResponse>;
  /** Creates a source from a CSV file. Resolves with code 1 and the source, or code -1 and the bad rows (nothing saved). */
  upload(upload: PrepopulationUpload, options?: CallOptions): Promise<PrepopulationUploadResult>;
  /** Renames, maps or deletes a source (resolves on code 1). */
  manageSource(change: PrepopulationSourceChange, options?: CallOptions): Promise<PrepopulationSourceResult>;
  /** A page of a source's records, those holding `search` in any value when given. */
  records(query: PrepopulationRecordsQuery, options?: CallOptions): Promise<PrepopulationRecordPage>;
  /** Changes or deletes a record (resolves on code 1). */
  manageRecord(change: PrepopulationRecordChange, options?: CallOptions): Promise<PrepopulationRecordResult>;
}

/** The multipart body of `/prepopulation-upload`: the file goes as itself, under the name it was chosen with. */
function uploadForm(upload: PrepopulationUpload): FormData {
  const form = new FormData();
  form.set('name', String(upload.name ?? ''));
  form.set('template', String(upload.template ?? ''));
  if (upload.reference) form.set('reference', upload.reference);
  // A call without a file still goes out: the server says what is missing, in its words.
  if (upload.file instanceof Blob) form.set('file', upload.file, upload.file instanceof File ? upload.file.name : 'data.csv');
  return form;
}

export function prepopulationApi({ api, send }: Transport): PrepopulationApi {
  return {
    fetch: (query = {}, options) => send((init) => api.GET('/fetch-prepopulation', { ...init, params: { query } }), options),
    upload: (upload, options) =>
      send(
        (init) =>
          api.POST('/prepopulation-upload', {
            ...init,
            body: { name: String(upload.name ?? ''), template: String(upload.template ?? ''), file: '' },
            bodySerializer: () => uploadForm(upload),
          }),
        options,
      ),
    manageSource: (change, options) =>
      withSuccessCodeOf(
        managePrepopulationSourceCodes,
        send((init) => api.POST('/prepopulation-source', { ...init, body: change }), options),
        {
          preferServerMessage: true,
        },
      ),
    records: (query, options) => send((init) => api.GET('/prepopulation-records', { ...init, params: { query } }), options),
    manageRecord: (change, options) =>
      withSuccessCodeOf(
        managePrepopulationRecordCodes,
        send((init) => api.POST('/prepopulation-record', { ...init, body: change }), options),
        {
          preferServerMessage: true,
        },
      ),
  };
}
