/**
 * The answers a signer gives a form: their starting values (pre-population), which fields the
 * answers so far show (a field's condition, by the rules the server holds to), the checks made
 * before anything is sent (required fields, email and number formats, the checks the sender
 * set, with the sender's message), and the request's `values`, `signature` and `initials`. A
 * form has one signer's signature: the first signature field's goes in `signature`; any other
 * signature field's value goes in `values` as its text. Their initials are one too: every
 * initials field holds the same (`initials.ts`), sent once in `initials`.
 */
import { emailPattern, type FormField, type WebSigningRequest } from '@formsign/sdk';
import { shownAndCalculated, validationProblem, type RuleValue } from '@formsign/sdk/field-rules';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';
import { typedInitialsProblem, usableInitials } from './initials.ts';
import { sayRule } from './rule-words.ts';

export type Signature = NonNullable<WebSigningRequest['signature']>;
export type Answer = string | boolean | Signature | null;
export type Answers = Record<string, Answer>;

/** The answers a signer starts with; their initials fields hold the `initials` kept with their draft, if any. */
export function initialAnswers(fields: readonly FormField[], initials: Signature | null = null): Answers {
  const answers: Answers = {};
  for (const field of fields) {
    const start = field.value;
    if (field.type === 'checkbox') answers[field.name] = start === true || start === 'true' || start === 1;
    else if (field.type === 'signature') answers[field.name] = null;
    else if (field.type === 'initials') answers[field.name] = field.readonly ? null : initials;
    // A stamp is applied by the signer, never given in advance.
    else if (field.type === 'stamp') answers[field.name] = false;
    else answers[field.name] = start === null || start === undefined ? '' : String(start);
  }
  return answers;
}

function isSignature(answer: Answer): answer is Signature {
  return typeof answer === 'object' && answer !== null && answer.value.trim().length > 0;
}

/**
 * The names of the fields the answers show, read on every field of the form (those answered
 * earlier by their values): a field whose condition does not hold is not shown, not asked and
 * not sent.
 */
export function shownNames(fields: readonly FormField[], answers: Answers): Set<string> {
  return shownAndCalculatedAnswers(fields, answers).shown;
}

/**
 * The fields the answers show, and each calculated field's result as the form shows it (its
 * number as text, empty while a field it reads is unanswered), worked out as the server will.
 */
export function shownAndCalculatedAnswers(
  fields: readonly FormField[],
  answers: Answers,
): { shown: Set<string>; calculated: Record<string, string> } {
  const values: Record<string, RuleValue> = {};
  for (const field of fields) {
    const answer = answers[field.name];
    values[field.name] = answer === undefined ? (field.value ?? null) : typeof answer === 'object' && answer !== null ? answer.value : answer;
  }
  const { shown, calculated } = shownAndCalculated(fields, values);
  return { shown, calculated: Object.fromEntries(Object.entries(calculated).map(([name, value]) => [name, value === null ? '' : String(value)])) };
}

/**
 * What is wrong with each answer, by field name; empty when the form can be sent. Where the
 * sender's organisation accepts only drawn signatures (`typedSignature` false), a signature
 * must be drawn. A required stamp must be applied; `stamp` false says the organisation has none
 * to apply.
 */
export function answerProblems(
  fields: readonly FormField[],
  answers: Answers,
  options: { typedSignature?: boolean; stamp?: boolean } = {},
): Record<string, string> {
  const drawnOnly = options.typedSignature === false;
  const problems: Record<string, string> = {};
  for (const field of fields) {
    // A field answered earlier is shown, not asked again; a calculated one is worked out, not asked.
    if (field.readonly || field.type === 'calculated') continue;
    const answer = answers[field.name] ?? null;
    switch (field.type) {
      case 'checkbox':
        if (field.required && answer !== true) problems[field.name] = i18n._(msg`Please tick this box to continue.`);
        break;
      case 'stamp':
        if (field.required && answer !== true)
          problems[field.name] =
            options.stamp === false ? i18n._(msg`The organisation has no stamp to apply: ask the sender.`) : i18n._(msg`Please apply the stamp.`);
        break;
      case 'signature':
        if (drawnOnly && isSignature(answer) && answer.kind === 'typed')
          problems[field.name] = i18n._(msg`Please draw your signature: a typed name is not accepted on this form.`);
        else if (field.required && !isSignature(answer))
          problems[field.name] = drawnOnly
            ? i18n._(msg`Please draw your signature.`)
            : i18n._(msg`Please sign: type your name or draw your signature.`);
        break;
      case 'initials':
        if (drawnOnly && isSignature(answer) && answer.kind === 'typed')
          problems[field.name] = i18n._(msg`Please draw your initials: typed initials are not accepted on this form.`);
        else if (isSignature(answer) && answer.kind === 'typed' && typedInitialsProblem(answer.value))
          problems[field.name] = typedInitialsProblem(answer.value) ?? '';
        else if (field.required && !isSignature(answer))
          problems[field.name] = drawnOnly
            ? i18n._(msg`Please draw your initials.`)
            : i18n._(msg`Please give your initials: type them or draw them.`);
        break;
      default: {
        const text = typeof answer === 'string' ? answer.trim() : '';
        if (!text) {
          if (field.required)
            problems[field.name] =
              field.type === 'select' || field.type === 'radio'
                ? i18n._(msg`Please choose an answer.`)
                : field.type === 'date'
                  ? i18n._(msg`Please enter a date.`)
                  : i18n._(msg`Please fill in this field.`);
        } else if (field.type === 'email' && !emailPattern.test(text)) {
          problems[field.name] = i18n._(msg`Enter an email address like name@example.com.`);
        } else if (field.type === 'number' && !Number.isFinite(Number(text))) {
          problems[field.name] = i18n._(msg`Enter a number, like 12 or 4.5.`);
        } else if ((field.type === 'select' || field.type === 'radio') && field.options && !field.options.includes(text)) {
          problems[field.name] = i18n._(msg`Please choose one of the answers offered.`);
        } else {
          const broken = validationProblem(field, text, sayRule(i18n));
          if (broken) problems[field.name] = broken;
        }
      }
    }
  }
  return problems;
}

/** The request's `values`, `signature` and `initials` for the answers given. */
export function signingRequestAnswers(fields: readonly FormField[], answers: Answers): Pick<WebSigningRequest, 'values' | 'signature' | 'initials'> {
  const values: NonNullable<WebSigningRequest['values']> = {};
  let signature: Signature | undefined;
  let initials: Signature | undefined;
  for (const field of fields) {
    // The server works out a calculated field itself.
    if (field.readonly || field.type === 'calculated') continue;
    const answer = answers[field.name] ?? null;
    // The same initials are in every initials field: sent once, the server puts them in each.
    if (field.type === 'initials') {
      if (!initials && isSignature(answer) && usableInitials(answer))
        initials = { kind: answer.kind, value: answer.kind === 'typed' ? answer.value.trim() : answer.value };
      continue;
    }
    if (field.type === 'signature') {
      if (!isSignature(answer)) values[field.name] = null;
      else if (signature) values[field.name] = answer.value;
      else signature = { kind: answer.kind, value: answer.kind === 'typed' ? answer.value.trim() : answer.value };
      continue;
    }
    if (field.type === 'checkbox' || field.type === 'stamp') values[field.name] = answer === true;
    else if (field.type === 'number') values[field.name] = typeof answer === 'string' && answer.trim() ? Number(answer) : null;
    else values[field.name] = typeof answer === 'string' ? answer.trim() || null : null;
  }
  return { values, ...(signature ? { signature } : {}), ...(initials ? { initials } : {}) };
}
