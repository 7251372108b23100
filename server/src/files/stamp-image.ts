/**
 * An organisation's stamp image, read in a file worker (`file-tasks.ts`): its type and size in
 * pixels from its header (`image-header.ts`), and, within the limits, whether it can be drawn
 * at all: it is embedded in a PDF of its own, as a sealed PDF will embed it. The size is
 * checked before the image is decoded, so a small file that claims a huge picture is refused
 * without being read.
 */
import { PDF } from '@libpdf/core';
import { imageHeader, maxStampPixels, type StampType } from './image-header.js';

export type StampImage =
  | { kind: 'image'; type: StampType; width: number; height: number }
  | { kind: 'not-an-image' }
  | { kind: 'too-many-pixels'; width: number; height: number };

/** What the stamp image is: a PNG or a JPEG within the limits that draws, or why not. */
export function readStampImage(input: { bytes: Uint8Array }): StampImage {
  const header = imageHeader(input.bytes);
  if (!header || header.width < 1 || header.height < 1) return { kind: 'not-an-image' };
  if (header.width > maxStampPixels || header.height > maxStampPixels) return { kind: 'too-many-pixels', width: header.width, height: header.height };
  try {
    const pdf = PDF.create();
    const image = header.type === 'image/png' ? pdf.embedPng(input.bytes) : pdf.embedJpeg(input.bytes);
    // The picture as drawn must be the one its header describes.
    if (image.width !== header.width || image.height !== header.height) return { kind: 'not-an-image' };
  } catch {
    return { kind: 'not-an-image' };
  }
  return { kind: 'image', ...header };
}
