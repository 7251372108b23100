import type { CallOptions, Transport } from '../transport.js';
import type { StorageQuery, StorageResponse } from '../types.js';

export interface StorageApi {
  /** Browses folder `stored`, or saves or deletes (`data[action]=...`, a deepObject). */
  manage(query?: StorageQuery, options?: CallOptions): Promise<StorageResponse>;
}

export function storageApi({ raw, send }: Transport): StorageApi {
  return {
    manage: (query = {}, options) => send((init) => raw.GET('/manage-storage', { ...init, params: { query } }), options),
  };
}
