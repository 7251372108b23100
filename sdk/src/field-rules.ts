/**
 * `@formsign/sdk/field-rules`: the rules a form's fields carry beyond their type, evaluated the
 * same way by the app (live, as a person fills in) and the server (at submit, when sealing):
 *
 * - a field's `condition` shows it only while another field's answer meets it; a hidden field
 *   is not asked, not required, not kept and not drawn. A field whose deciding field is itself
 *   hidden counts that answer as unanswered, so hiding flows down a chain of conditions.
 * - a field's `validation`: lengths, a number range, a format from a fixed list (no pattern of
 *   the sender's own: a regular expression from outside is a way to stall the server), with the
 *   sender's message when one breaks.
 * - what a template's conditions may refer to: another field of the same form, answered at the
 *   same place in the order or an earlier one (never a later one: its answer is not known yet
 *   when the field is asked), with no circle.
 *
 * - a calculated field's formula (`formula.ts`): its result from the answers of the number
 *   fields it names, answered at the same place or earlier, with no circle.
 *
 * Nothing here evaluates text as code; every pattern is anchored, linear, and meets text whose
 * length was checked first.
 */
import { evaluateFormula, formulaNames, parseFormula, type Formula } from './formula.js';
import { emailPattern } from './generated/limits.js';
import type { FieldCondition, FieldValidation, FormField } from './types.js';

export { evaluateFormula, formulaMaxLength, formulaNames, parseFormula, type Formula } from './formula.js';

/** An answer as a form holds it (a signature by its text). */
export type RuleValue = string | number | boolean | null | undefined;

/** What the rules read of a field. */
export type RuleField = Pick<FormField, 'name' | 'label' | 'type' | 'condition' | 'validation' | 'step' | 'formula'>;

export type FieldPattern = NonNullable<FieldValidation['pattern']>;

/** The formats a sender may ask for, with the words the editor shows. */
export const fieldPatterns: ReadonlyArray<{ value: FieldPattern; label: string }> = [
  { value: 'email', label: 'Email address' },
  { value: 'phone', label: 'Phone number' },
  { value: 'postcode', label: 'Postcode' },
  { value: 'digits', label: 'Digits only' },
];

export type ConditionOperator = FieldCondition['operator'];

/** The conditions a sender may set, with the words the editor shows. */
export const conditionOperators: ReadonlyArray<{ value: ConditionOperator; label: string }> = [
  { value: 'equals', label: 'is' },
  { value: 'not_equals', label: 'is not' },
  { value: 'filled', label: 'is answered' },
  { value: 'one_of', label: 'is one of' },
];

/** The field types a length, a range or a format applies to. */
export const lengthTypes: ReadonlySet<FormField['type']> = new Set(['text', 'textarea', 'email']);
export const rangeTypes: ReadonlySet<FormField['type']> = new Set(['number']);
export const patternTypes: ReadonlySet<FormField['type']> = new Set(['text']);

const phonePattern = /^\+?[0-9 ().-]+$/;
const postcodePattern = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/;
const digitsPattern = /^[0-9]+$/;
/** Longer than any answer a format accepts: such text is refused before a pattern reads it. */
const longestFormatted = 254;

function matchesPattern(pattern: FieldPattern, text: string): boolean {
  if (text.length > longestFormatted) return false;
  switch (pattern) {
    case 'email':
      return emailPattern.test(text);
    case 'phone': {
      if (!phonePattern.test(text)) return false;
      const digits = text.replace(/[^0-9]/g, '').length;
      return digits >= 6 && digits <= 20;
    }
    case 'postcode':
      return postcodePattern.test(text);
    case 'digits':
      return digitsPattern.test(text);
  }
}

const patternWords: Readonly<Record<FieldPattern, string>> = {
  email: 'Enter an email address like name@example.com.',
  phone: 'Enter a phone number, like +44 20 7946 0958.',
  postcode: 'Enter a postcode, like SW1A 1AA.',
  digits: 'Use digits only.',
};

