/**
 * The fields of a template as the editor holds them (step 2), and the rules they must meet
 * before they are sent: every field has a label, a name that is not empty, is a valid key and
 * is not used twice, every choice list and radio group has a choice, a condition names a field
 * answered at the same place or before (with no circle), and the checks the sender sets are
 * numbers that fit. A condition holds the editor's key of the field it depends on, so renaming
 * that field keeps it; it is sent by name.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { FieldValidation, FormField } from '@formsign/sdk';
// The problems are said in the language shown, which the app's words set (English until another is chosen).
import { i18n } from '../../i18n/i18n.ts';
import { choiceTypes, choicesOf } from './field-choices.ts';
import { sayRule } from './rule-words.ts';
import {
  conditionsProblem,
  formulasProblem,
  lengthTypes,
  patternTypes,
  rangeTypes,
  type ConditionOperator,
  type FieldPattern,
} from '@formsign/sdk/field-rules';

export type FieldType = FormField['type'];

/** The field types, in the order the editor offers them, with the words people see. */
export const fieldTypes: ReadonlyArray<{ value: FieldType; label: MessageDescriptor }> = [
  { value: 'text', label: msg`Short text` },
  { value: 'textarea', label: msg`Long text` },
  { value: 'number', label: msg`Number` },
  { value: 'date', label: msg`Date` },
  { value: 'email', label: msg`Email address` },
  { value: 'checkbox', label: msg`Tick box` },
  { value: 'select', label: msg`Choice list` },
  { value: 'radio', label: msg`Radio buttons` },
  { value: 'signature', label: msg`Signature` },
  { value: 'initials', label: msg`Initials` },
  { value: 'file', label: msg`File upload` },
  { value: 'calculated', label: msg`Calculated number` },
  { value: 'stamp', label: msg`Organisation’s stamp` },
];

export const nameMaxLength = 60;
export const labelMaxLength = 200;

export interface EditableField {
  /** The editor's own id of the field (React keys, input ids): never sent. */
  key: string;
  label: string;
  name: string;
  type: FieldType;
  required: boolean;
  /** The choices of a choice list, one per line, as typed. */
  options: string;
  /** Whether the person typed the name (otherwise it follows the label). */
  nameTouched: boolean;
  /** A pre-filled value the template had; kept as it was. */
  value?: FormField['value'];
  /** Who answers it: 0 the sender, n the recipient at place n (the first when absent). */
  step?: number;
  /** Where it sits on the template's PDF; kept as it was. */
  placement?: FormField['placement'];
  /** Shown only when the field of editor key `field` (none: always) meets `operator`; `value` as typed (one per line for `one_of`). */
  condition: { field: string; operator: ConditionOperator; value: string };
  /** A calculated field's formula, as typed. */
  formula: string;
  /** The checks on the answer, as typed ('' for none). */
  validation: { minLength: string; maxLength: string; min: string; max: string; pattern: FieldPattern | ''; message: string };
}

export type FieldProblems = Partial<Record<'label' | 'name' | 'options' | 'step' | 'formula' | 'condition' | 'validation', string>>;

const noCondition: EditableField['condition'] = { field: '', operator: 'equals', value: '' };
const noChecks: EditableField['validation'] = { minLength: '', maxLength: '', min: '', max: '', pattern: '', message: '' };
const typed = (value: number | undefined): string => (value === undefined ? '' : String(value));

let nextKey = 1;
function newKey(): string {
  return `field-${nextKey++}`;
}

export function editableField(field: FormField): EditableField {
  const checks = field.validation;
  return {
    key: newKey(),
    label: field.label,
    name: field.name,
    type: field.type,
    required: field.required,
    options: (field.options ?? []).join('\n'),
    nameTouched: true,
    ...(field.value === undefined ? {} : { value: field.value }),
    ...(field.step === undefined ? {} : { step: field.step }),
    ...(field.placement ? { placement: field.placement } : {}),
    formula: field.formula ?? '',
    // By name until `editableFields` turns it into the other field's key.
    condition: field.condition
      ? {
          field: field.condition.field,
          operator: field.condition.operator,
          value: field.condition.operator === 'one_of' ? (field.condition.values ?? []).join('\n') : (field.condition.value ?? ''),
        }
      : noCondition,
    validation: checks
      ? {
          minLength: typed(checks.min_length),
          maxLength: typed(checks.max_length),
          min: typed(checks.min),
          max: typed(checks.max),
          pattern: checks.pattern ?? '',
          message: checks.message ?? '',
        }
      : noChecks,
  };
}

