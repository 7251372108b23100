/**
 * Creating a template, or saving one part of it: its details (title, description, category),
 * its fields (checked against its places and the pages of its PDF), or its recipients' places
 * (each to someone of the company, and no field left answered by a place removed). A place
 * saved without its `verification`, and the one signer of a new template, take the
 * organisation's `default_verification`.
 */
import { invalidValue } from '../../errors/app-error.js';
import type { FormField, ManageTemplatesRequest, TemplateDetails, TemplateStepsUpdate } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { definitionOf } from './field-shapes.js';
import { categoryFor } from '../categories/repository.js';
import { companyUserIds } from '../users/repository.js';
import { findTemplate, insertTemplate, updateTemplate, type TemplateChange } from './repository.js';
import { checkFields, checkSteps, copyPlaceAnswers, fieldOfCopyPlace } from './rules.js';
import { defaultSteps, stepsOf } from './steps.js';
import { companySettings, companyStamp } from '../../companies/repository.js';
import type { Database } from '../../db/database.js';
import type { Verification } from '../../db/schema.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { sayRuleIn } from '../../i18n/rule-words.js';

type Value = NonNullable<ManageTemplatesRequest['value']>;
const isFields = (value: Value): value is FormField[] => Array.isArray(value);
const isSteps = (value: Value): value is TemplateStepsUpdate => !Array.isArray(value) && 'steps' in value;
const isDetails = (value: Value): value is TemplateDetails => !Array.isArray(value) && 'title' in value;

/** How the organisation's new templates' places verify their recipients (its setting). */
async function defaultVerification(db: Database, companyId: number): Promise<Verification> {
  return (await companySettings(db, companyId))?.default_verification ?? 'none';
}

const saveTemplateTexts = {
  nothing: msg({ message: 'Say what to save: the details, the fields or the recipients.' }),
  noTitle: msg({ message: 'Please give the template a title.' }),
  noStamp: msg({ message: 'Upload your organisation\'s stamp in Settings, Company settings, before adding the stamp field "{label}".' }),
  placeKept: msg({ message: 'The field "{label}" is answered by place {place}: keep that place, or change who answers the field first.' }),
  mismatch: msg({ message: 'What was sent does not match what it says it is.' }),
  /** A new template's title until it is given one (in the language of the person who makes it). */
  untitled: msg({ message: 'Untitled template' }),
};

/** Applies `create` or `update`; answers the template's id. */
export async function saveTemplate(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  request: ManageTemplatesRequest,
  origin: Origin,
  language: Language = 'en',
): Promise<number> {
  const value = request.value;
  if (!value || !request.type) throw invalidValue(saveTemplateTexts.nothing);
  return ctx.db.transaction(async (tx) => {
    const existing = request.functions === 'update' ? await findTemplate(tx, principal.companyId, request.id ?? 0) : undefined;
    if (request.functions === 'update' && !existing) throw notFound();
    const change: TemplateChange = { updatedAt: ctx.now() };
    if (request.type === 'details' && isDetails(value)) {
      if (!value.title.trim()) throw invalidValue(saveTemplateTexts.noTitle);
      change.title = value.title.trim();
      change.description = value.description.trim();
      change.categoryId = await categoryFor(tx, principal.companyId, value.category);
    } else if (request.type === 'fields' && isFields(value)) {
      const steps = stepsOf(existing?.steps ?? []);
      change.fields = checkFields(value.map(definitionOf), steps.length, existing?.pdfPages ?? [], sayRuleIn(language));
      const byCopy = fieldOfCopyPlace(change.fields, steps);
      if (byCopy) throw invalidValue(copyPlaceAnswers(byCopy, steps));
      // A stamp field is applied with the organisation's stamp: there must be one to apply.
      const stampField = change.fields.find((field) => field.type === 'stamp');
      if (stampField && !(await companyStamp(tx, principal.companyId))) throw invalidValue(saveTemplateTexts.noStamp, { label: stampField.label });
    } else if (request.type === 'steps' && isSteps(value)) {
      const verification = await defaultVerification(tx, principal.companyId);
      const steps = checkSteps(
        value.steps.map((step) => ({
          label: step.label,
          action: step.action,
          userId: step.user_id ?? null,
          verification: step.verification ?? verification,
          allowDelegation: step.allow_delegation ?? false,
        })),
        await companyUserIds(tx, principal.companyId),
      );
      const beyond = (existing?.fields ?? []).find((field) => (field.step ?? 1) > steps.length);
      if (beyond) throw invalidValue(saveTemplateTexts.placeKept, { label: beyond.label, place: beyond.step });
      const byCopy = fieldOfCopyPlace(existing?.fields ?? [], steps);
      if (byCopy) throw invalidValue(copyPlaceAnswers(byCopy, steps));
      change.steps = steps;
      change.sequential = value.sequential;
    } else {
      throw invalidValue(saveTemplateTexts.mismatch);
    }
    let id: number;
    if (existing) {
      await updateTemplate(tx, existing.id, change);
      id = existing.id;
    } else {
      // A new template's one signer proves who they are as the organisation chooses for new templates.
      if (!change.steps) {
        const verification = await defaultVerification(tx, principal.companyId);
        change.steps = defaultSteps.map((step) => ({ ...step, verification }));
      }
      const untitled = say(language, saveTemplateTexts.untitled);
      id = await insertTemplate(tx, { title: untitled, ...change, companyId: principal.companyId, createdBy: principal.userId });
    }
    const target = change.title ?? existing?.title ?? say(language, saveTemplateTexts.untitled);
    await recordEvent(tx, {
      event: 'template-saved',
      companyId: principal.companyId,
      actor: principal,
      target,
      origin,
      details: { template: id, part: request.type, created: !existing },
    });
    return id;
  });
}