/** An answer as text: a tick box is "true" or "false", a number its digits, nothing is "". */
export function answerText(value: RuleValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value).trim();
}

/** Whether a field is answered at all (a tick box: ticked). */
export function isAnswered(value: RuleValue): boolean {
  return value !== false && answerText(value) !== '';
}

function sameAnswer(type: FormField['type'] | undefined, value: RuleValue, expected: string): boolean {
  const text = answerText(value);
  if (type === 'number') {
    const wanted = expected.trim();
    if (text === '' || wanted === '') return text === wanted;
    const [a, b] = [Number(text), Number(wanted)];
    return Number.isFinite(a) && Number.isFinite(b) ? a === b : text === wanted;
  }
  return text === expected.trim();
}

/** Whether an answer (to a field of `type`) meets a condition. */
export function conditionMet(condition: FieldCondition, type: FormField['type'] | undefined, value: RuleValue): boolean {
  switch (condition.operator) {
    case 'filled':
      return isAnswered(value);
    case 'equals':
      return sameAnswer(type, value, condition.value ?? '');
    case 'not_equals':
      return !sameAnswer(type, value, condition.value ?? '');
    case 'one_of':
      return (condition.values ?? []).some((expected) => sameAnswer(type, value, expected));
  }
}

/**
 * The names of the fields shown for these answers: a field without a condition always; one with
 * a condition while its deciding field is shown and its answer meets it. A condition on a field
 * the form does not have (or a circle, which a save refuses) hides the field.
 */
export function shownFieldNames(fields: readonly RuleField[], values: Readonly<Record<string, RuleValue>>): Set<string> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const decided = new Map<string, boolean>();
  const deciding = new Set<string>();
  const shown = (field: RuleField): boolean => {
    const known = decided.get(field.name);
    if (known !== undefined) return known;
    const condition = field.condition;
    let result = true;
    if (condition) {
      const other = byName.get(condition.field);
      if (!other || deciding.has(field.name) || other.name === field.name) result = false;
      else {
        deciding.add(field.name);
        result = shown(other) && conditionMet(condition, other.type, values[other.name]);
        deciding.delete(field.name);
      }
    }
    decided.set(field.name, result);
    return result;
  };
  return new Set(fields.filter(shown).map((field) => field.name));
}

/** A number as an answer holds it, or null when it has none. */
function numberOf(value: RuleValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = answerText(value);
  if (text === '' || typeof value === 'boolean') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Rounded to ten decimal places, so 0.1 + 0.2 reads 0.3. */
const tidy = (value: number): number => Math.round(value * 1e10) / 1e10;

/**
 * The result of each calculated field for these answers (null where a field it reads has no
 * number, on a division by zero, or for a formula that cannot be read); a formula reading
 * another calculated field reads its result.
 */
export function calculatedValues(fields: readonly RuleField[], values: Readonly<Record<string, RuleValue>>): Record<string, number | null> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const results: Record<string, number | null> = {};
  const working = new Set<string>();
  const parsed = new Map<string, Formula | null>();
  const resultOf = (field: RuleField): number | null => {
    if (field.name in results) return results[field.name] ?? null;
    if (working.has(field.name)) return null;
    working.add(field.name);
    let formula = parsed.get(field.name);
    if (formula === undefined) {
      const read = parseFormula(field.formula ?? '');
      formula = 'formula' in read ? read.formula : null;
      parsed.set(field.name, formula);
    }
    const result = formula
      ? evaluateFormula(formula, (name) => {
          const other = byName.get(name);
          if (!other) return null;
          return other.type === 'calculated' ? resultOf(other) : numberOf(values[name]);
        })
      : null;
    working.delete(field.name);
    results[field.name] = result === null ? null : tidy(result);
    return results[field.name] ?? null;
  };
  for (const field of fields) if (field.type === 'calculated') resultOf(field);
  return results;
}

