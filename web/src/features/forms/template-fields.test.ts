import { describe, expect, it } from 'vitest';
import { blankField, choicesOf, editableField, fieldProblems, formFields, nameFromLabel, type EditableField } from './template-fields.ts';

function field(patch: Partial<EditableField>): EditableField {
  return { ...blankField(), label: 'A question', name: 'a_question', ...patch };
}

describe('the names a label suggests', () => {
  it('turns a label into a storage key', () => {
    expect(nameFromLabel('Date of birth?')).toBe('date_of_birth');
    expect(nameFromLabel('  Café — opening hours ')).toBe('cafe_opening_hours');
    expect(nameFromLabel('2nd witness')).toBe('field_2nd_witness');
    expect(nameFromLabel('')).toBe('');
  });

  it('keeps names to 60 characters', () => {
    expect(nameFromLabel('word '.repeat(30)).length).toBeLessThanOrEqual(60);
    expect(nameFromLabel('word '.repeat(30))).not.toMatch(/_$/);
  });
});

describe('the checks of the fields before saving', () => {
  it('accepts fields with labels and distinct valid names', () => {
    expect(fieldProblems([field({ name: 'first' }), field({ name: 'second' })]).size).toBe(0);
  });

  it('asks for a label and a name', () => {
    const empty = field({ label: ' ', name: '' });
    expect(fieldProblems([empty]).get(empty.key)).toEqual({
      label: 'Enter a label: it is the question the signer reads.',
      name: 'Enter a name: it is the key the answer is stored under.',
    });
  });

  it('flags every field sharing a name, whatever its case', () => {
    const one = field({ name: 'location' });
    const two = field({ name: 'Location' });
    const problems = fieldProblems([one, two, field({ name: 'other' })]);
    expect(problems.get(one.key)?.name).toBe('Another field is also named “location”. Each field needs its own name.');
    expect(problems.get(two.key)?.name).toBe('Another field is also named “Location”. Each field needs its own name.');
    expect(problems.size).toBe(2);
  });

  it('refuses names that are not keys', () => {
    const spaced = field({ name: 'first name' });
    expect(fieldProblems([spaced]).get(spaced.key)?.name).toBe('Use only letters, digits and underscores, starting with a letter.');
  });

  it('asks a choice list for at least one choice', () => {
    const select = field({ type: 'select', options: ' \n ' });
    expect(fieldProblems([select]).get(select.key)).toEqual({ options: 'Add at least one choice, one per line.' });
  });
});

describe('the fields sent', () => {
  it('sends trimmed labels and names, and choices only for choice lists', () => {
    const fields = [
      field({ label: ' Where? ', name: ' location ', type: 'select', options: 'North\n\n South \n', required: true }),
      field({ type: 'text', options: 'left over' }),
    ];
    expect(formFields(fields)).toEqual([
      { name: 'location', label: 'Where?', type: 'select', required: true, options: ['North', 'South'] },
      { name: 'a_question', label: 'A question', type: 'text', required: false },
    ]);
  });

  it('round-trips a template field, keeping its pre-filled value', () => {
    const original = { name: 'site', label: 'Site', type: 'select' as const, required: true, options: ['A', 'B'], value: 'A' };
    expect(formFields([editableField(original)])).toEqual([original]);
    expect(choicesOf('A\nB')).toEqual(['A', 'B']);
  });
});
