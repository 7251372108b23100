import type { FormField } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { fittedSize, leftText, nextRequired, pageOrder, placedOnPages, requiredLeft, roleOf, sizesFor } from './document-fields.ts';

const at = (page: number, x: number, y: number) => ({ page, x, y, width: 100, height: 20 });
const field = (name: string, extra: Partial<FormField> = {}): FormField => ({ name, label: name, type: 'text', required: true, ...extra });

describe('the fields on the document', () => {
  it('are the signer’s own, answered before, or hidden when a later step answers them', () => {
    expect(roleOf(field('own'), 2)).toBe('mine');
    expect(roleOf(field('sender', { readonly: true, step: 0 }), 2)).toBe('answered');
    expect(roleOf(field('first', { readonly: true, step: 1 }), 2)).toBe('answered');
    expect(roleOf(field('unnumbered', { readonly: true }), 2)).toBe('answered');
    expect(roleOf(field('third', { readonly: true, step: 3 }), 2)).toBe('hidden');
    expect(roleOf(field('own step, read-only', { readonly: true, step: 2 }), 2)).toBe('hidden');
    // The approver sees everything.
    expect(roleOf(field('third', { readonly: true, step: 3 }), 4, true)).toBe('answered');
    // ...and fills in nothing: a field left open to them is shown, not asked (the approval carries no answers).
    expect(roleOf(field('open to the approver'), 4, true)).toBe('answered');
  });

  it('are in page order: by page, top to bottom, left to right on a line; unplaced ones last', () => {
    const fields = [
      field('unplaced'),
      field('page2', { placement: at(2, 50, 700) }),
      field('low', { placement: at(1, 50, 100) }),
      field('right', { placement: at(1, 300, 700) }),
      field('left', { placement: at(1, 50, 702) }),
    ];
    expect(pageOrder(fields).map((one) => one.name)).toEqual(['left', 'right', 'low', 'page2', 'unplaced']);
  });

  it('placed off the document’s pages are listed with the unplaced ones', () => {
    const placed = placedOnPages([field('on', { placement: at(2, 0, 0) }), field('off', { placement: at(5, 0, 0) }), field('none')], 3);
    expect([...placed]).toEqual(['on']);
  });
});

describe('the guided path', () => {
  const fields = [
    field('name', { placement: at(1, 50, 700) }),
    field('note', { required: false, placement: at(1, 50, 600) }),
    field('agree', { type: 'checkbox', placement: at(2, 50, 700) }),
    field('sign', { type: 'signature', placement: at(3, 50, 100) }),
    field('earlier', { readonly: true, step: 0 }),
  ];

  it('counts the required fields left, in page order, until each has an acceptable answer', () => {
    expect(requiredLeft(fields, {}).map((one) => one.name)).toEqual(['name', 'agree', 'sign']);
    expect(leftText(3, 3)).toBe('3 of 3 required fields left');
    const answered = { name: 'Ada', agree: true, sign: { kind: 'typed' as const, value: 'Ada' } };
    expect(requiredLeft(fields, answered)).toEqual([]);
    expect(leftText(0, 3)).toBe('All 3 required fields are filled in.');
    // A typed name where only a drawn signature is taken does not count.
    expect(requiredLeft(fields, answered, { typedSignature: false }).map((one) => one.name)).toEqual(['sign']);
    expect(leftText(2, 5)).toBe('2 of 5 required fields left');
  });

  it('goes from the current field to the next required one, wrapping round', () => {
    const ordered = pageOrder(fields);
    const left = requiredLeft(fields, { agree: false });
    expect(nextRequired(left, ordered, null)?.name).toBe('name');
    expect(nextRequired(left, ordered, 'name')?.name).toBe('agree');
    expect(nextRequired(left, ordered, 'note')?.name).toBe('agree');
    expect(nextRequired(left, ordered, 'sign')?.name).toBe('name');
    expect(nextRequired([], ordered, 'sign')).toBeNull();
  });
});

describe('text in a box', () => {
  // Every character 0.5 of the size wide.
  const widthAt = (line: string, size: number): number => line.length * size * 0.5;

  it('is as large as the box allows, shrinks as the text grows, and is full past the floor', () => {
    const box = { width: 104, height: 24 };
    expect(fittedSize('Ada', box, widthAt)).toEqual({ size: 15, full: false });
    const long = fittedSize('A'.repeat(20), box, widthAt);
    expect(long.size).toBeLessThan(15);
    expect(long.size).toBeGreaterThanOrEqual(7);
    expect(long.full).toBe(false);
    expect(widthAt('A'.repeat(20), long.size)).toBeLessThanOrEqual(100);
    expect(fittedSize('A'.repeat(60), box, widthAt)).toEqual({ size: 7, full: true });
  });

  it('wraps a long answer over the lines of a taller box before it shrinks', () => {
    const box = { width: 104, height: 64 };
    expect(fittedSize('A'.repeat(20), box, widthAt, { multiline: true }).full).toBe(false);
    expect(fittedSize('A'.repeat(2000), box, widthAt, { multiline: true })).toEqual({ size: 7, full: true });
  });
});

describe('the page sizes', () => {
  it('are each page’s own once read, else the first page’s', () => {
    const a4 = { width: 595, height: 842 };
    const landscape = { width: 842, height: 595 };
    expect(sizesFor(3, new Map([[2, landscape]]), a4)).toEqual([a4, landscape, a4]);
  });
});
