import { withSuccessCodeOf } from '../api-error.js';
import { contactSupportCodes } from '../generated/app-codes/support.js';
import type { CallOptions, Transport } from '../transport.js';
import type { CodeResult } from '../types.js';

export interface SupportApi {
  contact(message: { subject: string; message: string }, options?: CallOptions): Promise<CodeResult>;
}

export function supportApi({ api, send }: Transport): SupportApi {
  return {
    contact: ({ subject, message }, options) =>
      withSuccessCodeOf(
        contactSupportCodes,
        send((init) => api.POST('/contact', { ...init, body: { subject, message } }), options),
        { preferServerMessage: true },
      ),
  };
}
