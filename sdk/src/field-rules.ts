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
 *
 * A problem is said by the `say` its function is given, English by default: each is a text of
 * `ruleTexts` (`rule-texts.ts`) with its values, so an app or a server says it in its reader's
 * language from its own catalogue. The sender's own message is theirs, said as they wrote it.
 */
import { evaluateFormula, formulaNames, readFormula, type Formula } from './formula.js';
import { emailPattern } from './generated/limits.js';
import { ruleProblem, sayRuleInEnglish, type RuleProblem, type SayRule } from './rule-texts.js';
import type { FieldCondition, FieldValidation, FormField } from './types.js';

export { evaluateFormula, formulaMaxLength, formulaNames, parseFormula, readFormula, type Formula } from './formula.js';
export { ruleTexts, sayRuleInEnglish, type RuleProblem, type RuleText, type SayRule } from './rule-texts.js';

/** An answer as a form holds it (a signature by its text). */
export type RuleValue = string | number | boolean | null | undefined;

/** What the rules read of a field. */
export type RuleField = Pick<FormField, 'name' | 'label' | 'type' | 'condition' | 'validation' | 'step' | 'formula'>;

export type FieldPattern = NonNullable<FieldValidation['pattern']>;

/** The formats a sender may ask for, in the order the editor offers them. */
export const fieldPatterns: ReadonlyArray<{ value: FieldPattern }> = [
  { value: 'email' },
  { value: 'phone' },
  { value: 'postcode' },
  { value: 'digits' },
];

export type ConditionOperator = FieldCondition['operator'];

