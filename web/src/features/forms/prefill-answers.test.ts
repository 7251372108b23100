import type { FormField } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { prefilledAnswers, recordRef, stepPrefill } from './prefill-answers.ts';

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

describe('pre-filling one’s own step from a record', () => {
  const step: FormField[] = [
    { name: 'sender_note', label: 'Note from the office', type: 'text', required: false, step: 0, readonly: true },
    { name: 'tenant', label: 'Tenant', type: 'text', required: true, step: 1 },
    { name: 'rent', label: 'Rent', type: 'number', required: false, step: 1 },
    { name: 'pets', label: 'Pets', type: 'checkbox', required: false, step: 1 },
    { name: 'agent', label: 'Agent', type: 'text', required: false, step: 2, readonly: true },
  ];
  const record = (tenant: string, rent: number): FormField[] => [
    { name: 'sender_note', label: 'Note from the office', type: 'text', required: false, value: 'from the record' },
    { name: 'tenant', label: 'Tenant', type: 'text', required: true, value: tenant },
    { name: 'rent', label: 'Rent', type: 'number', required: false, value: rent },
    { name: 'pets', label: 'Pets', type: 'checkbox', required: false, value: true },
    { name: 'agent', label: 'Agent', type: 'text', required: false, value: 'Not theirs' },
  ];

  it('fills the empty answers of the step at once, and asks before replacing what the person typed; other steps are never filled', () => {
    const answers = { sender_note: 'office', tenant: '', rent: '900', pets: false, agent: '' };
    expect(stepPrefill(step, answers, record('Margaret Ellis', 875), {})).toEqual({
      fills: { tenant: 'Margaret Ellis', pets: true },
      replaces: { rent: '875' },
    });
  });

  it('replaces at once what an earlier record filled in, unless the person changed it since', () => {
    const first = { tenant: 'Margaret Ellis', rent: '875', pets: true };
    const answers = { sender_note: 'office', tenant: 'Margaret Ellis', rent: '880', pets: true, agent: '' };
    expect(stepPrefill(step, answers, record('David Okonkwo', 720), first)).toEqual({
      fills: { tenant: 'David Okonkwo' },
      replaces: { rent: '720' },
    });
  });
});
