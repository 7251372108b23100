import type { FormField } from '@formsign/sdk';
import { describe, expect, it } from 'vitest';
import { suggestedInitials, typedInitialsProblem, withInitials } from './initials.ts';
import { answerProblems, initialAnswers, signingRequestAnswers } from './signing-answers.ts';
import { blankField, fieldProblems } from './template-fields.ts';

const fields: FormField[] = [
  { name: 'page_one', label: 'Initials, page 1', type: 'initials', required: true },
  { name: 'page_two', label: 'Initials, page 2', type: 'initials', required: true },
  { name: 'witness', label: 'Witness initials', type: 'initials', required: false, readonly: true, value: 'WB' },
];

describe('the initials a name suggests', () => {
  it('are the first letter of each word, upper case, at most five', () => {
    expect(suggestedInitials('Ada Brook')).toBe('AB');
    expect(suggestedInitials('  jean-luc  picard ')).toBe('JLP');
    expect(suggestedInitials('Émile Zola')).toBe('ÉZ');
    expect(suggestedInitials('Anna Beth Clara Dora Eva Fay')).toBe('ABCDE');
    expect(suggestedInitials('42')).toBe('');
  });
});

describe('typed initials', () => {
  it('are 1 to 5 letters', () => {
    expect(typedInitialsProblem(' AB ')).toBeNull();
    expect(typedInitialsProblem('ÉZ')).toBeNull();
    expect(typedInitialsProblem('')).toBe('Please type your initials.');
    expect(typedInitialsProblem('A.B.')).toBe('Type 1 to 5 letters, like "AB".');
    expect(typedInitialsProblem('ABCDEF')).toBe('Type 1 to 5 letters, like "AB".');
  });
});

describe("a signer's initials", () => {
  it('given in one field are in every initials field of theirs, and sent once', () => {
    const given = withInitials(fields, initialAnswers(fields), { kind: 'typed', value: ' AB ' });
    expect(given).toMatchObject({ page_one: { kind: 'typed', value: ' AB ' }, page_two: { kind: 'typed', value: ' AB ' }, witness: null });
    expect(answerProblems(fields, given)).toEqual({});
    expect(signingRequestAnswers(fields, given)).toEqual({ values: {}, initials: { kind: 'typed', value: 'AB' } });
  });

  it('kept with a draft fill the fields again when the form opens', () => {
    expect(initialAnswers(fields, { kind: 'drawn', value: 'data:image/png;base64,AAAA' })).toEqual({
      page_one: { kind: 'drawn', value: 'data:image/png;base64,AAAA' },
      page_two: { kind: 'drawn', value: 'data:image/png;base64,AAAA' },
      witness: null,
    });
  });

  it('are asked for where required, drawn where typed ones are not accepted, and checked when typed', () => {
    expect(answerProblems(fields, initialAnswers(fields))).toEqual({
      page_one: 'Please give your initials: type them or draw them.',
      page_two: 'Please give your initials: type them or draw them.',
    });
    const typed = withInitials(fields, initialAnswers(fields), { kind: 'typed', value: 'AB' });
    expect(answerProblems(fields, typed, { typedSignature: false }).page_one).toBe(
      'Please draw your initials: typed initials are not accepted on this form.',
    );
    const wrong = withInitials(fields, initialAnswers(fields), { kind: 'typed', value: 'A1' });
    expect(answerProblems(fields, wrong).page_two).toBe('Type 1 to 5 letters, like "AB".');
    // Initials that cannot be sent are not: the server would refuse them.
    expect(signingRequestAnswers(fields, wrong)).toEqual({ values: {} });
  });
});

describe('an initials field in the editor', () => {
  it('is answered by a place that signs, not by the sender', () => {
    const field = { ...blankField(), label: 'Initials', name: 'initials', type: 'initials' as const, step: 0 };
    expect(fieldProblems([field]).get(field.key)).toEqual({ step: 'Initials are given by a person who signs the form: choose their place.' });
    expect(fieldProblems([{ ...field, step: 1 }]).size).toBe(0);
  });
});