/**
 * Which fields the answers show and what each calculated field comes to, together: conditions
 * read the calculated results too, and a calculated field reads only shown fields (a hidden
 * one counts as unanswered); a hidden calculated field comes to nothing.
 */
export function shownAndCalculated(
  fields: readonly RuleField[],
  values: Readonly<Record<string, RuleValue>>,
): { shown: Set<string>; calculated: Record<string, number | null> } {
  const shown = shownFieldNames(fields, { ...values, ...calculatedValues(fields, values) });
  const kept: Record<string, RuleValue> = {};
  for (const field of fields) kept[field.name] = shown.has(field.name) ? values[field.name] : null;
  const calculated = calculatedValues(fields, kept);
  for (const name of Object.keys(calculated)) if (!shown.has(name)) calculated[name] = null;
  return { shown, calculated };
}

/** The fields shown for these answers, in their order. */
export function shownFields<F extends RuleField>(fields: readonly F[], values: Readonly<Record<string, RuleValue>>): F[] {
  const names = shownFieldNames(fields, values);
  return fields.filter((field) => names.has(field.name));
}

const count = (value: number, word: string): string => `${value} ${word}${value === 1 ? '' : 's'}`;

/**
 * What is wrong with an answer by the checks the sender set, or null when it meets them (or is
 * empty: whether an answer is needed is the field's `required`). The sender's message, when
 * they wrote one, replaces the product's words.
 */
export function validationProblem(field: Pick<RuleField, 'type' | 'validation'>, value: RuleValue): string | null {
  const rules = field.validation;
  if (!rules || !isAnswered(value) || typeof value === 'boolean') return null;
  const text = answerText(value);
  const problem = (words: string): string => rules.message?.trim() || words;
  if (rangeTypes.has(field.type)) {
    const number = typeof value === 'number' ? value : Number(text);
    if (!Number.isFinite(number)) return null;
    const { min, max } = rules;
    const below = typeof min === 'number' && number < min;
    const above = typeof max === 'number' && number > max;
    if (!below && !above) return null;
    if (typeof min === 'number' && typeof max === 'number') return problem(`Enter a number from ${min} to ${max}.`);
    return problem(below ? `Enter a number of at least ${min}.` : `Enter a number of at most ${max}.`);
  }
  if (lengthTypes.has(field.type)) {
    const length = [...text].length;
    if (typeof rules.min_length === 'number' && length < rules.min_length) return problem(`Use at least ${count(rules.min_length, 'character')}.`);
    if (typeof rules.max_length === 'number' && length > rules.max_length) return problem(`Use at most ${count(rules.max_length, 'character')}.`);
  }
  if (rules.pattern && patternTypes.has(field.type) && !matchesPattern(rules.pattern, text)) return problem(patternWords[rules.pattern]);
  return null;
}

/** Who answers a field, in the order: 0 the sender, n the recipient at place n (the first when absent). */
const stepOf = (field: Pick<RuleField, 'step'>): number => field.step ?? 1;

/**
 * What is wrong with a template's conditions, as `{ field, message }` (the field's name and the
 * reason in the product's words), or null when each refers to another field answered at the
 * same place or earlier, and none goes round in a circle.
 */
