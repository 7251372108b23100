/**
 * Where a field sits on a page of the template's PDF, as the contract keeps it: in PDF points
 * (1/72 inch) from the page's bottom-left corner. The page is shown at a scale (CSS pixels per
 * point) with its top-left corner first, so these turn one into the other, and keep a box
 * inside its page however it is dragged, resized or typed.
 */
import type { FieldPlacement, PdfPageSize } from '@formsign/sdk';

/** The size a field gets when it is first placed, in points: one line of text. */
export const defaultBox = { width: 180, height: 22 } as const;
/** The smallest box a field can have, in points. */
export const smallestBox = 8;

const round = (value: number): number => Math.round(value * 100) / 100;

/** The box on screen (CSS pixels from the page's top-left) of a placement shown at `scale`. */
export function screenBox(place: FieldPlacement, page: PdfPageSize, scale: number): { left: number; top: number; width: number; height: number } {
  return { left: place.x * scale, top: (page.height - place.y - place.height) * scale, width: place.width * scale, height: place.height * scale };
}

/** A placement moved, shrunk where it must be, so that it lies inside its page. */
export function fitToPage(place: FieldPlacement, page: PdfPageSize): FieldPlacement {
  const width = Math.min(Math.max(place.width, smallestBox), page.width);
  const height = Math.min(Math.max(place.height, smallestBox), page.height);
  const x = Math.min(Math.max(place.x, 0), page.width - width);
  const y = Math.min(Math.max(place.y, 0), page.height - height);
  return { page: place.page, x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** A field dropped at a point of the page (CSS pixels from its top-left): its box's top-left corner goes there. */
export function placeAt(
  pageNumber: number,
  page: PdfPageSize,
  scale: number,
  point: { x: number; y: number },
  size: { width: number; height: number } = defaultBox,
): FieldPlacement {
  const x = point.x / scale;
  const top = point.y / scale;
  return fitToPage({ page: pageNumber, x, y: page.height - top - size.height, width: size.width, height: size.height }, page);
}

/** A placement in the middle of a page, for placing a field without a pointer. */
export function centred(pageNumber: number, page: PdfPageSize): FieldPlacement {
  return fitToPage({ page: pageNumber, x: (page.width - defaultBox.width) / 2, y: (page.height - defaultBox.height) / 2, ...defaultBox }, page);
}

/** A placement moved by a pointer's travel on screen (CSS pixels; down is positive). */
export function moved(start: FieldPlacement, page: PdfPageSize, scale: number, dx: number, dy: number): FieldPlacement {
  return fitToPage({ ...start, x: start.x + dx / scale, y: start.y - dy / scale }, page);
}

/** A placement resized from its bottom-right corner by a pointer's travel on screen: its top-left corner stays. */
export function resized(start: FieldPlacement, page: PdfPageSize, scale: number, dx: number, dy: number): FieldPlacement {
  const top = start.y + start.height;
  const width = Math.min(Math.max(start.width + dx / scale, smallestBox), page.width - start.x);
  const height = Math.min(Math.max(start.height + dy / scale, smallestBox), top);
  return fitToPage({ ...start, width, height, y: top - height }, page);
}

/** Whether a placement lies on one of the pages and inside it (what the server also checks). */
export function fitsPages(place: FieldPlacement, pages: readonly PdfPageSize[]): boolean {
  const page = pages[place.page - 1];
  return (
    !!page &&
    place.x >= 0 &&
    place.y >= 0 &&
    place.width >= 1 &&
    place.height >= 1 &&
    place.x + place.width <= page.width + 0.5 &&
    place.y + place.height <= page.height + 0.5
  );
}
