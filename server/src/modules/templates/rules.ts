/**
 * What a template must be: a title; fields with unique names made of lower-case letters,
 * digits and underscores, select fields with their choices, each answered by someone in the
 * template's order; steps (the recipients' places) of at most 20, each with a label and what
 * it asks. A broken rule is refused with the reason, in the product's words.
 */
import type { FieldDefinition, StepDefinition } from '../../db/schema.js';

export type Check<T> = { ok: true; value: T } | { ok: false; reason: string };

const namePattern = /^[a-z][a-z0-9_]{0,59}$/;

/** One signer, when a template sets no order of its own. */
export const defaultSteps: StepDefinition[] = [{ label: 'Signer', action: 'sign', userId: null }];

export function stepsOf(steps: readonly StepDefinition[]): StepDefinition[] {
  return steps.length > 0 ? [...steps] : defaultSteps;
}

export function checkFields(fields: readonly FieldDefinition[], stepCount: number): Check<FieldDefinition[]> {
  if (fields.length > 200) return { ok: false, reason: 'A template can have at most 200 fields.' };
  const seen = new Set<string>();
  const clean: FieldDefinition[] = [];
  for (const field of fields) {
    if (!namePattern.test(field.name)) return { ok: false, reason: `The field name "${field.name}" must start with a letter and use only lower-case letters, digits and underscores.` };
    if (seen.has(field.name)) return { ok: false, reason: `Two fields are called "${field.name}": each needs its own name.` };
    seen.add(field.name);
    if (!field.label.trim()) return { ok: false, reason: `The field "${field.name}" needs a label.` };
    const options = field.options?.map((option) => option.trim()).filter(Boolean);
    if (field.type === 'select' && (!options || options.length === 0)) return { ok: false, reason: `The choice field "${field.label}" needs at least one choice.` };
    if (field.step !== undefined && field.step > stepCount) return { ok: false, reason: `The field "${field.label}" is answered by place ${field.step}, but the template has ${stepCount}.` };
    clean.push({
      name: field.name,
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(field.type === 'select' ? { options } : {}),
      ...(field.value !== undefined && field.value !== null ? { value: field.value } : {}),
      ...(field.step !== undefined ? { step: field.step } : {}),
      ...(field.placement ? { placement: field.placement } : {}),
    });
  }
  return { ok: true, value: clean };
}

export function checkSteps(steps: readonly StepDefinition[], companyUsers: ReadonlySet<number>): Check<StepDefinition[]> {
  if (steps.length === 0 || steps.length > 20) return { ok: false, reason: 'A template has from 1 to 20 recipients.' };
  const clean: StepDefinition[] = [];
  for (const step of steps) {
    const label = step.label.trim();
    if (!label) return { ok: false, reason: 'Each recipient needs a label, such as "Employee" or "Line manager".' };
    if (step.userId != null && !companyUsers.has(step.userId)) return { ok: false, reason: `"${label}" goes to someone who is not a user of your company.` };
    clean.push({ label, action: step.action, userId: step.userId ?? null });
  }
  return { ok: true, value: clean };
}

/** Which place of the order answers a field: its own, else the first recipient. */
export function stepOfField(field: Pick<FieldDefinition, 'step'>): number {
  return field.step ?? 1;
}
