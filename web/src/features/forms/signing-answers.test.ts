import type { FormField } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { answerProblems, initialAnswers, shownAndCalculatedAnswers, shownNames, signingRequestAnswers } from './signing-answers.ts';

const fields: FormField[] = [
  { name: 'full_name', label: 'Your full name', type: 'text', required: true, value: 'Margaret Ellis' },
  { name: 'email', label: 'Email', type: 'email', required: false },
  { name: 'visits', label: 'Visits', type: 'number', required: false },
  { name: 'share_with', label: 'Share with', type: 'select', required: true, options: ['GP', 'Both'] },
  { name: 'agree', label: 'I agree', type: 'checkbox', required: true },
  { name: 'signature', label: 'Signature', type: 'signature', required: true },
];

describe('the answers a signer starts with', () => {
  it('takes pre-filled values, unticked boxes and no signature', () => {
    expect(initialAnswers(fields)).toEqual({ full_name: 'Margaret Ellis', email: '', visits: '', share_with: '', agree: false, signature: null });
    expect(initialAnswers([{ name: 'ok', label: 'OK', type: 'checkbox', required: false, value: true }])).toEqual({ ok: true });
  });
});

describe('the checks before sending', () => {
  it('names every required answer missing', () => {
    expect(answerProblems(fields, { ...initialAnswers(fields), full_name: ' ' })).toEqual({
      full_name: 'Please fill in this field.',
      share_with: 'Please choose an answer.',
      agree: 'Please tick this box to continue.',
      signature: 'Please sign: type your name or draw your signature.',
    });
  });

  it('checks the formats of optional answers that are given', () => {
    const answers = {
      ...initialAnswers(fields),
      email: 'margaret@',
      visits: 'three',
      share_with: 'Nobody',
      agree: true,
      signature: { kind: 'typed' as const, value: 'M E' },
    };
    expect(answerProblems(fields, answers)).toEqual({
      email: 'Enter an email address like name@example.com.',
      visits: 'Enter a number, like 12 or 4.5.',
      share_with: 'Please choose one of the answers offered.',
    });
  });

  it('asks for a drawn signature where a typed name is not accepted', () => {
    const typed = { ...initialAnswers(fields), full_name: 'M E', share_with: 'GP', agree: true, signature: { kind: 'typed' as const, value: 'M E' } };
    expect(answerProblems(fields, typed, { typedSignature: false })).toEqual({
      signature: 'Please draw your signature: a typed name is not accepted on this form.',
    });
    expect(answerProblems(fields, { ...typed, signature: null }, { typedSignature: false })).toEqual({ signature: 'Please draw your signature.' });
    expect(
      answerProblems(fields, { ...typed, signature: { kind: 'drawn', value: 'data:image/png;base64,AAAA' } }, { typedSignature: false }),
    ).toEqual({});
    expect(answerProblems(fields, typed, { typedSignature: true })).toEqual({});
  });

  it('takes a typed name of spaces as no signature', () => {
    expect(answerProblems(fields, { ...initialAnswers(fields), signature: { kind: 'typed', value: '  ' } }).signature).toBeDefined();
  });
});

describe('the values and signature sent', () => {
  it('sends typed values, numbers, ticks and the signature apart', () => {
    const answers = {
      ...initialAnswers(fields),
      email: ' m@example.com ',
      visits: '4.5',
      share_with: 'Both',
      agree: true,
      signature: { kind: 'typed' as const, value: ' Margaret Ellis ' },
    };
    expect(signingRequestAnswers(fields, answers)).toEqual({
      values: { full_name: 'Margaret Ellis', email: 'm@example.com', visits: 4.5, share_with: 'Both', agree: true },
      signature: { kind: 'typed', value: 'Margaret Ellis' },
    });
  });

  it('sends empty optional answers as null, and no signature when none was given', () => {
    const optional: FormField[] = [
      { name: 'note', label: 'Note', type: 'textarea', required: false },
      { name: 'witness', label: 'Witness', type: 'signature', required: false },
    ];
    expect(signingRequestAnswers(optional, initialAnswers(optional))).toEqual({ values: { note: null, witness: null } });
  });

  it('puts a second signature field’s value among the values', () => {
    const two: FormField[] = [
      { name: 'signer', label: 'Signer', type: 'signature', required: true },
      { name: 'witness', label: 'Witness', type: 'signature', required: true },
    ];
    const answers = {
      signer: { kind: 'drawn' as const, value: 'data:image/png;base64,AAA' },
      witness: { kind: 'typed' as const, value: 'Ethan Wright' },
    };
    expect(signingRequestAnswers(two, answers)).toEqual({
      values: { witness: 'Ethan Wright' },
      signature: { kind: 'drawn', value: 'data:image/png;base64,AAA' },
    });
  });
});

describe('a field shown on another answer, with the checks its sender set', () => {
  const rules: FormField[] = [
    { name: 'kind', label: 'Kind', type: 'radio', required: true, options: ['Car', 'Bike'] },
    { name: 'plate', label: 'Plate', type: 'text', required: true, condition: { field: 'kind', operator: 'equals', value: 'Car' } },
    { name: 'phone', label: 'Phone', type: 'text', required: false, validation: { pattern: 'phone', message: 'A number we can call' } },
  ];

  it('is shown only while the answer meets its condition, and its check says the sender’s message', () => {
    expect([...shownNames(rules, { kind: 'Bike', plate: '', phone: '' })]).toEqual(['kind', 'phone']);
    expect(shownNames(rules, { kind: 'Car', plate: '', phone: '' }).has('plate')).toBe(true);
    expect(answerProblems(rules, { kind: 'Taxi', plate: 'AB1', phone: 'none' })).toEqual({
      kind: 'Please choose one of the answers offered.',
      phone: 'A number we can call',
    });
  });
});

describe('a calculated field', () => {
  it('is worked out live from the answers, and is never sent (the server works it out)', () => {
    const sums: FormField[] = [
      { name: 'miles', label: 'Miles', type: 'number', required: true },
      { name: 'week', label: 'A week', type: 'calculated', required: false, formula: 'miles × 5' },
    ];
    expect(shownAndCalculatedAnswers(sums, { miles: '12', week: '999' }).calculated).toEqual({ week: '60' });
    expect(shownAndCalculatedAnswers(sums, { miles: '', week: '' }).calculated).toEqual({ week: '' });
    expect(signingRequestAnswers(sums, { miles: '12', week: '999' })).toEqual({ values: { miles: 12 } });
  });
});

describe('a stamp field', () => {
  const stamped: FormField[] = [
    { name: 'company_stamp', label: 'Company stamp', type: 'stamp', required: true, value: 'companies/1/stamps/forged.png' },
  ];

  it('starts unapplied whatever its value, must be applied when required, and sends only that it was', () => {
    expect(initialAnswers(stamped)).toEqual({ company_stamp: false });
    expect(answerProblems(stamped, { company_stamp: false })).toEqual({ company_stamp: 'Please apply the stamp.' });
    expect(answerProblems(stamped, { company_stamp: false }, { stamp: false })).toEqual({
      company_stamp: 'The organisation has no stamp to apply: ask the sender.',
    });
    expect(answerProblems(stamped, { company_stamp: true })).toEqual({});
    expect(signingRequestAnswers(stamped, { company_stamp: true })).toEqual({ values: { company_stamp: true } });
  });
});
