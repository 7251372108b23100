import { describe, expect, it } from 'vitest';
import {
  calculatedValues,
  conditionsProblem,
  formulasProblem,
  parseFormula,
  ruleTexts,
  sayRuleInEnglish,
  shownFieldNames,
  validationProblem,
  validationRulesProblem,
  type RuleField,
  type RuleProblem,
  type RuleText,
} from './field-rules.js';

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

describe('a calculated field', () => {
  const fields: RuleField[] = [
    field('price', { type: 'number' }),
    field('quantity', { type: 'number' }),
    field('discount', { type: 'number' }),
    field('total', { type: 'calculated', formula: '(price × quantity − discount) ÷ 2 + sum(price, quantity, 1)' }),
    field('doubled', { type: 'calculated', formula: 'total * 2' }),
  ];

  it('follows precedence, parentheses, sum(...) and other calculated fields, and is unanswered while a field it reads is', () => {
    const values = { price: '2.5', quantity: 4, discount: '1' };
    // (10 - 1) / 2 + (2.5 + 4 + 1) = 4.5 + 7.5
    expect(calculatedValues(fields, values)).toEqual({ total: 12, doubled: 24 });
    expect(calculatedValues(fields, { ...values, discount: '' })).toEqual({ total: null, doubled: null });
    expect(calculatedValues([field('a', { type: 'number' }), field('r', { type: 'calculated', formula: '1 / a' })], { a: 0 })).toEqual({ r: null });
    expect(calculatedValues([field('a', { type: 'number' }), field('r', { type: 'calculated', formula: 'a * 0.1 + 0.2 - -1' })], { a: 1 })).toEqual({
      r: 1.3,
    });
  });

  it('reads its formula without eval, and refuses what is not one', () => {
    expect(parseFormula('2 + 3 * 4')).toEqual({
      formula: {
        kind: 'operation',
        operator: '+',
        left: { kind: 'number', value: 2 },
        right: { kind: 'operation', operator: '*', left: { kind: 'number', value: 3 }, right: { kind: 'number', value: 4 } },
      },
    });
    expect(parseFormula('price + ')).toEqual({ problem: 'The formula ends too soon.' });
    expect(parseFormula('alert(1)')).toEqual({ problem: 'Something is left over at "(".' });
    expect(parseFormula('a; b')).toEqual({ problem: '";" cannot be used: only numbers, field names, + - * /, parentheses and sum(...).' });
    expect(parseFormula('sum(a, b')).toEqual({ problem: 'A ")" is missing to close sum(.' });
    expect(parseFormula(`${'('.repeat(30)}1${')'.repeat(30)}`)).toEqual({ problem: 'The formula nests more than 20 deep.' });
    expect(parseFormula('-'.repeat(400) + '1')).toEqual({ problem: 'The formula nests more than 20 deep.' });
    expect(parseFormula('1'.repeat(501))).toEqual({ problem: 'Keep the formula to 500 characters or fewer.' });
  });

  it('is refused at save on a field that is not a number, itself, a later place, or a circle', () => {
    const message = (list: RuleField[]) => formulasProblem(list)?.message;
    expect(message([field('t'), field('c', { type: 'calculated', formula: 't + 1' })])).toBe('The formula of "C": "T" is not a number field.');
    expect(message([field('c', { type: 'calculated', formula: 'c + 1' })])).toBe('The formula of "C": it cannot use its own answer.');
    expect(message([field('n', { type: 'number', step: 2 }), field('c', { type: 'calculated', formula: 'n' })])).toMatch(/answered later/);
    expect(message([field('a', { type: 'calculated', formula: 'b' }), field('b', { type: 'calculated', formula: 'a * 2' })])).toBe(
      'The formula of "A" uses its own result through other calculated fields: remove the circle.',
    );
    expect(message([field('c', { type: 'calculated' })])).toBe('The formula of "C": give one, such as price * quantity or sum(first, second).');
    expect(message(fields)).toBeUndefined();
  });
});