export function conditionsProblem(fields: readonly RuleField[]): { field: string; message: string } | null {
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const field of fields) {
    const condition = field.condition;
    if (!condition) continue;
    const other = byName.get(condition.field);
    if (condition.field === field.name)
      return { field: field.name, message: `The field "${field.label}" cannot be shown depending on itself: choose another field.` };
    if (!other)
      return {
        field: field.name,
        message: `The field "${field.label}" depends on a field called "${condition.field}", which the template does not have.`,
      };
    if (stepOf(other) > stepOf(field))
      return {
        field: field.name,
        message: `The field "${field.label}" depends on "${other.label}", which is answered later in the order: a field can depend only on one answered at the same place or before.`,
      };
    if (condition.operator === 'one_of' && !(condition.values ?? []).some((value) => value.trim()))
      return {
        field: field.name,
        message: `The field "${field.label}" is shown when "${other.label}" is one of a list of answers: give at least one.`,
      };
  }
  for (const start of fields) {
    const path: string[] = [];
    let current: RuleField | undefined = start;
    while (current?.condition) {
      if (path.includes(current.name)) {
        const names = path.slice(path.indexOf(current.name)).map((name) => `"${byName.get(name)?.label ?? name}"`);
        return {
          field: start.name,
          message: `These fields depend on each other in a circle: ${names.join(' → ')} → "${current.label}". Remove one of the conditions.`,
        };
      }
      path.push(current.name);
      current = byName.get(current.condition.field);
    }
  }
  return null;
}

/**
 * What is wrong with a template's formulas, as `{ field, message }`, or null when each calculated
 * field has one that reads, naming only number or calculated fields other than itself,
 * answered at the same place or earlier, and no formulas go round in a circle.
 */
export function formulasProblem(fields: readonly RuleField[]): { field: string; message: string } | null {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const reads = new Map<string, Set<string>>();
  for (const field of fields) {
    if (field.type !== 'calculated') continue;
    const problem = (message: string) => ({ field: field.name, message: `The formula of "${field.label}": ${message}` });
    if (!field.formula?.trim()) return problem('give one, such as price * quantity or sum(first, second).');
    const read = parseFormula(field.formula);
    if ('problem' in read) return problem(read.problem);
    const names = formulaNames(read.formula);
    for (const name of names) {
      const other = byName.get(name);
      if (name === field.name) return problem('it cannot use its own answer.');
      if (!other) return problem(`there is no field called "${name}".`);
      if (other.type !== 'number' && other.type !== 'calculated') return problem(`"${other.label}" is not a number field.`);
      if (stepOf(other) > stepOf(field))
        return problem(`"${other.label}" is answered later in the order: a formula can use only fields answered at the same place or before.`);
    }
    reads.set(field.name, names);
  }
  const done = new Set<string>();
  const visiting = new Set<string>();
  const circle = (name: string): boolean => {
    if (visiting.has(name)) return true;
    if (done.has(name)) return false;
    visiting.add(name);
    const found = [...(reads.get(name) ?? [])].some(circle);
    visiting.delete(name);
    done.add(name);
    return found;
  };
  for (const name of reads.keys())
    if (circle(name))
      return {
        field: name,
        message: `The formula of "${byName.get(name)?.label ?? name}" uses its own result through other calculated fields: remove the circle.`,
      };
  return null;
}

/** What is wrong with the checks a sender set on a field, or null when they fit its type. */
export function validationRulesProblem(field: Pick<RuleField, 'label' | 'type' | 'validation'>): string | null {
  const rules = field.validation;
  if (!rules) return null;
  const hasLength = rules.min_length !== undefined || rules.max_length !== undefined;
  const hasRange = rules.min !== undefined || rules.max !== undefined;
  if (hasLength && !lengthTypes.has(field.type)) return `The field "${field.label}" has a length check, which only text and email fields take.`;
  if (hasRange && !rangeTypes.has(field.type)) return `The field "${field.label}" has a number range, which only number fields take.`;
  if (rules.pattern && !patternTypes.has(field.type)) return `The field "${field.label}" has a format check, which only short text fields take.`;
  if (rules.min_length !== undefined && rules.max_length !== undefined && rules.min_length > rules.max_length)
    return `The field "${field.label}" asks for at least ${rules.min_length} characters but at most ${rules.max_length}: make the least no more than the most.`;
  if (rules.min !== undefined && rules.max !== undefined && rules.min > rules.max)
    return `The field "${field.label}" asks for a number from ${rules.min} to ${rules.max}: make the lowest no more than the highest.`;
  return null;
}
