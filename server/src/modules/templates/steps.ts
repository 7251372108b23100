/**
 * A template's order of recipients as forms read it: its steps (one signer when it sets none),
 * and which place answers a field. Plain data only, so the seed generator and the tests' setup
 * can use it without the contract's tables.
 */
import type { FieldDefinition, StepDefinition } from '../../db/schema.js';

/** One signer, when a template sets no order of its own. */
export const defaultSteps: StepDefinition[] = [{ label: 'Signer', action: 'sign', userId: null }];

export function stepsOf(steps: readonly StepDefinition[]): StepDefinition[] {
  return steps.length > 0 ? [...steps] : defaultSteps;
}

/** Which place of the order answers a field: its own, else the first recipient. */
export function stepOfField(field: Pick<FieldDefinition, 'step'>): number {
  return field.step ?? 1;
}
