/**
 * The fields of a template as the editor holds them (step 2), and the rules they must meet
 * before they are sent: every field has a label, a name that is not empty, is a valid key and
 * is not used twice, and every choice list has a choice.
 */
import type { FormField } from '@formsign/sdk';

export type FieldType = FormField['type'];

/** The field types, in the order the editor offers them, with the words people see. */
export const fieldTypes: ReadonlyArray<{ value: FieldType; label: string }> = [
  { value: 'text', label: 'Short text' },
  { value: 'textarea', label: 'Long text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'email', label: 'Email address' },
  { value: 'checkbox', label: 'Tick box' },
  { value: 'select', label: 'Choice list' },
  { value: 'signature', label: 'Signature' },
  { value: 'file', label: 'File upload' },
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
}

export type FieldProblems = Partial<Record<'label' | 'name' | 'options', string>>;

let nextKey = 1;
function newKey(): string {
  return `field-${nextKey++}`;
}

export function editableField(field: FormField): EditableField {
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
  };
}

export function blankField(): EditableField {
  return { key: newKey(), label: '', name: '', type: 'text', required: false, options: '', nameTouched: false };
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

export function choicesOf(options: string): string[] {
  return options
    .split('\n')
    .map((choice) => choice.trim())
    .filter(Boolean);
}

const validName = /^[A-Za-z][A-Za-z0-9_]*$/;

/** What is wrong with each field, by its key; no entry when a field is fine. */
export function fieldProblems(fields: readonly EditableField[]): Map<string, FieldProblems> {
  const counts = new Map<string, number>();
  for (const field of fields) {
    const name = field.name.trim().toLowerCase();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const problems = new Map<string, FieldProblems>();
  for (const field of fields) {
    const found: FieldProblems = {};
    const name = field.name.trim();
    if (!field.label.trim()) found.label = 'Enter a label: it is the question the signer reads.';
    else if (field.label.trim().length > labelMaxLength) found.label = `Keep the label to ${labelMaxLength} characters or fewer.`;
    if (!name) found.name = 'Enter a name: it is the key the answer is stored under.';
    else if ((counts.get(name.toLowerCase()) ?? 0) > 1) found.name = `Another field is also named “${name}”. Each field needs its own name.`;
    else if (name.length > nameMaxLength) found.name = `Keep the name to ${nameMaxLength} characters or fewer.`;
    else if (!validName.test(name)) found.name = 'Use only letters, digits and underscores, starting with a letter.';
    if (field.type === 'select' && choicesOf(field.options).length === 0) found.options = 'Add at least one choice, one per line.';
    if (Object.keys(found).length > 0) problems.set(field.key, found);
  }
  return problems;
}

/** The fields as the contract sends them. */
export function formFields(fields: readonly EditableField[]): FormField[] {
  return fields.map((field) => ({
    name: field.name.trim(),
    label: field.label.trim(),
    type: field.type,
    required: field.required,
    ...(field.type === 'select' ? { options: choicesOf(field.options) } : {}),
    ...(field.value === undefined ? {} : { value: field.value }),
    ...(field.step === undefined ? {} : { step: field.step }),
    ...(field.placement ? { placement: field.placement } : {}),
  }));
}
