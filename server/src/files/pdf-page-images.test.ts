import { PDF, rgb } from '@libpdf/core';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { greys, pdfPageImages } from './pdf-page-images.js';

/** The distinct colours of a page's image. */
async function coloursOf(image: Uint8Array): Promise<Set<number>> {
  const picture = await loadImage(Buffer.from(image));
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  context.drawImage(picture, 0, 0);
  const data = context.getImageData(0, 0, picture.width, picture.height).data;
  const colours = new Set<number>();
  for (let at = 0; at < data.length; at += 4) colours.add(((data[at] ?? 0) << 16) | ((data[at + 1] ?? 0) << 8) | (data[at + 2] ?? 0));
  return colours;
}

describe('the images of a PDF’s pages', () => {
  it('keep 16 shades of a page in black and white, and every colour of a page with colour', async () => {
    const pdf = PDF.create();
    const text = pdf.addPage({ width: 595.28, height: 841.89 });
    for (let line = 0; line < 30; line++)
      text.drawText(`${line + 1}. The tenant keeps the property in good repair.`, { x: 72, y: 760 - line * 16, size: 9 });
    const coloured = pdf.addPage({ width: 595.28, height: 841.89 });
    coloured.drawText('Tenancy agreement', { x: 72, y: 760, size: 18, color: rgb(0.12, 0.3, 0.55) });
    for (let line = 0; line < 30; line++) coloured.drawText(`${line + 1}. Rent is due monthly.`, { x: 72, y: 720 - line * 16, size: 9 });
    const answer = await pdfPageImages(await pdf.save());
    if (!answer.ok) throw new Error(answer.reason.message);
    const [grey, colour] = await Promise.all(answer.value.map((page) => coloursOf(page.image)));
    expect(grey?.size).toBeLessThanOrEqual(greys);
    expect(grey?.size).toBeGreaterThan(2);
    // Anti-aliased blue text: far more colours than a quantised page could hold.
    expect(colour?.size).toBeGreaterThan(greys * 2);
  });
});
