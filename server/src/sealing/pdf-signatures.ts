/**
 * What a PDF sent to `/verify` carries: its SHA-256, and the signatures in it made with a
 * given certificate (this instance's), each with the SHA-256 of the bytes it signed. Runs in a
 * file worker (`files/file-work.ts`), never on the thread that answers requests, and its cost
 * is bounded whatever the file claims:
 * - at most 1,000 `/ByteRange` entries are looked at, and at most 16 signatures taken;
 * - a byte range is checked against the file before anything is read: it starts at 0, its
 *   gap lies inside the file, and the gap (the signature, as hex) is at most 256 KB (a seal of
 *   this instance takes 24 KB);
 * - each gap is decoded once, however many entries point at it;
 * - the file is hashed once: the signed prefixes' hashes are taken on the way.
 */
import { createHash } from 'node:crypto';
import forge from 'node-forge';

/** At most this many `/ByteRange` entries are looked at. */
export const mostRanges = 1000;
/** At most this many signatures are read. */
export const mostSignatures = 16;
/** The longest signature read, as hex: a longer one is not one of ours. */
export const largestSignatureHex = 256 * 1024;

/** SHA-256 of a certificate's DER, hex: how a document's signer is recognised. */
export function fingerprintOf(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

/** The certificates of a CMS SignedData (its `certificates` field), each as DER. */
function certificatesOf(cms: Uint8Array): Uint8Array[] {
  // The signature's space is padded with zeros after the DER: read the first value only.
  // The typings know only the old `strict` flag; the library takes these options.
  const fromDer = forge.asn1.fromDer as unknown as (
    bytes: forge.util.ByteStringBuffer,
    options: { parseAllBytes: boolean; strict: boolean },
  ) => forge.asn1.Asn1;
  const content = fromDer(forge.util.createBuffer(Buffer.from(cms).toString('binary')), { parseAllBytes: false, strict: false });
  const signedData = (content.value as forge.asn1.Asn1[])[1];
  const sequence = signedData && Array.isArray(signedData.value) ? (signedData.value[0] as forge.asn1.Asn1 | undefined) : undefined;
  if (!sequence || !Array.isArray(sequence.value)) return [];
  const certificates = sequence.value.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0 && part.constructed);
  if (!certificates || !Array.isArray(certificates.value)) return [];
  return certificates.value.map((certificate) => Buffer.from(forge.asn1.toDer(certificate).getBytes(), 'binary'));
}

/** A `/ByteRange [0 a b c]` at the start of a short window of the file. */
const rangePattern = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/;

interface Range {
  gapStart: number;
  gapEnd: number;
  /** Where each signature over this gap ends: the file as it was signed is `bytes[0, signedLength)`. */
  signedLengths: Set<number>;
}

/**
 * The byte ranges that can be signatures: `[0, a) + [b, b + c)` is signed and the gap `[a, b)`
 * holds the signature as a hex string; a range that does not fit the file, or whose gap is
 * too long, is none. Ranges over the same gap share it.
 */
function rangesIn(file: Buffer): Range[] {
  const ranges = new Map<string, Range>();
  let signatures = 0;
  let from = 0;
  for (let looked = 0; looked < mostRanges && signatures < mostSignatures; looked += 1) {
    const at = file.indexOf('/ByteRange', from, 'latin1');
    if (at < 0) break;
    from = at + 1;
    const match = rangePattern.exec(file.subarray(at, at + 200).toString('latin1'));
    if (!match) continue;
    const [start, gapStart, gapEnd, tail] = match.slice(1, 5).map(Number) as [number, number, number, number];
    if (start !== 0 || gapStart >= gapEnd || gapEnd + tail > file.length || gapEnd - gapStart > largestSignatureHex + 2) continue;
    const key = `${gapStart}-${gapEnd}`;
    const range = ranges.get(key) ?? { gapStart, gapEnd, signedLengths: new Set<number>() };
    ranges.set(key, range);
    if (range.signedLengths.has(gapEnd + tail)) continue;
    range.signedLengths.add(gapEnd + tail);
    signatures += 1;
  }
  return [...ranges.values()];
}

/** The fingerprints of the certificates the signature in a gap carries; none when it is not a CMS signature. */
function fingerprintsIn(file: Buffer, range: Range): string[] {
  const hex = file.subarray(range.gapStart, range.gapEnd).toString('latin1').replace(/^</, '').replace(/>$/, '');
  if (!/^[0-9A-Fa-f]*$/.test(hex) || hex.length % 2) return [];
  try {
    return certificatesOf(Buffer.from(hex, 'hex')).map(fingerprintOf);
  } catch {
    // Not a CMS signature: nothing of ours.
    return [];
  }
}

export interface SealsInFile {
  /** SHA-256 of the whole file. */
  sha256: string;
  /** The signatures made with the certificate, earliest revision first, each with the SHA-256 of what it signed. */
  seals: { signedLength: number; sha256: string }[];
}

/** The file's checksum and its signatures made with the certificate of `fingerprint`. */
export function sealsIn(bytes: Uint8Array, fingerprint: string): SealsInFile {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Each gap is decoded once, however many ranges point at it.
  const signed = [
    ...new Set(rangesIn(file).flatMap((range) => (fingerprintsIn(file, range).includes(fingerprint) ? [...range.signedLengths] : []))),
  ].sort((a, b) => a - b);
  // One pass over the file: each signed prefix's hash is taken on the way to the whole file's.
  const hash = createHash('sha256');
  let hashed = 0;
  const seals = signed.map((signedLength) => {
    hash.update(file.subarray(hashed, signedLength));
    hashed = signedLength;
    return { signedLength, sha256: hash.copy().digest('hex') };
  });
  hash.update(file.subarray(hashed));
  return { sha256: hash.digest('hex'), seals };
}
