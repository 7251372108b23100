import { withSuccessCodeOf } from '../api-error.js';
import { manageTemplatePdfCodes, manageTemplatesCodes } from '../generated/app-codes/templates.js';
import type { CallOptions, Transport } from '../transport.js';
import type {
  FormListingResponse,
  ManageTemplatesRequest,
  ManageTemplatesResponse,
  TemplateDetail,
  TemplatePdfResponse,
  TemplateSummaryList,
} from '../types.js';

export interface TemplatesApi {
  /** The templates a form can be started from; the caller's token is repeated in the body. */
  listing(query?: { search?: string }, options?: CallOptions): Promise<FormListingResponse>;
  /** Lists, creates, updates, duplicates, archives, restores or deletes templates; adds the caller's token. */
  manage(request: ManageTemplatesRequest, options?: CallOptions): Promise<ManageTemplatesResponse>;
  get(id: number, options?: CallOptions): Promise<TemplateDetail>;
  summaries(options?: CallOptions): Promise<TemplateSummaryList>;
  /** Uploads the PDF the template's fields are placed on, replacing the one it had (multipart: `function=upload`, `id`, `file`); answers the template. */
  uploadPdf(id: number, file: Blob, options?: CallOptions): Promise<TemplatePdfResponse>;
  /** Takes the template's PDF away; its fields are no longer placed. Answers the template. */
  removePdf(id: number, options?: CallOptions): Promise<TemplatePdfResponse>;
}

/** The multipart body of `/template-pdf`: the file goes as itself, under the name it was chosen with. */
function pdfForm(body: { function: 'upload' | 'remove'; id: string }, file?: Blob): FormData {
  const form = new FormData();
  form.set('function', body.function);
  form.set('id', body.id);
  if (file) form.set('file', file, file instanceof File ? file.name : 'template.pdf');
  return form;
}

export function templatesApi({ api, send, token }: Transport): TemplatesApi {
  return {
    listing: ({ search = '' } = {}, options) =>
      send((init) => api.POST('/formlisting', { ...init, body: { search, token: token() ?? '' } }), options),
    manage: (request, options) => {
      const value = token();
      return withSuccessCodeOf(
        manageTemplatesCodes,
        send((init) => api.POST('/getforms', { ...init, body: value ? { ...request, token: value } : request }), options),
        {
          preferServerMessage: true,
        },
      );
    },
    get: (id, options) => send((init) => api.POST('/getform', { ...init, body: { id } }), options),
    summaries: (options) => send((init) => api.POST('/get-templates', init), options),
    uploadPdf: (id, file, options) =>
      withSuccessCodeOf(
        manageTemplatePdfCodes,
        send(
          (init) =>
            api.POST('/template-pdf', { ...init, body: { function: 'upload', id: String(id) }, bodySerializer: (body) => pdfForm(body, file) }),
          options,
        ),
        { preferServerMessage: true },
      ),
    removePdf: (id, options) =>
      withSuccessCodeOf(
        manageTemplatePdfCodes,
        send(
          (init) => api.POST('/template-pdf', { ...init, body: { function: 'remove', id: String(id) }, bodySerializer: (body) => pdfForm(body) }),
          options,
        ),
        {
          preferServerMessage: true,
        },
      ),
  };
}
