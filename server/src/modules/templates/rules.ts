/**
 * What a template must be: a title; fields with unique names made of lower-case letters,
 * digits and underscores, select fields with their choices, each answered by someone in the
 * template's order; steps (the recipients' places) of at most 20, each with a label and what
 * it asks (the places that receive a copy last, answering no field); a field placed on the
 * template's PDF sits on one of its pages, inside the page; a condition refers to another field
 * answered at the same place or earlier, with no circle; the checks a sender sets fit the field's
 * type; a calculated field's formula reads, on number fields answered at the same place or
 * earlier, with no circle; initials are given by a place that signs, never in advance. A
 * broken rule is refused with the reason, in the product's words.
 */
import { contractLimits, type FieldCondition, type FieldValidation } from '@formsign/sdk/contract';
import { conditionsProblem, formulasProblem, validationRulesProblem, type SayRule } from '@formsign/sdk/field-rules';
import type { FieldDefinition, PdfPageSize, StepDefinition } from '../../db/schema.js';
import { invalidValue } from '../../errors/app-error.js';
import { filled, msg, type Words } from '#words';

const namePattern = /^[a-z][a-z0-9_]{0,59}$/;

/** How far (in points) a box may reach past a page's edge: what rounding in a browser may add. */
const edgeTolerance = 0.5;

const shownPoints = (value: number): string => String(Math.round(value * 100) / 100);

/** What is wrong with a template's fields or recipients, in the product's words. */
export const templateTexts = {
  noPdf: msg({
    message: 'The field "{label}" is placed on a page, but the template has no PDF: upload the PDF first, or take the field off the page.',
  }),
  noSuchPage: msg({
    message: 'The field "{label}" is placed on page {page}, but the PDF has {pages, plural, one {one page} other {# pages}}.',
  }),
  badPlace: msg({ message: 'The field "{label}" needs a place with a position of 0 or more and a size of at least 1 point.' }),
  pastEdge: msg({
    message:
      'The field "{label}" reaches past the edge of page {page} ({width} × {height} points): move it or make it smaller so that it fits on the page.',
  }),
  copyAnswers: msg({
    message:
      'The field "{label}" is answered by place {place} ({placeLabel}), which receives a copy and answers nothing: choose someone who fills it in.',
  }),
  tooManyFields: msg({ message: 'A template can have at most 200 fields.' }),
  badName: msg({ message: 'The field name "{name}" must start with a letter and use only lower-case letters, digits and underscores.' }),
  nameTwice: msg({ message: 'Two fields are called "{name}": each needs its own name.' }),
  noLabel: msg({ message: 'The field "{name}" needs a label.' }),
  noChoice: msg({ message: 'The choice field "{label}" needs at least one choice.' }),
  initialsBySender: msg({
    message: 'The initials field "{label}" is answered by a person who signs the form, not by the sender: choose their place.',
  }),
  noSuchStep: msg({ message: 'The field "{label}" is answered by place {place}, but the template has {count}.' }),
  stampBySender: msg({ message: 'The stamp "{label}" is applied by a place that signs: choose which place applies it.' }),
  recipientsCount: msg({ message: 'A template has from {least} to {most} recipients.' }),
  noStepLabel: msg({ message: 'Each recipient needs a label, such as "Employee" or "Line manager".' }),
  afterCopy: msg({
    message: '"{label}" comes after a place that receives a copy: the places that receive a copy come last, after everyone who acts.',
  }),
  notOurUser: msg({ message: '"{label}" goes to someone who is not a user of your company.' }),
  accessCodeHandedOn: msg({
    message:
      '"{label}" opens the form with an access code, so cannot be handed on to someone else: the new person would not have the code. Choose a code emailed to them, or do not allow handing on.',
  }),
};

/** What is wrong with where a field is placed on the template's pages, or null when it fits (or is not placed). */
export function placementProblem(field: Pick<FieldDefinition, 'label' | 'placement'>, pages: readonly PdfPageSize[]): Words | null {
  const place = field.placement;
  if (!place) return null;
  const label = field.label;
  if (pages.length === 0) return filled(templateTexts.noPdf, { label });
  const page = pages[place.page - 1];
  if (!Number.isInteger(place.page) || !page) return filled(templateTexts.noSuchPage, { label, page: place.page, pages: pages.length });
  const numbers = [place.x, place.y, place.width, place.height];
  if (numbers.some((value) => !Number.isFinite(value)) || place.x < 0 || place.y < 0 || place.width < 1 || place.height < 1) {
    return filled(templateTexts.badPlace, { label });
  }
  if (place.x + place.width > page.width + edgeTolerance || place.y + place.height > page.height + edgeTolerance) {
    return filled(templateTexts.pastEdge, { label, page: place.page, width: shownPoints(page.width), height: shownPoints(page.height) });
  }
  return null;
}

/** The field answered by a place that receives a copy (which answers nothing), when there is one. */
export function fieldOfCopyPlace(fields: readonly FieldDefinition[], steps: readonly StepDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => field.step !== 0 && steps[(field.step ?? 1) - 1]?.action === 'copy');
}

export function copyPlaceAnswers(field: Pick<FieldDefinition, 'label' | 'step'>, steps: readonly StepDefinition[]): Words {
  const placeLabel = steps[(field.step ?? 1) - 1]?.label ?? '';
  return filled(templateTexts.copyAnswers, { label: field.label, place: field.step ?? 1, placeLabel });
}

