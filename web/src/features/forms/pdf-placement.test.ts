import { describe, expect, it } from 'vitest';
import { centred, fitsPages, fitToPage, moved, placeAt, resized, screenBox } from './pdf-placement.ts';

const a4 = { width: 595.28, height: 841.89 };

describe('placements on a PDF page', () => {
  it('are shown from the top-left at the page’s scale, and kept from the bottom-left in points', () => {
    expect(screenBox({ page: 1, x: 100, y: 700, width: 200, height: 20 }, a4, 2)).toEqual({
      left: 200,
      top: expect.closeTo(243.78, 2),
      width: 400,
      height: 40,
    });
    // Dropped 100 px right and 50 px down on a page shown at half size: 200 points in, 100 points below the top.
    expect(placeAt(2, a4, 0.5, { x: 100, y: 50 })).toEqual({ page: 2, x: 200, y: 719.89, width: 180, height: 22 });
  });

  it('stay inside their page when dropped, moved or resized past its edge', () => {
    expect(placeAt(1, a4, 1, { x: 590, y: 840 })).toEqual({ page: 1, x: 415.28, y: 0, width: 180, height: 22 });
    const start = { page: 1, x: 10, y: 10, width: 100, height: 20 };
    expect(moved(start, a4, 2, -100, 0)).toMatchObject({ x: 0, y: 10 });
    expect(moved(start, a4, 2, 20, -40)).toMatchObject({ x: 20, y: 30 });
    // The bottom-right handle dragged down and right: the top-left corner stays where it was.
    expect(resized({ page: 1, x: 10, y: 500, width: 100, height: 20 }, a4, 1, 50, 30)).toEqual({ page: 1, x: 10, y: 470, width: 150, height: 50 });
    expect(resized(start, a4, 1, 10_000, 10_000)).toEqual({ page: 1, x: 10, y: 0, width: 585.28, height: 30 });
    expect(fitToPage({ page: 1, x: -5, y: 900, width: 2, height: 2000 }, a4)).toEqual({ page: 1, x: 0, y: 0, width: 8, height: 841.89 });
  });

  it('fit the pages when on one of them and inside it, as the server checks', () => {
    expect(fitsPages(centred(1, a4), [a4])).toBe(true);
    expect(fitsPages({ page: 2, x: 0, y: 0, width: 10, height: 10 }, [a4])).toBe(false);
    expect(fitsPages({ page: 1, x: 500, y: 0, width: 100, height: 10 }, [a4])).toBe(false);
  });
});
