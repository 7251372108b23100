/** Checking a PDF against the documents this instance sealed (`POST /verify`, no account). */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { uploadedFile } from '../../http/uploads.js';
import { verifyDocument } from '../../sealing/verify.js';

export function verificationHandlers(ctx: ServerContext): Pick<Handlers, 'verifyDocument'> {
  return {
    verifyDocument: ({ raw }) => verifyDocument(ctx, uploadedFile(raw, 'file')),
  };
}
