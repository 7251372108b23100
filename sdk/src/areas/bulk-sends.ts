import { ApiError } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { BulkSendList, BulkSendProgress, CancelBulkSendResult, StartBulkSendResult } from '../types.js';

export interface BulkSendUpload {
  template: number;
  /** The CSV: a header row, then one row for each form. */
  file: Blob;
  /** The note every recipient reads in their invitation. */
  message?: string;
  /** The last day the forms can be signed (YYYY-MM-DD); 30 days from now when not given. */
  expires_at?: string;
}

export interface BulkSendsApi {
  /** The CSV to fill for a template: its header row and an example row. */
  csvTemplate(template: number, options?: CallOptions): Promise<string>;
  /** Checks a CSV; resolves with code 2 (every row can be sent), or code -1 and every bad row with why. Nothing is stored. */
  check(upload: BulkSendUpload, options?: CallOptions): Promise<StartBulkSendResult>;
  /** Starts sending every row; resolves with code 1 and the bulk send, or code -1 and the bad rows (nothing sent). */
  start(upload: BulkSendUpload, options?: CallOptions): Promise<StartBulkSendResult>;
  /** The newest bulk sends the caller can follow. */
  list(options?: CallOptions): Promise<BulkSendList>;
  /** One bulk send: its progress, the opened and completed forms, the rows not sent. */
  get(id: number, options?: CallOptions): Promise<BulkSendProgress>;
  /** Stops a bulk send under way (resolves on code 1). */
  cancel(id: number, options?: CallOptions): Promise<CancelBulkSendResult>;
}

/** The multipart body of a bulk send: the file goes as itself, under the name it was chosen with. */
function uploadForm(upload: BulkSendUpload, check: boolean): FormData {
  const form = new FormData();
  form.set('template', String(upload.template ?? ''));
  if (check) form.set('check', 'true');
  if (upload.message) form.set('message', upload.message);
  if (upload.expires_at) form.set('expires_at', upload.expires_at);
  // A call without a file still goes out: the server says what is missing, in its words.
  if (upload.file instanceof Blob) form.set('file', upload.file, upload.file instanceof File ? upload.file.name : 'bulk-send.csv');
  return form;
}

export function bulkSendsApi({ api, send }: Transport): BulkSendsApi {
  const post = (upload: BulkSendUpload, check: boolean, options?: CallOptions) =>
    send(
      (init) =>
        api.POST('/bulk-sends', {
          ...init,
          body: { template: String(upload.template ?? ''), file: '' },
          bodySerializer: () => uploadForm(upload, check),
        }),
      options,
    );
  return {
    csvTemplate: (template, options) =>
      send((init) => api.GET('/bulk-send-csv', { ...init, params: { query: { template } }, parseAs: 'text' }), options),
    check: (upload, options) => post(upload, true, options),
    start: (upload, options) => post(upload, false, options),
    list: (options) => send((init) => api.GET('/bulk-sends', { ...init, params: { query: {} } }), options),
    get: async (id, options) => {
      const { data, detail } = await send((init) => api.GET('/bulk-sends', { ...init, params: { query: { id } } }), options);
      const [bulk] = data;
      if (!bulk || !detail) throw new ApiError({ status: 404, message: 'This bulk send does not exist.' });
      return { ...detail, bulk_send: bulk };
    },
    cancel: async (id, options) => {
      const answer = await send((init) => api.POST('/bulk-sends/cancel', { ...init, body: { id } }), options);
      // Code -2: the send had already ended; the server says so in its words.
      if (answer.code !== 1) throw new ApiError({ status: 200, code: answer.code, message: answer.message, body: answer });
      return answer;
    },
  };
}
