import type { CallOptions, Transport } from '../transport.js';
import type { StorageQuery, StorageResponse } from '../types.js';

/** A file's signed address, as the lists answer it (`/api/file?key=...&exp=...&sig=...`). */
export interface SignedFile {
  key: string;
  exp: number;
  sig: string;
  name?: string;
}

export interface StorageApi {
  /** Browses folder `stored`, or saves or deletes (`data[action]=...`, a deepObject). */
  manage(query?: StorageQuery, options?: CallOptions): Promise<StorageResponse>;
  /** A file by its signed address (for code; a page links to the address itself). */
  download(file: SignedFile, options?: CallOptions): Promise<Blob>;
}

export function storageApi({ api, send }: Transport): StorageApi {
  return {
    manage: (query = {}, options) => send((init) => api.GET('/manage-storage', { ...init, params: { query } }), options),
    download: (file, options) => send((init) => api.GET('/file', { ...init, params: { query: file }, parseAs: 'blob' }), options) as Promise<Blob>,
  };
}
