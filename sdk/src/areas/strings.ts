import type { CallOptions, Transport } from '../transport.js';
import type { Strings, StringsChange } from '../types.js';

export interface StringsApi {
  /** The interface strings of company `cid` (the token's `company` claim). */
  get(cid: number, options?: CallOptions): Promise<Strings>;
  /** Changes the signed-in administrator's company's wording in one language (null: back to the interface's own). */
  save(change: StringsChange, options?: CallOptions): Promise<Strings>;
}

export function stringsApi({ api, send }: Transport): StringsApi {
  return {
    get: (cid, options) => send((init) => api.POST('/get-strings', { ...init, params: { query: { cid } } }), options),
    save: (change, options) => send((init) => api.POST('/save-strings', { ...init, body: change }), options),
  };
}
