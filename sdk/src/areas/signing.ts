import { ApiError } from '../api-error.js';
import type { CallOptions, Transport } from '../transport.js';
import type { SigningPreviewRequest, Verification, WebSigningData, WebSigningRequest } from '../types.js';

export interface SigningApi {
  /**
   * Loads, saves, submits, approves or disapproves a form opened from a link; answers `data`.
   * Rejects with the server's `error` when it gave one, otherwise with 'The form couldn’t be
   * loaded. ...', or the offline text when the network failed while offline.
   */
  call(request: WebSigningRequest, options?: CallOptions): Promise<WebSigningData>;
  /**
   * The document a link's holder will seal, as a PDF, with the answers being given drawn in
   * (`/signing-preview`). Rejects as `call` does, with the server's `error` when it gave one.
   */
  preview(request: SigningPreviewRequest, options?: CallOptions): Promise<Blob>;
  /** Checks a PDF against the documents this instance sealed (multipart, no account needed). */
  verify(file: Blob, options?: CallOptions): Promise<Verification>;
}

/** The multipart body of `/verify`: the file goes as itself, under the name it was chosen with. */
function verifyForm(file: Blob): FormData {
  const form = new FormData();
  form.set('file', file, file instanceof File ? file.name : 'document.pdf');
  return form;
}

export function signingApi({ api, send }: Transport): SigningApi {
  return {
    async call(request, options) {
      const body = await send((init) => api.POST('/websigning', { ...init, body: request }), options, 'webSigning');
      if (body.error) throw new ApiError({ status: 200, body, message: body.error });
      return body.data;
    },
    preview: (request, options) =>
      send((init) => api.POST('/signing-preview', { ...init, body: request, parseAs: 'blob' }), options, 'webSigning') as Promise<Blob>,
    verify: (file, options) =>
      send(
        (init) =>
          api.POST('/verify', { ...init, body: { file: file instanceof File ? file.name : 'document.pdf' }, bodySerializer: () => verifyForm(file) }),
        options,
      ),
  };
}
