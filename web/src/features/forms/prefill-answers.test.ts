import type { FormField } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { prefilledAnswers, recordRef } from './prefill-answers.ts';

const fields: FormField[] = [
  { name: 'tenant', label: 'Tenant', type: 'text', required: true, step: 0 },
  { name: 'rent', label: 'Rent', type: 'number', required: false, step: 0 },
  { name: 'pets', label: 'Pets', type: 'checkbox', required: false, step: 0 },
  { name: 'note', label: 'Note', type: 'text', required: false, step: 0 },
  { name: 'sign', label: 'Signature', type: 'signature', required: true, step: 0 },
];

describe('pre-filling answers from a record', () => {
  it('takes the values the record gives, as each field takes them, and keeps every other answer', () => {
    const answers = { tenant: 'typed', rent: '', pets: false, note: 'my note', sign: null };
    const record: FormField[] = [
      { name: 'tenant', label: 'Tenant', type: 'text', required: true, value: 'Margaret Ellis' },
      { name: 'rent', label: 'Rent', type: 'number', required: false, value: 875 },
      { name: 'pets', label: 'Pets', type: 'checkbox', required: false, value: true },
      { name: 'note', label: 'Note', type: 'text', required: false, value: null },
      { name: 'sign', label: 'Signature', type: 'signature', required: true, value: 'forged' },
      { name: 'elsewhere', label: 'Not on this form', type: 'text', required: false, value: 'x' },
    ];
    expect(prefilledAnswers(fields, answers, record)).toEqual({ tenant: 'Margaret Ellis', rent: '875', pets: true, note: 'my note', sign: null });
  });

  it('names the record as the form’s refs', () => {
    expect(recordRef(3, 'T-0412')).toBe('3:T-0412');
  });
});
