/**
 * Checking a PDF against the documents this instance has sealed (`POST /verify`, no account).
 *
 * The register of seals decides: a file whose SHA-256 is a sealed form's recorded checksum is
 * that form, unchanged. Otherwise the file's signatures are read: one made with this instance's
 * certificate means a sealed document that has since been changed. When what was signed (the
 * file up to the signature's byte range) is itself a sealed document, content was added after
 * sealing, and the form is named; any other change leaves the form unknown. No signature of
 * ours: the document is foreign. The verdict never rests on the signature's cryptography
 * alone: a seal copied into another file still reads as changed, never as sealed. The file is
 * read in a file worker (`files/file-work.ts`), at a bounded cost (`pdf-signatures.ts`). The
 * register of seals is the forms' (`SealRegister`): this module reads no area's tables.
 */
import type { Verification, VerifiedForm } from '@formsign/sdk/contract';
import { companyName } from '../companies/repository.js';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/database.js';
import { FileWorkRefused } from '../files/file-work.js';
import { badRequest } from '../http/errors.js';
import type { UploadedFile } from '../http/uploads.js';
import type { SealsInFile } from './pdf-signatures.js';
import { AppError, AppErrorCode } from '../errors/app-error.js';
import { msg } from '#words';
import { say, type Language } from '../i18n/i18n.js';

export const verificationTexts = {
  sealed: msg({ message: 'This document was sealed by this formsign and has not been changed since.' }),
  addedTo: msg({
    message:
      'This document was sealed by this formsign, but content has been added to it since: what you have is not exactly the document that was signed.',
  }),
  changed: msg({
    message: 'This document carries the seal of this formsign, but it has been changed since it was sealed: it is not the document that was signed.',
  }),
  foreign: msg({ message: 'This document was not sealed by this formsign: it carries no seal of ours.' }),
  notPdf: msg({ message: 'This file is not a PDF. Please choose the PDF you want to check.' }),
  tooLarge: msg({ message: 'This file is too large to check: a PDF of at most 25 MB, please.' }),
  missing: msg({ message: 'Please choose the PDF you want to check.' }),
  tooCostly: msg({
    message:
      'This PDF could not be checked: reading it takes more time or memory than one file may take here. Please check the document as you received it.',
  }),
  busy: msg({ message: 'Many documents are being checked at the moment. Please try again in a minute.' }),
};

const actionWords = { sign: 'signed', fill: 'filled', approve: 'approved' } as const;

/** A sealed document, as the register of seals knows it; `signers` in their order, those who acted. */
export interface SealedDocumentFacts {
  reference: string;
  title: string;
  companyId: number;
  completedAt: Date | null;
  sealedAt: Date;
  signers: { name: string; action: 'sign' | 'fill' | 'approve'; actedAt: Date | null }[];
}

/** The register of seals: given by the area whose documents are sealed (the forms). */
export interface SealRegister {
  /** The document whose sealed PDF has this SHA-256, if one has. */
  sealedWith(db: Database, sealedSha256: string): Promise<SealedDocumentFacts | null>;
}

export type VerifyContext = Pick<ServerContext, 'db' | 'signing' | 'fileWork'>;

/** The facts of a sealed form that the verification page shows. */
async function verifiedForm(ctx: VerifyContext, register: SealRegister, sealedSha256: string): Promise<VerifiedForm | null> {
  const sealed = await register.sealedWith(ctx.db, sealedSha256);
  if (!sealed) return null;
  return {
    reference: sealed.reference,
    title: sealed.title,
    organisation: (await companyName(ctx.db, sealed.companyId)) ?? '',
    completed_at: sealed.completedAt ? sealed.completedAt.toISOString() : null,
    sealed_at: sealed.sealedAt.toISOString(),
    sha256: sealedSha256,
    signers: sealed.signers.map((signer) => ({
      name: signer.name,
      action: actionWords[signer.action],
      acted_at: signer.actedAt ? signer.actedAt.toISOString() : null,
    })),
  };
}

export async function verifyDocument(
  ctx: VerifyContext,
  register: SealRegister,
  upload: UploadedFile | undefined,
  language: Language = 'en',
): Promise<Verification> {
  if (!upload || upload.bytes.length === 0) throw badRequest(verificationTexts.missing);
  if (upload.tooLarge) throw badRequest(verificationTexts.tooLarge);
  // A PDF starts with its header, within the first kilobyte as readers allow.
  if (!upload.bytes.subarray(0, 1024).includes('%PDF-')) throw badRequest(verificationTexts.notPdf);
  const identity = await ctx.signing();
  // The file is read in a file worker, within its budgets: other requests are answered meanwhile.
  let file: SealsInFile;
  try {
    file = await ctx.fileWork.run('pdf-seals', { bytes: upload.bytes, fingerprint: identity.fingerprint });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy')
      throw new AppError(AppErrorCode.Unavailable, verificationTexts.busy, { retryAfterSeconds: 60 });
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) throw badRequest(verificationTexts.tooCostly);
    throw error;
  }
  const sealed = await verifiedForm(ctx, register, file.sha256);
  if (sealed) return { verdict: 'sealed', message: say(language, verificationTexts.sealed), sealed_by: identity.commonName, form: sealed };

  if (!file.seals.length) return { verdict: 'foreign', message: say(language, verificationTexts.foreign), sealed_by: null, form: null };
  // The earliest revision a seal of ours covers: when it is a sealed document, content was added after.
  for (const seal of file.seals) {
    const form = await verifiedForm(ctx, register, seal.sha256);
    if (form) return { verdict: 'changed', message: say(language, verificationTexts.addedTo), sealed_by: identity.commonName, form };
  }
  return { verdict: 'changed', message: say(language, verificationTexts.changed), sealed_by: identity.commonName, form: null };
}
