/** Checking a PDF against the documents this instance sealed (`POST /verify`, no account). */
import type { Handlers } from '../../contract/handler-types.js';
import { uploadedFile } from '../../http/uploads.js';
import { verifyDocument, type VerifyContext } from '../../sealing/verify.js';
import { formSeals } from '../forms/seal-input.js';

// Checked against the register of the forms' seals.
export function verificationHandlers(ctx: VerifyContext): Pick<Handlers, 'verifyDocument'> {
  return {
    verifyDocument: ({ raw, language }) => verifyDocument(ctx, formSeals, uploadedFile(raw, 'file'), language),
  };
}
