/**
 * What an image file's header says, read without decoding the picture: its type from its first
 * bytes (a PNG's signature, a JPEG's start-of-image marker; the name and type it was sent with
 * are not read) and its size in pixels (a PNG's IHDR, a JPEG's start-of-frame segment, found by
 * stepping over the segments before it). Light on purpose: the request thread reads the limits
 * here, and the file workers (`stamp-image.ts`, `drawing-image.ts`) read the headers, without
 * loading the PDF library the workers draw with.
 */
export type StampType = 'image/png' | 'image/jpeg';

/** The largest stamp, in pixels each way. */
export const maxStampPixels = 2000;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type and size in pixels its header gives, or null when it is not a PNG or a JPEG whose header reads. */
export function imageHeader(bytes: Uint8Array): { type: StampType; width: number; height: number } | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length >= 24 && data.subarray(0, 8).equals(pngSignature)) {
    // The first chunk is IHDR: its length (13), its name, then the width and height.
    if (data.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { type: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    // Each segment is FF, its marker, and (but for the markers that stand alone) its length.
    while (at + 4 <= data.length) {
      if (data[at] !== 0xff) return null;
      const marker = data[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1; // padding
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return null; // the picture starts (or ends) before its frame is described
      const length = data.readUInt16BE(at + 2);
      if (length < 2) return null;
      // A start of frame (SOF0 to SOF15, but for DHT, JPG and DAC): precision, height, width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (at + 9 > data.length) return null;
        return { type: 'image/jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
  }
  return null;
}
