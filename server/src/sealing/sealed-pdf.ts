/**
 * The sealed PDF of a completed form, made in a file worker (`files/file-work.ts`): the
 * rendered document (which reads the template's uploaded PDF and the signers' drawn
 * signatures), signed as a PAdES signature (ETSI.CAdES.detached) with the instance's
 * certificate, and timestamped when a timestamp authority is configured. The timestamp
 * authority is reached through the `fetch` given, which is the server's guarded client.
 */
import { createHash } from 'node:crypto';
import { HttpTimestampAuthority, P12Signer } from '@libpdf/core';
import { renderCompletedForm, type RenderInput } from './render.js';

/** How long the timestamp authority may take to answer. */
const timestampTimeoutMs = 15_000;

export interface SealedPdfInput {
  render: RenderInput;
  /** The PKCS#12 bundle (key and chain) that seals, and its password. */
  p12: Uint8Array;
  password: string;
  reason: string;
  location: string;
  /** A timestamp authority (RFC 3161), or null. */
  tsaUrl: string | null;
}

export interface SealedPdf {
  bytes: Uint8Array;
  /** SHA-256 of the document's own pages (before the certificate). */
  documentSha256: string;
}

/**
 * The signer of the last bundle this thread sealed with. Opening a PKCS#12 bundle derives its
 * keys and checks its MAC, about 25 ms of the thread's time, two fifths of a one-page seal; an
 * instance seals with one bundle until it is replaced. The bundle and its password are the key:
 * another one opens anew and takes its place.
 */
let lastSigner: { key: string; signer: Promise<P12Signer> } | undefined;

function signerOf(p12: Uint8Array, password: string): Promise<P12Signer> {
  const key = createHash('sha256').update(`${p12.length}:`).update(p12).update(password).digest('hex');
  if (lastSigner?.key === key) return lastSigner.signer;
  const signer = P12Signer.create(p12, password);
  lastSigner = { key, signer };
  // A bundle that does not open is not kept: the next seal tries it again, and says why.
  signer.catch(() => {
    if (lastSigner?.signer === signer) lastSigner = undefined;
  });
  return signer;
}

export async function sealedPdf(input: SealedPdfInput, tools: { fetch: typeof fetch }): Promise<SealedPdf> {
  const rendered = await renderCompletedForm(input.render);
  const signer = await signerOf(input.p12, input.password);
  const signed = await rendered.pdf.sign({
    signer,
    reason: input.reason,
    location: input.location,
    subFilter: 'ETSI.CAdES.detached',
    ...(input.tsaUrl
      ? { level: 'B-T' as const, timestampAuthority: new HttpTimestampAuthority(input.tsaUrl, { fetch: tools.fetch, timeout: timestampTimeoutMs }) }
      : {}),
  });
  return { bytes: signed.bytes, documentSha256: rendered.documentSha256 };
}
