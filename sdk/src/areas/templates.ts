import { withSuccessCode } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { FormListingResponse, ManageTemplatesRequest, ManageTemplatesResponse, TemplateDetail, TemplateSummaryList } from '../types.js';

export interface TemplatesApi {
  /** The templates a form can be started from; the caller's token is repeated in the body. */
  listing(query?: { search?: string }, options?: CallOptions): Promise<FormListingResponse>;
  /** Lists, creates, updates, duplicates, archives, restores or deletes templates; adds the caller's token. */
  manage(request: ManageTemplatesRequest, options?: CallOptions): Promise<ManageTemplatesResponse>;
  get(id: number, options?: CallOptions): Promise<TemplateDetail>;
  summaries(options?: CallOptions): Promise<TemplateSummaryList>;
}

export function templatesApi({ api, send, token }: Transport): TemplatesApi {
  return {
    listing: ({ search = '' } = {}, options) =>
      send((init) => api.POST('/formlisting', { ...init, body: { search, token: token() ?? '' } }), options),
    manage: (request, options) => {
      const value = token();
      return withSuccessCode('manageTemplates', send((init) => api.POST('/getforms', { ...init, body: value ? { ...request, token: value } : request }), options), {
        preferServerMessage: true,
      });
    },
    get: (id, options) => send((init) => api.POST('/getform', { ...init, body: { id } }), options),
    summaries: (options) => send((init) => api.POST('/get-templates', init), options),
  };
}