/** A template's fields as the editor holds them, each condition pointing at its field's key. */
export function editableFields(fields: readonly FormField[]): EditableField[] {
  const editable = fields.map(editableField);
  const keyOf = new Map(editable.map((field) => [field.name, field.key]));
  return editable.map((field) =>
    field.condition.field ? { ...field, condition: { ...field.condition, field: keyOf.get(field.condition.field) ?? '' } } : field,
  );
}

export function blankField(): EditableField {
  return {
    key: newKey(),
    label: '',
    name: '',
    type: 'text',
    required: false,
    options: '',
    nameTouched: false,
    formula: '',
    condition: noCondition,
    validation: noChecks,
  };
}

/** The name a label suggests: `Date of birth?` → `date_of_birth`. */
export function nameFromLabel(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const keyed = /^[0-9]/.test(name) ? `field_${name}` : name;
  return keyed.slice(0, nameMaxLength).replace(/_+$/, '');
}

const validName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A number as typed, or undefined when nothing is typed (NaN when it is not a number). */
function typedNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

/** The checks that apply to the field's type, as the contract sends them; none when nothing is set. */
function validationOf(field: EditableField): FieldValidation | undefined {
  const typedChecks = field.validation;
  const checks: FieldValidation = {};
  const whole = (text: string): number | undefined => typedNumber(text);
  if (lengthTypes.has(field.type)) {
    const [least, most] = [whole(typedChecks.minLength), whole(typedChecks.maxLength)];
    if (least !== undefined) checks.min_length = least;
    if (most !== undefined) checks.max_length = most;
  }
  if (rangeTypes.has(field.type)) {
    const [low, high] = [typedNumber(typedChecks.min), typedNumber(typedChecks.max)];
    if (low !== undefined) checks.min = low;
    if (high !== undefined) checks.max = high;
  }
  if (patternTypes.has(field.type) && typedChecks.pattern) checks.pattern = typedChecks.pattern;
  if (Object.keys(checks).length === 0) return undefined;
  return typedChecks.message.trim() ? { ...checks, message: typedChecks.message.trim() } : checks;
}

/** What is wrong with the checks typed for a field, or undefined. */
function validationProblem(field: EditableField): string | undefined {
  const checks = validationOf(field);
  if (!checks) return undefined;
  const lengths = [checks.min_length, checks.max_length].filter((value) => value !== undefined);
  if (lengths.some((value) => !Number.isInteger(value) || value < 0 || value > 10_000)) return t`Give lengths as whole numbers from 0 to 10000.`;
  if (checks.max_length === 0) return t`Allow at least one character.`;
  if (checks.min_length !== undefined && checks.max_length !== undefined && checks.min_length > checks.max_length)
    return t`Make the fewest characters no more than the most.`;
  if ([checks.min, checks.max].some((value) => value !== undefined && !Number.isFinite(value)))
    return t`Give the lowest and highest as numbers, like 1 or 4.5.`;
  if (checks.min !== undefined && checks.max !== undefined && checks.min > checks.max) return t`Make the lowest number no more than the highest.`;
  if (field.validation.message.trim().length > 200) return t`Keep the message to 200 characters or fewer.`;
  return undefined;
}

