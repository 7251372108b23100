import { describe, expect, it } from 'vitest';
import { conditionsProblem, shownFieldNames, validationProblem, validationRulesProblem, type RuleField } from './field-rules.js';

const field = (name: string, rest: Partial<RuleField> = {}): RuleField => ({ name, label: name.toUpperCase(), type: 'text', ...rest });

describe('shownFieldNames', () => {
  const fields: RuleField[] = [
    field('has_car', { type: 'checkbox' }),
    field('plate', { condition: { field: 'has_car', operator: 'equals', value: 'true' } }),
    field('colour', { condition: { field: 'plate', operator: 'filled' } }),
    field('kind', { type: 'radio' }),
    field('other', { condition: { field: 'kind', operator: 'one_of', values: ['Other', 'Unknown'] } }),
    field('not_a', { condition: { field: 'kind', operator: 'not_equals', value: 'A' } }),
    field('age', { type: 'number' }),
    field('guardian', { condition: { field: 'age', operator: 'equals', value: '17' } }),
  ];

  it('shows a field only while its condition holds, and hides the fields that depend on a hidden one', () => {
    expect([...shownFieldNames(fields, { has_car: false, plate: 'AB12', kind: 'A' })]).toEqual(['has_car', 'kind', 'age']);
    expect(shownFieldNames(fields, { has_car: true, plate: 'AB12', kind: 'Unknown' })).toEqual(
      new Set(['has_car', 'plate', 'colour', 'kind', 'other', 'not_a', 'age']),
    );
  });

  it('compares numbers as numbers', () => {
    expect(shownFieldNames(fields, { age: '17.0' }).has('guardian')).toBe(true);
    expect(shownFieldNames(fields, { age: 18 }).has('guardian')).toBe(false);
  });

  it('hides a field whose condition names no field, or goes round in a circle', () => {
    const broken = [field('a', { condition: { field: 'b', operator: 'filled' } }), field('b', { condition: { field: 'a', operator: 'filled' } })];
    expect(shownFieldNames(broken, { a: 'x', b: 'y' }).size).toBe(0);
    expect(shownFieldNames([field('c', { condition: { field: 'nope', operator: 'filled' } })], {}).size).toBe(0);
  });
});

describe('validationProblem', () => {
  it('checks lengths, ranges and the formats of the fixed list, with the sender’s message', () => {
    expect(validationProblem({ type: 'text', validation: { min_length: 3 } }, 'ab')).toBe('Use at least 3 characters.');
    expect(validationProblem({ type: 'textarea', validation: { max_length: 2, message: 'Two at most' } }, 'abc')).toBe('Two at most');
    expect(validationProblem({ type: 'number', validation: { min: 1, max: 5 } }, '7')).toBe('Enter a number from 1 to 5.');
    expect(validationProblem({ type: 'number', validation: { min: 1 } }, 0)).toBe('Enter a number of at least 1.');
    expect(validationProblem({ type: 'number', validation: { min: 1, max: 5 } }, 5)).toBeNull();
    expect(validationProblem({ type: 'text', validation: { pattern: 'digits' } }, '12a')).toBe('Use digits only.');
    expect(validationProblem({ type: 'text', validation: { pattern: 'phone' } }, '+44 (20) 7946-0958')).toBeNull();
    expect(validationProblem({ type: 'text', validation: { pattern: 'phone' } }, '12345')).toBe('Enter a phone number, like +44 20 7946 0958.');
    expect(validationProblem({ type: 'text', validation: { pattern: 'postcode' } }, 'SW1A 1AA')).toBeNull();
    expect(validationProblem({ type: 'text', validation: { pattern: 'postcode' } }, 'SW1A_1AA')).not.toBeNull();
    expect(validationProblem({ type: 'text', validation: { pattern: 'email', message: 'Your work email' } }, 'nope')).toBe('Your work email');
    // An empty answer is the field's `required` to judge.
    expect(validationProblem({ type: 'text', validation: { min_length: 3 } }, '')).toBeNull();
  });

  it('answers at once for long text that a format could backtrack on', () => {
    const started = performance.now();
    expect(validationProblem({ type: 'text', validation: { pattern: 'email' } }, `a@${'.'.repeat(200_000)}@`)).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('conditionsProblem', () => {
  it('refuses a condition on itself, on an unknown field, on a later place, or a circle', () => {
    expect(conditionsProblem([field('a', { condition: { field: 'a', operator: 'filled' } })])?.message).toContain('itself');
    expect(conditionsProblem([field('a', { condition: { field: 'zz', operator: 'filled' } })])?.message).toContain('"zz"');
    expect(conditionsProblem([field('a', { step: 1, condition: { field: 'b', operator: 'filled' } }), field('b', { step: 2 })])?.message).toContain(
      'answered later',
    );
    expect(
      conditionsProblem([
        field('a', { condition: { field: 'c', operator: 'filled' } }),
        field('b', { condition: { field: 'a', operator: 'filled' } }),
        field('c', { condition: { field: 'b', operator: 'filled' } }),
      ])?.message,
    ).toBe('These fields depend on each other in a circle: "A" → "C" → "B" → "A". Remove one of the conditions.');
  });

  it('takes a condition on the same place or an earlier one (the sender is place 0)', () => {
    expect(
      conditionsProblem([
        field('s', { step: 0 }),
        field('a', { step: 2, condition: { field: 's', operator: 'filled' } }),
        field('b', { step: 2, condition: { field: 'a', operator: 'filled' } }),
      ]),
    ).toBeNull();
  });
});

describe('validationRulesProblem', () => {
  it('refuses checks that do not fit the field’s type, and ranges upside down', () => {
    expect(validationRulesProblem({ label: 'N', type: 'number', validation: { pattern: 'digits' } })).toContain('format check');
    expect(validationRulesProblem({ label: 'T', type: 'text', validation: { min: 1 } })).toContain('number range');
    expect(validationRulesProblem({ label: 'T', type: 'text', validation: { min_length: 5, max_length: 2 } })).toContain('at least 5');
    expect(validationRulesProblem({ label: 'N', type: 'number', validation: { min: 1, max: 9 } })).toBeNull();
  });
});
