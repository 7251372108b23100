/**
 * The fields of a form as its signing page lays them on the document: which are the signer's
 * to fill in, which were answered before them (shown in place, read-only) and which belong to
 * later steps (not shown); their order on the pages (page, then top to bottom, then left to
 * right), which is the order Tab and the guided path follow; what is still required; and the
 * size of the text in a box so that long answers still fit.
 */
import type { FormField, PdfPageSize } from '@formsign/sdk';
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';
import { answerProblems, type Answers } from './signing-answers.ts';

export type FieldRole = 'mine' | 'answered' | 'hidden';

/** The step a field belongs to: the first recipient's when it names none. */
const stepOf = (field: FormField): number => field.step ?? 1;

/**
 * What a field is to the signer at place `order`: theirs (not read-only), answered before (a
 * read-only field of the sender or an earlier step), or another's still to come (hidden). In
 * review every field is shown read-only.
 */
export function roleOf(field: FormField, order: number, review = false): FieldRole {
  if (review) return 'answered';
  if (!field.readonly) return 'mine';
  return field.step === 0 || stepOf(field) < order ? 'answered' : 'hidden';
}

/** The fields in the order they sit on the pages: placed ones by page, top to bottom, left to right; unplaced ones after, in their own order. */
export function pageOrder(fields: readonly FormField[]): FormField[] {
  const placed = fields.filter((field) => field.placement);
  const unplaced = fields.filter((field) => !field.placement);
  placed.sort((a, b) => {
    const p = a.placement;
    const q = b.placement;
    if (!p || !q) return 0;
    if (p.page !== q.page) return p.page - q.page;
    // Higher on the page first (PDF y grows upwards); boxes on the same line (tops within 4 points) left to right.
    const top = q.y + q.height - (p.y + p.height);
    return Math.abs(top) > 4 ? top : p.x - q.x;
  });
  return [...placed, ...unplaced];
}

/** The placements that lie on one of the pages, by field name: a placement off the pages is shown with the unplaced fields. */
export function placedOnPages(fields: readonly FormField[], pageCount: number): Set<string> {
  return new Set(
    fields.filter((field) => field.placement && field.placement.page >= 1 && field.placement.page <= pageCount).map((field) => field.name),
  );
}

/** The required fields of the signer still without an acceptable answer, in page order. */
export function requiredLeft(
  fields: readonly FormField[],
  answers: Answers,
  options: { typedSignature?: boolean; stamp?: boolean } = {},
): FormField[] {
  const mine = pageOrder(fields.filter((field) => !field.readonly && field.required));
  const problems = answerProblems(mine, answers, options);
  return mine.filter((field) => problems[field.name]);
}

/** "2 of 5 required fields left"; "All 5 required fields are filled in" once none is. */
export function leftText(left: number, total: number): string {
  if (total === 0) return i18n._(msg`No field is required: read the document, then finish.`);
  if (left === 0) return i18n._(msg`${plural(total, { one: 'The required field is filled in.', other: 'All # required fields are filled in.' })}`);
  return i18n._(msg`${left} of ${plural(total, { one: '# required field', other: '# required fields' })} left`);
}

/** The next required field to fill after `current` (page order, wrapping round), or the first when there is no current one. */
export function nextRequired(left: readonly FormField[], ordered: readonly FormField[], current: string | null): FormField | null {
  if (left.length === 0) return null;
  const at = current ? ordered.findIndex((field) => field.name === current) : -1;
  const position = (field: FormField): number => ordered.findIndex((other) => other.name === field.name);
  return left.find((field) => position(field) > at) ?? left[0] ?? null;
}

/** The smallest text a box shows, in CSS pixels at 100 %: past it the box says it is full. */
export const smallestText = 7;

/**
 * The text size (CSS pixels) that fits `text` in a box of `width` by `height` pixels: as large
 * as the box's height allows (at most 16), shrunk until the widest line fits, never below
 * `floor`. `full` when even the floor does not fit. `widthAt` measures a line at a size.
 */
export function fittedSize(
  text: string,
  box: { width: number; height: number },
  widthAt: (line: string, size: number) => number,
  options: { multiline?: boolean; floor?: number } = {},
): { size: number; full: boolean } {
  const floor = options.floor ?? smallestText;
  const padding = 4;
  const lines = options.multiline ? text.split('\n') : [text.replace(/\n/g, ' ')];
  const fits = (size: number): boolean => {
    const inner = box.width - padding;
    if (!options.multiline) return widthAt(lines[0] ?? '', size) <= inner;
    // Wrapped lines at this size: each line takes as many rows as its width needs.
    const rows = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(widthAt(line, size) / inner)), 0);
    return rows * size * 1.2 <= box.height - padding;
  };
  let size = Math.max(floor, Math.min(16, Math.floor((box.height - padding) * 0.75)));
  while (size > floor && !fits(size)) size -= 0.5;
  return { size, full: !fits(size) };
}

/** The page sizes known so far: each page's own once read, else the first page's (all pages of most documents are alike). */
export function sizesFor(count: number, known: ReadonlyMap<number, PdfPageSize>, fallback: PdfPageSize): PdfPageSize[] {
  return Array.from({ length: count }, (_, index) => known.get(index + 1) ?? fallback);
}
