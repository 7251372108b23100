/**
 * The words of the field rules' problems (`field-rules.ts`, `formula.ts`), as data: each
 * problem is a text of `ruleTexts`, by its key, and the values its `{name}` placeholders name.
 * The SDK says them in English (`sayRuleInEnglish`); an app or a server with a catalogue says
 * them in its reader's language by passing its own `say` to the rules, keyed by the same names
 * (the web app's `features/forms/rule-words.ts`, the server's `i18n/rule-words.ts`), each of
 * whose English is this table's. A text is plain English with `{name}` placeholders only: where
 * English needs a singular, it is another text (`maxLengthOne`), and a language with more forms
 * writes its own plural in its catalogue.
 *
 * Exported through `@formsign/sdk/field-rules`.
 */

export const ruleTexts = {
  // An answer that breaks the checks its sender set (validationProblem).
  numberBetween: 'Enter a number from {min} to {max}.',
  numberAtLeast: 'Enter a number of at least {min}.',
  numberAtMost: 'Enter a number of at most {max}.',
  // An answer is never empty when its length is checked, so "at least 1" never fails: it has no singular.
  minLength: 'Use at least {count} characters.',
  maxLengthOne: 'Use at most 1 character.',
  maxLength: 'Use at most {count} characters.',
  emailFormat: 'Enter an email address like name@example.com.',
  phoneFormat: 'Enter a phone number, like +44 20 7946 0958.',
  postcodeFormat: 'Enter a postcode, like SW1A 1AA.',
  digitsFormat: 'Use digits only.',

  // Checks a sender set that do not fit the field (validationRulesProblem).
  lengthCheckNotTaken: 'The field "{label}" has a length check, which only text and email fields take.',
  numberRangeNotTaken: 'The field "{label}" has a number range, which only number fields take.',
  formatCheckNotTaken: 'The field "{label}" has a format check, which only short text fields take.',
  lengthsUpsideDown: 'The field "{label}" asks for at least {min} characters but at most {max}: make the least no more than the most.',
  numberRangeUpsideDown: 'The field "{label}" asks for a number from {min} to {max}: make the lowest no more than the highest.',

  // A template's conditions (conditionsProblem).
  conditionOnItself: 'The field "{label}" cannot be shown depending on itself: choose another field.',
  conditionOnUnknownField: 'The field "{label}" depends on a field called "{name}", which the template does not have.',
  conditionOnLaterField:
    'The field "{label}" depends on "{other}", which is answered later in the order: a field can depend only on one answered at the same place or before.',
  conditionWithoutAnswers: 'The field "{label}" is shown when "{other}" is one of a list of answers: give at least one.',
  conditionsInCircle: 'These fields depend on each other in a circle: {circle}. Remove one of the conditions.',
  /** One field of `{circle}`: the fields' labels, each quoted, joined by arrows. */
  circleField: '"{label}"',

  // A template's formulas (formulasProblem): `{problem}` is one of the texts after it.
  formulaOf: 'The formula of "{label}": {problem}',
  formulaMissing: 'give one, such as price * quantity or sum(first, second).',
  formulaOwnAnswer: 'it cannot use its own answer.',
  formulaUnknownField: 'there is no field called "{name}".',
  formulaNotNumberField: '"{other}" is not a number field.',
  formulaLaterField: '"{other}" is answered later in the order: a formula can use only fields answered at the same place or before.',
  formulasInCircle: 'The formula of "{label}" uses its own result through other calculated fields: remove the circle.',

  // A formula's text that does not read (parseFormula).
  formulaTooLong: 'Keep the formula to {max} characters or fewer.',
  formulaEmpty: 'The formula is empty.',
  formulaNotANumber: '"{text}" is not a number.',
  formulaCharacterNotTaken: '"{character}" cannot be used: only numbers, field names, + - * /, parentheses and sum(...).',
  formulaUnclosedSum: 'A ")" is missing to close sum(.',
  formulaUnclosedParenthesis: 'A ")" is missing to close a parenthesis.',
  formulaLeftOver: 'Something is left over at "{text}".',
  formulaTooDeep: 'The formula nests more than {depth} deep.',
  formulaEndsTooSoon: 'The formula ends too soon.',
  formulaMisplacedSymbol: '"{symbol}" is not where a number or a field can be.',
} as const;

export type RuleText = keyof typeof ruleTexts;

/** A problem of the field rules: the text, by its key in `ruleTexts`, and the values its placeholders name. */
export interface RuleProblem {
  readonly text: RuleText;
  readonly values: Readonly<Record<string, string | number>>;
}

/** Says a problem in a language: English by default (`sayRuleInEnglish`), or a catalogue's. */
export type SayRule = (problem: RuleProblem) => string;

/** The names of the placeholders of a text: `'{min} to {max}'` → `'min' | 'max'`. */
type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A problem whose values are exactly those its text names (checked when compiled). */
export function ruleProblem<Text extends RuleText>(
  text: Text,
  ...values: [Placeholders<(typeof ruleTexts)[Text]>] extends [never]
    ? []
    : [Readonly<Record<Placeholders<(typeof ruleTexts)[Text]>, string | number>>]
): RuleProblem {
  return { text, values: values[0] ?? {} };
}

/** A problem in English: its text with each `{name}` replaced by its value (values are not read again). */
export function sayRuleInEnglish(problem: RuleProblem): string {
  return ruleTexts[problem.text].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(problem.values, name) ? String(problem.values[name]) : placeholder,
  );
}