/** The conditions a sender may set, in the order the editor offers them. */
export const conditionOperators: ReadonlyArray<{ value: ConditionOperator }> = [
  { value: 'equals' },
  { value: 'not_equals' },
  { value: 'filled' },
  { value: 'one_of' },
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

const patternProblems: Readonly<Record<FieldPattern, RuleProblem>> = {
  email: ruleProblem('emailFormat'),
  phone: ruleProblem('phoneFormat'),
  postcode: ruleProblem('postcodeFormat'),
  digits: ruleProblem('digitsFormat'),
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
      const read = readFormula(field.formula ?? '');
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

/**
 * What is wrong with an answer by the checks the sender set, or null when it meets them (or is
 * empty: whether an answer is needed is the field's `required`). The sender's message, when
 * they wrote one, replaces the product's words (and is not said by `say`: it is theirs).
 */
export function validationProblem(field: Pick<RuleField, 'type' | 'validation'>, value: RuleValue, say: SayRule = sayRuleInEnglish): string | null {
  const rules = field.validation;
  if (!rules || !isAnswered(value) || typeof value === 'boolean') return null;
  const text = answerText(value);
  const problem = (words: RuleProblem): string => rules.message?.trim() || say(words);
  if (rangeTypes.has(field.type)) {
    const number = typeof value === 'number' ? value : Number(text);
    if (!Number.isFinite(number)) return null;
    const { min, max } = rules;
    const below = typeof min === 'number' && number < min;
    const above = typeof max === 'number' && number > max;
    if (!below && !above) return null;
    if (typeof min === 'number' && typeof max === 'number') return problem(ruleProblem('numberBetween', { min, max }));
    if (below) return problem(ruleProblem('numberAtLeast', { min }));
    if (above) return problem(ruleProblem('numberAtMost', { max }));
  }
  if (lengthTypes.has(field.type)) {
    const length = [...text].length;
    const least = rules.min_length;
    const most = rules.max_length;
    if (typeof least === 'number' && length < least) return problem(ruleProblem('minLength', { count: least }));
    if (typeof most === 'number' && length > most)
      return problem(most === 1 ? ruleProblem('maxLengthOne') : ruleProblem('maxLength', { count: most }));
  }
  if (rules.pattern && patternTypes.has(field.type) && !matchesPattern(rules.pattern, text)) return problem(patternProblems[rules.pattern]);
  return null;
}

/** Who answers a field, in the order: 0 the sender, n the recipient at place n (the first when absent). */
const stepOf = (field: Pick<RuleField, 'step'>): number => field.step ?? 1;

/**
 * What is wrong with a template's conditions, as `{ field, message }` (the field's name and the
 * reason, said by `say`), or null when each refers to another field answered at the same place
 * or earlier, and none goes round in a circle.
 */
export function conditionsProblem(fields: readonly RuleField[], say: SayRule = sayRuleInEnglish): { field: string; message: string } | null {
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const field of fields) {
    const condition = field.condition;
    if (!condition) continue;
    const other = byName.get(condition.field);
    const problem = (words: RuleProblem) => ({ field: field.name, message: say(words) });
    if (condition.field === field.name) return problem(ruleProblem('conditionOnItself', { label: field.label }));
    if (!other) return problem(ruleProblem('conditionOnUnknownField', { label: field.label, name: condition.field }));
    if (stepOf(other) > stepOf(field)) return problem(ruleProblem('conditionOnLaterField', { label: field.label, other: other.label }));
    if (condition.operator === 'one_of' && !(condition.values ?? []).some((value) => value.trim()))
      return problem(ruleProblem('conditionWithoutAnswers', { label: field.label, other: other.label }));
  }
  for (const start of fields) {
    const path: string[] = [];
    let current: RuleField | undefined = start;
    while (current?.condition) {
      if (path.includes(current.name)) {
        const labels = [...path.slice(path.indexOf(current.name)).map((name) => byName.get(name)?.label ?? name), current.label];
        const circle = labels.map((label) => say(ruleProblem('circleField', { label }))).join(' → ');
        return { field: start.name, message: say(ruleProblem('conditionsInCircle', { circle })) };
      }
      path.push(current.name);
      current = byName.get(current.condition.field);
    }
  }
  return null;
}

/**
 * What is wrong with a template's formulas, as `{ field, message }` (said by `say`), or null
 * when each calculated field has one that reads, naming only number or calculated fields other
 * than itself, answered at the same place or earlier, and no formulas go round in a circle.
 */
export function formulasProblem(fields: readonly RuleField[], say: SayRule = sayRuleInEnglish): { field: string; message: string } | null {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const reads = new Map<string, Set<string>>();
  for (const field of fields) {
    if (field.type !== 'calculated') continue;
    // What is wrong, said first, then said within the sentence that names the field.
    const problem = (words: RuleProblem) => ({
      field: field.name,
      message: say(ruleProblem('formulaOf', { label: field.label, problem: say(words) })),
    });
    if (!field.formula?.trim()) return problem(ruleProblem('formulaMissing'));
    const read = readFormula(field.formula);
    if ('problem' in read) return problem(read.problem);
    const names = formulaNames(read.formula);
    for (const name of names) {
      const other = byName.get(name);
      if (name === field.name) return problem(ruleProblem('formulaOwnAnswer'));
      if (!other) return problem(ruleProblem('formulaUnknownField', { name }));
      if (other.type !== 'number' && other.type !== 'calculated') return problem(ruleProblem('formulaNotNumberField', { other: other.label }));
      if (stepOf(other) > stepOf(field)) return problem(ruleProblem('formulaLaterField', { other: other.label }));
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
    if (circle(name)) return { field: name, message: say(ruleProblem('formulasInCircle', { label: byName.get(name)?.label ?? name })) };
  return null;
}

/** What is wrong with the checks a sender set on a field (said by `say`), or null when they fit its type. */
export function validationRulesProblem(field: Pick<RuleField, 'label' | 'type' | 'validation'>, say: SayRule = sayRuleInEnglish): string | null {
  const rules = field.validation;
  if (!rules) return null;
  const { label } = field;
  const hasLength = rules.min_length !== undefined || rules.max_length !== undefined;
  const hasRange = rules.min !== undefined || rules.max !== undefined;
  if (hasLength && !lengthTypes.has(field.type)) return say(ruleProblem('lengthCheckNotTaken', { label }));
  if (hasRange && !rangeTypes.has(field.type)) return say(ruleProblem('numberRangeNotTaken', { label }));
  if (rules.pattern && !patternTypes.has(field.type)) return say(ruleProblem('formatCheckNotTaken', { label }));
  if (rules.min_length !== undefined && rules.max_length !== undefined && rules.min_length > rules.max_length)
    return say(ruleProblem('lengthsUpsideDown', { label, min: rules.min_length, max: rules.max_length }));
  if (rules.min !== undefined && rules.max !== undefined && rules.min > rules.max)
    return say(ruleProblem('numberRangeUpsideDown', { label, min: rules.min, max: rules.max }));
  return null;
}