describe('the words of the problems', () => {
  /** A `say` that notes each problem it is asked to say, and says its key. */
  const recording = () => {
    const said: RuleProblem[] = [];
    const say = (problem: RuleProblem): string => {
      said.push(problem);
      return `<${problem.text}>`;
    };
    return { said, say };
  };
  const problemOf = (read: ReturnType<typeof parseFormula>): string | null => ('problem' in read ? read.problem : null);
  const placeholdersOf = (text: RuleText): string[] => [...ruleTexts[text].matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

  /** Each rule's function, met with what breaks it, saying what is wrong with `say`. */
  const breaking: Array<(say: (problem: RuleProblem) => string) => string | null | undefined> = [
    (say) => validationProblem({ type: 'number', validation: { min: 1, max: 5 } }, 7, say),
    (say) => validationProblem({ type: 'number', validation: { min: 1.5 } }, '0', say),
    (say) => validationProblem({ type: 'number', validation: { max: 5 } }, 7, say),
    (say) => validationProblem({ type: 'text', validation: { min_length: 3 } }, 'ab', say),
    (say) => validationProblem({ type: 'textarea', validation: { max_length: 1 } }, 'ab', say),
    (say) => validationProblem({ type: 'email', validation: { max_length: 2 } }, 'abc', say),
    (say) => validationProblem({ type: 'text', validation: { pattern: 'email' } }, 'nope', say),
    (say) => validationProblem({ type: 'text', validation: { pattern: 'phone' } }, '12', say),
    (say) => validationProblem({ type: 'text', validation: { pattern: 'postcode' } }, '!', say),
    (say) => validationProblem({ type: 'text', validation: { pattern: 'digits' } }, 'x', say),
    (say) => validationRulesProblem({ label: 'N', type: 'number', validation: { min_length: 1 } }, say),
    (say) => validationRulesProblem({ label: 'T', type: 'text', validation: { min: 1 } }, say),
    (say) => validationRulesProblem({ label: 'N', type: 'number', validation: { pattern: 'digits' } }, say),
    (say) => validationRulesProblem({ label: 'T', type: 'text', validation: { min_length: 5, max_length: 2 } }, say),
    (say) => validationRulesProblem({ label: 'N', type: 'number', validation: { min: 9, max: 1 } }, say),
    (say) => conditionsProblem([field('a', { condition: { field: 'a', operator: 'filled' } })], say)?.message,
    (say) => conditionsProblem([field('a', { condition: { field: 'zz', operator: 'filled' } })], say)?.message,
    (say) => conditionsProblem([field('a', { step: 1, condition: { field: 'b', operator: 'filled' } }), field('b', { step: 2 })], say)?.message,
    (say) => conditionsProblem([field('k'), field('a', { condition: { field: 'k', operator: 'one_of', values: [' '] } })], say)?.message,
    (say) =>
      conditionsProblem(
        [field('a', { condition: { field: 'b', operator: 'filled' } }), field('b', { condition: { field: 'a', operator: 'filled' } })],
        say,
      )?.message,
    (say) => formulasProblem([field('c', { type: 'calculated', formula: ' ' })], say)?.message,
    (say) => formulasProblem([field('c', { type: 'calculated', formula: 'c + 1' })], say)?.message,
    (say) => formulasProblem([field('c', { type: 'calculated', formula: 'nope' })], say)?.message,
    (say) => formulasProblem([field('t'), field('c', { type: 'calculated', formula: 't' })], say)?.message,
    (say) => formulasProblem([field('n', { type: 'number', step: 2 }), field('c', { type: 'calculated', formula: 'n' })], say)?.message,
    (say) => formulasProblem([field('a', { type: 'calculated', formula: 'b' }), field('b', { type: 'calculated', formula: 'a' })], say)?.message,
    (say) => formulasProblem([field('c', { type: 'calculated', formula: '1'.repeat(501) })], say)?.message,
    (say) => problemOf(parseFormula('', say)),
    (say) => problemOf(parseFormula('1.2.3', say)),
    (say) => problemOf(parseFormula('a; b', say)),
    (say) => problemOf(parseFormula('sum(a, b', say)),
    (say) => problemOf(parseFormula('(a + b', say)),
    (say) => problemOf(parseFormula('alert(1)', say)),
    (say) => problemOf(parseFormula(`${'('.repeat(30)}1${')'.repeat(30)}`, say)),
    (say) => problemOf(parseFormula('price +', say)),
    (say) => problemOf(parseFormula(')', say)),
  ];

  it('reaches every text, each with the values its placeholders name', () => {
    const { said, say } = recording();
    for (const check of breaking) check(say);
    expect([...new Set(said.map((problem) => problem.text))].sort()).toEqual(Object.keys(ruleTexts).sort());
    for (const problem of said) expect(Object.keys(problem.values).sort(), problem.text).toEqual(placeholdersOf(problem.text));
  });

  it('says each problem with the say it is given, a problem within another first', () => {
    for (const check of breaking) {
      const { said, say } = recording();
      expect(check(say)).toBe(`<${said.at(-1)?.text}>`);
    }
    const formula = recording();
    expect(formulasProblem([field('c', { type: 'calculated', formula: 'sum(' })], formula.say)).toEqual({ field: 'c', message: '<formulaOf>' });
    expect(formula.said).toEqual([
      { text: 'formulaEndsTooSoon', values: {} },
      { text: 'formulaOf', values: { label: 'C', problem: '<formulaEndsTooSoon>' } },
    ]);
    const circle = recording();
    conditionsProblem(
      [field('a', { condition: { field: 'b', operator: 'filled' } }), field('b', { condition: { field: 'a', operator: 'filled' } })],
      circle.say,
    );
    expect(circle.said.at(-1)).toEqual({ text: 'conditionsInCircle', values: { circle: '<circleField> → <circleField> → <circleField>' } });
  });

  it('says the sender’s own message as they wrote it', () => {
    const { said, say } = recording();
    expect(validationProblem({ type: 'text', validation: { min_length: 3, message: 'Three at least' } }, 'ab', say)).toBe('Three at least');
    expect(said).toEqual([]);
  });

  it('says one character in the singular, and puts values in as they are', () => {
    expect(validationProblem({ type: 'text', validation: { max_length: 1 } }, 'ab')).toBe('Use at most 1 character.');
    expect(validationProblem({ type: 'text', validation: { max_length: 2 } }, 'abc')).toBe('Use at most 2 characters.');
    expect(validationProblem({ type: 'number', validation: { max: 2.5 } }, 3)).toBe('Enter a number of at most 2.5.');
    expect(sayRuleInEnglish({ text: 'conditionOnItself', values: { label: '{label} {other}' } })).toBe(
      'The field "{label} {other}" cannot be shown depending on itself: choose another field.',
    );
  });
});
