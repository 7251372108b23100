/**
 * The words of the field rules' problems (`@formsign/sdk/field-rules`: an answer that breaks
 * the checks its sender set, a template's conditions, formulas and checks that do not hold),
 * in the language shown. The SDK names each problem by its key in `ruleTexts`, with its values;
 * this table gives each key its message, whose English is the SDK's text (rule-words.test.ts
 * keeps them equal), and `sayRule(i18n)` is the `say` the rules' functions take.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RuleProblem, RuleText, SayRule } from '@formsign/sdk/field-rules';

export const ruleWords: Readonly<Record<RuleText, MessageDescriptor>> = {
  numberBetween: msg`Enter a number from {min} to {max}.`,
  numberAtLeast: msg`Enter a number of at least {min}.`,
  numberAtMost: msg`Enter a number of at most {max}.`,
  minLength: msg`Use at least {count} characters.`,
  maxLengthOne: msg`Use at most 1 character.`,
  maxLength: msg`Use at most {count} characters.`,
  emailFormat: msg`Enter an email address like name@example.com.`,
  phoneFormat: msg`Enter a phone number, like +44 20 7946 0958.`,
  postcodeFormat: msg`Enter a postcode, like SW1A 1AA.`,
  digitsFormat: msg`Use digits only.`,

  lengthCheckNotTaken: msg`The field "{label}" has a length check, which only text and email fields take.`,
  numberRangeNotTaken: msg`The field "{label}" has a number range, which only number fields take.`,
  formatCheckNotTaken: msg`The field "{label}" has a format check, which only short text fields take.`,
  lengthsUpsideDown: msg`The field "{label}" asks for at least {min} characters but at most {max}: make the least no more than the most.`,
  numberRangeUpsideDown: msg`The field "{label}" asks for a number from {min} to {max}: make the lowest no more than the highest.`,

  conditionOnItself: msg`The field "{label}" cannot be shown depending on itself: choose another field.`,
  conditionOnUnknownField: msg`The field "{label}" depends on a field called "{name}", which the template does not have.`,
  conditionOnLaterField: msg`The field "{label}" depends on "{other}", which is answered later in the order: a field can depend only on one answered at the same place or before.`,
  conditionWithoutAnswers: msg`The field "{label}" is shown when "{other}" is one of a list of answers: give at least one.`,
  conditionsInCircle: msg({
    message: 'These fields depend on each other in a circle: {circle}. Remove one of the conditions.',
    comment: '{circle} is the fields’ labels joined by arrows: “Age” → “Name” → “Age”',
  }),
  circleField: msg({ message: '"{label}"', comment: 'A field’s label, quoted, in a circle of conditions: “Age” → “Name” → “Age”' }),

  formulaOf: msg({ message: 'The formula of "{label}": {problem}', comment: '{problem} is what is wrong with the formula, a sentence of its own' }),
  formulaMissing: msg({
    message: 'give one, such as price * quantity or sum(first, second).',
    comment: 'Ends the sentence “The formula of “Total”: …”',
  }),
  formulaOwnAnswer: msg({ message: 'it cannot use its own answer.', comment: 'Ends the sentence “The formula of “Total”: …”' }),
  formulaUnknownField: msg({ message: 'there is no field called "{name}".', comment: 'Ends the sentence “The formula of “Total”: …”' }),
  formulaNotNumberField: msg({ message: '"{other}" is not a number field.', comment: 'Ends the sentence “The formula of “Total”: …”' }),
  formulaLaterField: msg({
    message: '"{other}" is answered later in the order: a formula can use only fields answered at the same place or before.',
    comment: 'Ends the sentence “The formula of “Total”: …”',
  }),
  formulasInCircle: msg`The formula of "{label}" uses its own result through other calculated fields: remove the circle.`,

  formulaTooLong: msg({
    message: 'Keep the formula to {max} characters or fewer.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaEmpty: msg({
    message: 'The formula is empty.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaNotANumber: msg({
    message: '"{text}" is not a number.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaCharacterNotTaken: msg({
    message: '"{character}" cannot be used: only numbers, field names, + - * /, parentheses and sum(...).',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaUnclosedSum: msg({
    message: 'A ")" is missing to close sum(.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaUnclosedParenthesis: msg({
    message: 'A ")" is missing to close a parenthesis.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaLeftOver: msg({
    message: 'Something is left over at "{text}".',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaTooDeep: msg({
    message: 'The formula nests more than {depth} deep.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaEndsTooSoon: msg({
    message: 'The formula ends too soon.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
  formulaMisplacedSymbol: msg({
    message: '"{symbol}" is not where a number or a field can be.',
    comment: 'What is wrong with a formula’s text; also said after “The formula of “Total”: …”',
  }),
};

/** The `say` of the field rules in `i18n`'s language: each problem by its words, with its values. */
export function sayRule(i18n: I18n): SayRule {
  return (problem: RuleProblem) => {
    const words = ruleWords[problem.text];
    return i18n._(words.id, problem.values, { message: words.message });
  };
}