/** A condition as stored: its operator's own value(s) only, trimmed. */
function cleanCondition(condition: FieldCondition): FieldCondition {
  const { field, operator } = condition;
  if (operator === 'filled') return { field, operator };
  if (operator === 'one_of') return { field, operator, values: (condition.values ?? []).map((value) => value.trim()).filter(Boolean) };
  return { field, operator, value: (condition.value ?? '').trim() };
}

/** The checks as stored: those set, the message trimmed; none when nothing is set. */
function cleanValidation(validation: FieldValidation): FieldValidation | undefined {
  const clean: FieldValidation = {};
  for (const key of ['min_length', 'max_length', 'min', 'max'] as const) if (typeof validation[key] === 'number') clean[key] = validation[key];
  if (validation.pattern) clean.pattern = validation.pattern;
  if (Object.keys(clean).length === 0) return undefined;
  const message = validation.message?.trim();
  return message ? { ...clean, message } : clean;
}

export function checkFields(
  fields: readonly FieldDefinition[],
  stepCount: number,
  pages: readonly PdfPageSize[] = [],
  /** How the field rules' refusals are said: in the language of the request (`sayRuleIn`); English when absent. */
  say?: SayRule,
): FieldDefinition[] {
  if (fields.length > 200) throw invalidValue(templateTexts.tooManyFields);
  const seen = new Set<string>();
  const clean: FieldDefinition[] = [];
  for (const field of fields) {
    if (!namePattern.test(field.name)) throw invalidValue(templateTexts.badName, { name: field.name });
    if (seen.has(field.name)) throw invalidValue(templateTexts.nameTwice, { name: field.name });
    seen.add(field.name);
    if (!field.label.trim()) throw invalidValue(templateTexts.noLabel, { name: field.name });
    const options = field.options?.map((option) => option.trim()).filter(Boolean);
    if ((field.type === 'select' || field.type === 'radio') && (!options || options.length === 0))
      throw invalidValue(templateTexts.noChoice, { label: field.label });
    const validation = field.validation ? cleanValidation(field.validation) : undefined;
    const wrongChecks = validationRulesProblem({ label: field.label.trim(), type: field.type, validation }, say);
    if (wrongChecks) throw invalidValue(wrongChecks);
    // Initials are the signer's own, given when they sign: the sender gives none when sending.
    if (field.type === 'initials' && field.step === 0) throw invalidValue(templateTexts.initialsBySender, { label: field.label.trim() });
    if (field.step !== undefined && field.step > stepCount)
      throw invalidValue(templateTexts.noSuchStep, { label: field.label, place: field.step, count: stepCount });
    // A stamp is the organisation's, applied by the place that answers it: never the sender's, never given in advance.
    if (field.type === 'stamp' && field.step === 0) throw invalidValue(templateTexts.stampBySender, { label: field.label.trim() });
    const misplaced = placementProblem({ label: field.label.trim(), placement: field.placement }, pages);
    if (misplaced) throw invalidValue(misplaced);
    clean.push({
      name: field.name,
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(field.type === 'select' || field.type === 'radio' ? { options } : {}),
      // Initials are the signer's own, and a stamp the organisation's: none is given in advance.
      ...(field.value !== undefined && field.value !== null && field.type !== 'initials' && field.type !== 'stamp' ? { value: field.value } : {}),
      ...(field.step !== undefined ? { step: field.step } : {}),
      ...(field.placement ? { placement: field.placement } : {}),
      ...(field.condition ? { condition: cleanCondition(field.condition) } : {}),
      ...(validation ? { validation } : {}),
      ...(field.type === 'calculated' ? { formula: (field.formula ?? '').trim() } : {}),
    });
  }
  const conditions = conditionsProblem(clean, say) ?? formulasProblem(clean, say);
  if (conditions) throw invalidValue(conditions.message);
  return clean;
}

export function checkSteps(steps: readonly StepDefinition[], companyUsers: ReadonlySet<number>): StepDefinition[] {
  const { minItems, maxItems } = contractLimits['TemplateStepsUpdate.steps'];
  if (steps.length < minItems || steps.length > maxItems) throw invalidValue(templateTexts.recipientsCount, { least: minItems, most: maxItems });
  const clean: StepDefinition[] = [];
  for (const [index, step] of steps.entries()) {
    const label = step.label.trim();
    if (!label) throw invalidValue(templateTexts.noStepLabel);
    // A copy waits for no one and no one waits for it: copies come after the order of those who act.
    if (step.action !== 'copy' && steps.slice(0, index).some((before) => before.action === 'copy'))
      throw invalidValue(templateTexts.afterCopy, { label });
    if (step.userId != null && !companyUsers.has(step.userId)) throw invalidValue(templateTexts.notOurUser, { label });
    // An approver always signs in, and a place that receives a copy opens nothing: neither asks
    // for a code, nor is handed on.
    const verification = step.action === 'approve' || step.action === 'copy' ? 'none' : (step.verification ?? 'none');
    const allowDelegation = step.action !== 'approve' && step.action !== 'copy' && step.allowDelegation === true;
    // The access code goes to the person the sender chose, another way: whoever the place was handed on to would not have it.
    if (allowDelegation && verification === 'access-code') throw invalidValue(templateTexts.accessCodeHandedOn, { label });
    clean.push({ label, action: step.action, userId: step.userId ?? null, verification, allowDelegation });
  }
  return clean;
}
