import { describe, expect, it } from 'vitest';
import { choicesOf } from './field-choices.ts';
import { blankField, editableField, editableFields, fieldProblems, formFields, nameFromLabel, type EditableField } from './template-fields.ts';

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

describe('a condition and the checks a sender sets', () => {
  it('follow the other field when it is renamed, and send only the checks the type takes', () => {
    const [kind, plate] = editableFields([
      { name: 'kind', label: 'Kind', type: 'radio', required: true, options: ['Car', 'Bike'] },
      {
        name: 'plate',
        label: 'Plate',
        type: 'text',
        required: true,
        condition: { field: 'kind', operator: 'equals', value: 'Car' },
        validation: { max_length: 8, pattern: 'postcode', message: 'Too long' },
      },
    ]);
    if (!kind || !plate) throw new Error('No fields.');
    const renamed = { ...kind, name: 'vehicle' };
    expect(formFields([renamed, plate])[1]).toEqual({
      name: 'plate',
      label: 'Plate',
      type: 'text',
      required: true,
      condition: { field: 'vehicle', operator: 'equals', value: 'Car' },
      validation: { max_length: 8, pattern: 'postcode', message: 'Too long' },
    });
    // A number field keeps its range and drops the text checks left from another type.
    expect(
      formFields([
        { ...plate, type: 'number', condition: { field: '', operator: 'equals', value: '' }, validation: { ...plate.validation, min: '2' } },
      ]),
    ).toEqual([{ name: 'plate', label: 'Plate', type: 'number', required: true, validation: { min: 2, message: 'Too long' } }]);
  });

  it('flag a condition on a removed field, on a later place or in a circle, and checks that are not numbers', () => {
    const a = field({ name: 'a' });
    const b = field({ name: 'b', step: 2 });
    expect(fieldProblems([{ ...a, condition: { field: 'gone', operator: 'filled', value: '' } }]).get(a.key)?.condition).toBe(
      'Choose the field whose answer shows this one.',
    );
    expect(fieldProblems([{ ...a, condition: { field: b.key, operator: 'filled', value: '' } }, b]).get(a.key)?.condition).toMatch(/answered later/);
    const c = field({ name: 'c', condition: { field: a.key, operator: 'filled', value: '' } });
    expect(fieldProblems([{ ...a, condition: { field: c.key, operator: 'filled', value: '' } }, c]).get(a.key)?.condition).toMatch(/in a circle/);
    expect(fieldProblems([{ ...a, validation: { ...a.validation, minLength: 'ten' } }]).get(a.key)?.validation).toBe(
      'Give lengths as whole numbers from 0 to 10000.',
    );
  });
});

describe('a calculated field in the editor', () => {
  it('sends its formula, and flags one that names a field that is not a number', () => {
    const words = field({ name: 'words' });
    const total = field({ name: 'total', type: 'calculated', formula: ' words + 1 ' });
    expect(formFields([total])[0]).toMatchObject({ type: 'calculated', formula: 'words + 1' });
    expect(fieldProblems([words, total]).get(total.key)?.formula).toBe('The formula of "A question": "A question" is not a number field.');
  });
});
