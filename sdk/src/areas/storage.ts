import type { CallOptions, Transport } from '../transport.js';
import type { StorageQuery, StorageResponse } from '../types.js';

export interface StorageApi {
  /** Browses folder `stored`, or saves or deletes (`data[action]=...`, a deepObject). */
  manage(query?: StorageQuery, options?: CallOptions): Promise<StorageResponse>;
}

export function storageApi({ api, send }: Transport): StorageApi {
  return {
    manage: (query = {}, options) => send((init) => api.GET('/manage-storage', { ...init, params: { query } }), options),
  };
}
