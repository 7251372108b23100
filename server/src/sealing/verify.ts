/**
 * Checking a PDF against the documents this instance has sealed (`POST /verify`, no account).
 *
 * The register of seals decides: a file whose SHA-256 is a sealed form's recorded checksum is
 * that form, unchanged. Otherwise the file's signatures are read: one made with this instance's
 * certificate means a sealed document that has since been changed. When what was signed (the
 * file up to the signature's byte range) is itself a sealed document, content was added after
 * sealing, and the form is named; any other change leaves the form unknown. No signature of
 * ours: the document is foreign. The verdict never rests on the signature's cryptography
 * alone: a seal copied into another file still reads as changed, never as sealed.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import forge from 'node-forge';
import type { Verification, VerifiedForm } from '@formsign/sdk/contract';
import type { ServerContext } from '../context.js';
import { companies, formRecipients, forms } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import type { UploadedFile } from '../http/uploads.js';
import { fingerprintOf } from './certificates.js';
import { sha256 } from './seal.js';

export const verificationTexts = {
  sealed: 'This document was sealed by this formsign and has not been changed since.',
  addedTo: 'This document was sealed by this formsign, but content has been added to it since: what you have is not exactly the document that was signed.',
  changed: 'This document carries the seal of this formsign, but it has been changed since it was sealed: it is not the document that was signed.',
  foreign: 'This document was not sealed by this formsign: it carries no seal of ours.',
  notPdf: 'This file is not a PDF. Please choose the PDF you want to check.',
  tooLarge: 'This file is too large to check: a PDF of at most 25 MB, please.',
  missing: 'Please choose the PDF you want to check.',
} as const;

interface SignatureInFile {
  /** Where the signed bytes end: the file as it was signed is `bytes[0, signedLength)`. */
  signedLength: number;
  /** The SHA-256 fingerprints of the certificates the signature carries. */
  fingerprints: string[];
}

const byteRangePattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** The certificates of a CMS SignedData (its `certificates` field), each as DER. */
function certificatesOf(cms: Uint8Array): Uint8Array[] {
  // The signature's space is padded with zeros after the DER: read the first value only.
  // The typings know only the old `strict` flag; the library takes these options.
  const fromDer = forge.asn1.fromDer as unknown as (bytes: forge.util.ByteStringBuffer, options: { parseAllBytes: boolean; strict: boolean }) => forge.asn1.Asn1;
  const content = fromDer(forge.util.createBuffer(Buffer.from(cms).toString('binary')), { parseAllBytes: false, strict: false });
  const signedData = (content.value as forge.asn1.Asn1[])[1];
  const sequence = signedData && Array.isArray(signedData.value) ? (signedData.value[0] as forge.asn1.Asn1 | undefined) : undefined;
  if (!sequence || !Array.isArray(sequence.value)) return [];
  const certificates = sequence.value.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0 && part.constructed);
  if (!certificates || !Array.isArray(certificates.value)) return [];
  return certificates.value.map((certificate) => Buffer.from(forge.asn1.toDer(certificate).getBytes(), 'binary'));
}

/**
 * The file's signatures, read from their byte ranges: `[0, a) + [b, c)` is signed and the
 * gap `[a, b)` holds the signature as a hex string. A range that does not fit the file, or a
 * signature that does not parse, is no signature.
 */
export function signaturesIn(bytes: Uint8Array): SignatureInFile[] {
  const text = Buffer.from(bytes).toString('latin1');
  const found: SignatureInFile[] = [];
  for (const match of text.matchAll(byteRangePattern)) {
    const [start, gapStart, gapEnd, tail] = match.slice(1, 5).map(Number) as [number, number, number, number];
    if (start !== 0 || gapStart >= gapEnd || gapEnd + tail > bytes.length) continue;
    const hex = text.slice(gapStart, gapEnd).replace(/^</, '').replace(/>$/, '');
    if (!/^[0-9A-Fa-f]*$/.test(hex) || hex.length % 2) continue;
    try {
      const fingerprints = certificatesOf(Buffer.from(hex, 'hex')).map(fingerprintOf);
      found.push({ signedLength: gapEnd + tail, fingerprints });
    } catch {
      // Not a CMS signature: nothing of ours.
    }
  }
  return found;
}

const actionWords = { sign: 'signed', fill: 'filled', approve: 'approved' } as const;

/** The facts of a sealed form that the verification page shows. */
async function verifiedForm(ctx: ServerContext, sealedSha256: string): Promise<VerifiedForm | null> {
  const [row] = await ctx.db
    .select({ form: forms, organisation: companies.name })
    .from(forms)
    .innerJoin(companies, eq(companies.id, forms.companyId))
    .where(eq(forms.sealedSha256, sealedSha256))
    .limit(1);
  const sealedAt = row?.form.sealedAt;
  if (!row || !sealedAt) return null;
  const { form } = row;
  const recipients = await ctx.db
    .select({ name: formRecipients.name, action: formRecipients.action, actedAt: formRecipients.actedAt })
    .from(formRecipients)
    .where(and(eq(formRecipients.formId, form.id), inArray(formRecipients.status, ['signed', 'filled', 'approved'])))
    .orderBy(asc(formRecipients.order));
  return {
    reference: form.reference,
    title: form.title,
    organisation: row.organisation,
    completed_at: form.completedAt ? form.completedAt.toISOString() : null,
    sealed_at: sealedAt.toISOString(),
    sha256: sealedSha256,
    signers: recipients.map((recipient) => ({ name: recipient.name, action: actionWords[recipient.action], acted_at: recipient.actedAt ? recipient.actedAt.toISOString() : null })),
  };
}

export async function verifyDocument(ctx: ServerContext, upload: UploadedFile | undefined): Promise<Verification> {
  if (!upload || upload.bytes.length === 0) throw badRequest(verificationTexts.missing);
  if (upload.tooLarge) throw badRequest(verificationTexts.tooLarge);
  const file = upload.bytes;
  // A PDF starts with its header, within the first kilobyte as readers allow.
  if (!file.subarray(0, 1024).includes('%PDF-')) throw badRequest(verificationTexts.notPdf);
  const identity = await ctx.signing();
  const sealed = await verifiedForm(ctx, sha256(file));
  if (sealed) return { verdict: 'sealed', message: verificationTexts.sealed, sealed_by: identity.commonName, form: sealed };

  const ours = signaturesIn(file).filter((signature) => signature.fingerprints.includes(identity.fingerprint));
  if (!ours.length) return { verdict: 'foreign', message: verificationTexts.foreign, sealed_by: null, form: null };
  // The earliest revision a seal of ours covers: when it is a sealed document, content was added after.
  for (const signature of ours.sort((a, b) => a.signedLength - b.signedLength)) {
    const form = await verifiedForm(ctx, sha256(file.subarray(0, signature.signedLength)));
    if (form) return { verdict: 'changed', message: verificationTexts.addedTo, sealed_by: identity.commonName, form };
  }
  return { verdict: 'changed', message: verificationTexts.changed, sealed_by: identity.commonName, form: null };
}
