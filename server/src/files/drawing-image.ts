/**
 * A signer's drawn signature or initials, read in a file worker (`file-tasks.ts`) before it is
 * kept: a PNG by its bytes, whose header's size in pixels is within the limits, and which draws
 * when it is embedded in a PDF of its own, as the sealed PDF will embed it. Without this, a
 * drawing that does not decode would be sealed as "Not signed" after the signer was told their
 * signature was recorded, and one that claims a huge picture would make every try of the seal
 * run out of memory.
 */
import { PDF } from '@libpdf/core';
import { imageHeader } from './image-header.js';

/** The widest (or tallest) drawing, and the most pixels: a signing pad on a large screen at three device pixels a point fits. */
export const maxDrawingSide = 4096;
export const maxDrawingPixels = 8 * 1024 * 1024;

export type DrawingImage = { kind: 'drawing'; width: number; height: number } | { kind: 'unreadable' } | { kind: 'too-large' };

export function readDrawing(input: { bytes: Uint8Array }): DrawingImage {
  const header = imageHeader(input.bytes);
  if (!header || header.type !== 'image/png' || header.width < 1 || header.height < 1) return { kind: 'unreadable' };
  if (header.width > maxDrawingSide || header.height > maxDrawingSide || header.width * header.height > maxDrawingPixels)
    return { kind: 'too-large' };
  try {
    const image = PDF.create().embedPng(input.bytes);
    if (image.width !== header.width || image.height !== header.height) return { kind: 'unreadable' };
  } catch {
    return { kind: 'unreadable' };
  }
  return { kind: 'drawing', width: header.width, height: header.height };
}