/** What is wrong with each field's condition, by key (another field, answered no later, no circle). */
function conditionProblems(fields: readonly EditableField[]): Map<string, string> {
  const found = new Map<string, string>();
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const field of fields) {
    const { condition } = field;
    if (!condition.field) continue;
    const other = byKey.get(condition.field);
    if (!other || other.key === field.key) found.set(field.key, t`Choose the field whose answer shows this one.`);
    else if (condition.operator === 'one_of' && choicesOf(condition.value).length === 0)
      found.set(field.key, t`Add at least one answer, one per line.`);
    else if ((condition.operator === 'equals' || condition.operator === 'not_equals') && !condition.value.trim())
      found.set(field.key, t`Give the answer it is compared with.`);
  }
  if (found.size === 0) {
    // Later places and circles, by the rules the server holds to.
    const problem = conditionsProblem(formFields(fields), sayRule(i18n));
    const field = problem ? fields.find((item) => item.name.trim() === problem.field) : undefined;
    if (problem && field) found.set(field.key, problem.message);
  }
  return found;
}

/** What is wrong with each field, by its key; no entry when a field is fine. */
export function fieldProblems(fields: readonly EditableField[]): Map<string, FieldProblems> {
  const counts = new Map<string, number>();
  for (const field of fields) {
    const name = field.name.trim().toLowerCase();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const problems = new Map<string, FieldProblems>();
  const conditions = conditionProblems(fields);
  // The formulas, by the rules the server holds to: each names number fields answered no later, with no circle.
  const formulas = formulasProblem(formFields(fields), sayRule(i18n));
  const formulaField = formulas ? fields.find((item) => item.name.trim() === formulas.field) : undefined;
  for (const field of fields) {
    const found: FieldProblems = {};
    const name = field.name.trim();
    if (!field.label.trim()) found.label = t`Enter a label: it is the question the signer reads.`;
    else if (field.label.trim().length > labelMaxLength) found.label = t`Keep the label to ${labelMaxLength} characters or fewer.`;
    if (!name) found.name = t`Enter a name: it is the key the answer is stored under.`;
    else if ((counts.get(name.toLowerCase()) ?? 0) > 1) found.name = t`Another field is also named “${name}”. Each field needs its own name.`;
    else if (name.length > nameMaxLength) found.name = t`Keep the name to ${nameMaxLength} characters or fewer.`;
    else if (!validName.test(name)) found.name = t`Use only letters, digits and underscores, starting with a letter.`;
    if (choiceTypes.has(field.type) && choicesOf(field.options).length === 0) found.options = t`Add at least one choice, one per line.`;
    // Initials are the signer's own (the server refuses them from the sender).
    if (field.type === 'initials' && field.step === 0) found.step = t`Initials are given by a person who signs the form: choose their place.`;
    if (formulas && formulaField?.key === field.key) found.formula = formulas.message;
    const condition = conditions.get(field.key);
    if (condition) found.condition = condition;
    const checks = validationProblem(field);
    if (checks) found.validation = checks;
    if (Object.keys(found).length > 0) problems.set(field.key, found);
  }
  return problems;
}

/** The condition as the contract sends it, by the other field's name; none without one. */
function conditionOf(field: EditableField, fields: readonly EditableField[]): FormField['condition'] {
  const { condition } = field;
  const other = fields.find((item) => item.key === condition.field);
  if (!other) return undefined;
  const name = other.name.trim();
  if (condition.operator === 'filled') return { field: name, operator: 'filled' };
  if (condition.operator === 'one_of') return { field: name, operator: 'one_of', values: choicesOf(condition.value) };
  return { field: name, operator: condition.operator, value: condition.value.trim() };
}

/** The fields as the contract sends them. */
export function formFields(fields: readonly EditableField[]): FormField[] {
  return fields.map((field) => {
    const condition = conditionOf(field, fields);
    const validation = validationOf(field);
    return {
      name: field.name.trim(),
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(choiceTypes.has(field.type) ? { options: choicesOf(field.options) } : {}),
      ...(field.value === undefined ? {} : { value: field.value }),
      ...(field.step === undefined ? {} : { step: field.step }),
      ...(field.placement ? { placement: field.placement } : {}),
      ...(condition ? { condition } : {}),
      ...(validation ? { validation } : {}),
      ...(field.type === 'calculated' ? { formula: field.formula.trim() } : {}),
    };
  });
}
