/**
 * A template's fields and recipients as the contract shows them, and a field sent back in the
 * stored shape. Signing, sending and managing templates show a field the same way.
 */
import type { FormField, TemplateStep } from '@formsign/sdk/contract';
import type { FieldDefinition, StepDefinition } from '../../db/schema.js';

export function fieldOf(field: FieldDefinition): FormField {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    ...(field.options ? { options: field.options } : {}),
    ...(field.value !== undefined ? { value: field.value } : {}),
    ...(field.step !== undefined ? { step: field.step } : {}),
    ...(field.placement ? { placement: field.placement } : {}),
    ...(field.condition ? { condition: field.condition } : {}),
    ...(field.validation ? { validation: field.validation } : {}),
    ...(field.formula !== undefined ? { formula: field.formula } : {}),
  };
}

export function definitionOf(field: FormField): FieldDefinition {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    ...(field.options ? { options: field.options } : {}),
    ...(field.value !== undefined && field.value !== null ? { value: field.value } : {}),
    ...(field.step !== undefined ? { step: field.step } : {}),
    ...(field.placement ? { placement: field.placement } : {}),
    ...(field.condition ? { condition: field.condition } : {}),
    ...(field.validation ? { validation: field.validation } : {}),
    ...(field.formula !== undefined ? { formula: field.formula } : {}),
  };
}

export function stepOf(step: StepDefinition): TemplateStep {
  return {
    label: step.label,
    action: step.action,
    user_id: step.userId ?? null,
    verification: step.verification ?? 'none',
    allow_delegation: step.allowDelegation ?? false,
  };
}
