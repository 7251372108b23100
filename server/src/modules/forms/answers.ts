/**
 * Checking the answers a person gives a form, by the same rules the app checks before
 * sending: required fields answered, numbers as numbers, dates as dates, emails as emails,
 * choices among the choices offered, a ticked box for a required one. Files come as data
 * URLs and are kept as supporting documents. Only the fields the person answers are taken;
 * anything else sent is ignored. A field whose condition does not hold (read on the form's
 * answers so far with the person's own) is hidden: not required, and what was sent for it is
 * dropped. A shown field's answer meets the checks its sender set, else it is refused with the
 * sender's message. A calculated field is worked out from the answers kept.
 */
import { emailPattern } from '@formsign/sdk/contract';
import { shownAndCalculated, validationProblem, type SayRule } from '@formsign/sdk/field-rules';
import type { FieldDefinition, FieldValue } from '../../db/schema.js';
import { invalidValue } from '../../errors/app-error.js';
import { msg } from '#words';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const maxFileBytes = 5 * 1024 * 1024;

export interface FileAnswer {
  field: string;
  name: string;
  mime: string;
  bytes: Buffer;
}

export interface Answers {
  values: Record<string, FieldValue>;
  files: FileAnswer[];
}

function present(value: FieldValue | undefined): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

/** `data:<mime>;name=<name>;base64,<bytes>` (the app names the file in the data URL). */
export function parseDataUrl(value: string): { mime: string; name: string; bytes: Buffer } | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w-]+=[^;,]*)*);base64,([A-Za-z0-9+/=]+)$/.exec(value);
  if (!match) return null;
  const name = /;name=([^;,]*)/.exec(match[2] ?? '')?.[1];
  return {
    mime: match[1] ?? 'application/octet-stream',
    name: name ? decodeURIComponent(name) : 'attachment',
    bytes: Buffer.from(match[3] ?? '', 'base64'),
  };
}

export interface AnswerOptions {
  /** Answers that may leave required fields empty. */
  draft?: boolean;
  /** The whole form (every field, the answers it has so far) that conditions are read on; `fields` and `sent` alone when absent. */
  form?: { fields: readonly FieldDefinition[]; values: Readonly<Record<string, FieldValue>> };
  /** How a broken check is said: in the language of the request (`sayRuleIn`); English when absent. */
  say?: SayRule;
}

/** The names of `fields` that are shown, read on the form's answers so far with `sent` for `fields` themselves. */
export function shownNames(
  fields: readonly FieldDefinition[],
  sent: Record<string, FieldValue> | undefined,
  form: AnswerOptions['form'],
): Set<string> {
  const values: Record<string, FieldValue> = { ...form?.values };
  // What is sent counts only for the fields the person answers: another place's answers are not theirs to change.
  for (const field of fields) values[field.name] = sent?.[field.name] ?? null;
  return shownAndCalculated(form?.fields ?? fields, values).shown;
}

const answerTexts = {
  tick: msg({ message: 'Please tick "{label}" to continue.' }),
  answer: msg({ message: 'Please answer "{label}".' }),
  number: msg({ message: '"{label}" must be a number, like 12 or 4.5.' }),
  date: msg({ message: '"{label}" must be a date.' }),
  email: msg({ message: '"{label}" must be an email address like name@example.com.' }),
  choice: msg({ message: 'Please choose one of the answers offered for "{label}".' }),
  fileTooLarge: msg({ message: 'The file for "{label}" is too large: at most 5 MB.' }),
  tooLong: msg({ message: '"{label}" is too long.' }),
  broken: msg({ message: '"{label}": {problem}' }),
};

/**
 * The answers to `fields` out of `sent`, cleaned; the first problem is refused in words a
 * person can act on, naming the field. `draft` answers may leave required fields empty. A
 * hidden field's answer is not kept (null).
 */
export function checkAnswers(fields: readonly FieldDefinition[], sent: Record<string, FieldValue> | undefined, options: AnswerOptions = {}): Answers {
  const values: Record<string, FieldValue> = {};
  const files: FileAnswer[] = [];
  const shown = shownNames(fields, sent, options.form);
  for (const field of fields) {
    // A signature or initials are taken apart, a stamp by the organisation's own (`appliedStamps`), a calculated number worked out below.
    if (field.type === 'signature' || field.type === 'initials' || field.type === 'stamp' || field.type === 'calculated') continue;
    if (!shown.has(field.name)) {
      values[field.name] = null;
      continue;
    }
    const value = sent?.[field.name];
    if (!present(value)) {
      if (field.type === 'checkbox') {
        if (field.required && !options.draft) throw invalidValue(answerTexts.tick, { label: field.label });
        values[field.name] = false;
        continue;
      }
      if (field.required && !options.draft) throw invalidValue(answerTexts.answer, { label: field.label });
      values[field.name] = null;
      continue;
    }
    switch (field.type) {
      case 'checkbox':
        values[field.name] = value === true || value === 'true' || value === 1;
        if (field.required && values[field.name] !== true && !options.draft) throw invalidValue(answerTexts.tick, { label: field.label });
        break;
      case 'number': {
        const number = typeof value === 'number' ? value : Number(String(value).trim());
        if (!Number.isFinite(number)) throw invalidValue(answerTexts.number, { label: field.label });
        values[field.name] = number;
        break;
      }
      case 'date': {
        const text = String(value).trim();
        if (!datePattern.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) throw invalidValue(answerTexts.date, { label: field.label });
        values[field.name] = text;
        break;
      }
      case 'email': {
        const text = String(value).trim();
        if (!emailPattern.test(text)) throw invalidValue(answerTexts.email, { label: field.label });
        values[field.name] = text;
        break;
      }
      case 'select':
      case 'radio': {
        const text = String(value).trim();
        if (field.options && !field.options.includes(text)) throw invalidValue(answerTexts.choice, { label: field.label });
        values[field.name] = text;
        break;
      }
      case 'file': {
        const text = String(value);
        const file = parseDataUrl(text);
        if (!file) {
          // A file kept earlier (a draft) is named, not sent again.
          values[field.name] = text.slice(0, 200);
          break;
        }
        if (file.bytes.length > maxFileBytes) throw invalidValue(answerTexts.fileTooLarge, { label: field.label });
        files.push({ field: field.name, ...file });
        values[field.name] = file.name;
        break;
      }
      default: {
        const text = String(value).trim();
        if (text.length > (field.type === 'textarea' ? 10_000 : 1000)) throw invalidValue(answerTexts.tooLong, { label: field.label });
        values[field.name] = text;
      }
    }
    const broken = validationProblem(field, values[field.name], options.say);
    // The check's words are the sender's own, or the field rules' (in the language `options.say` says them).
    if (broken) throw invalidValue(answerTexts.broken, { label: field.label, problem: broken });
  }
  // A calculated field is worked out here, from the answers kept: what was sent for it is not read.
  if (fields.some((field) => field.type === 'calculated')) {
    const { calculated } = shownAndCalculated(options.form?.fields ?? fields, { ...options.form?.values, ...values });
    for (const field of fields) if (field.type === 'calculated') values[field.name] = calculated[field.name] ?? null;
  }
  return { values, files };
}
