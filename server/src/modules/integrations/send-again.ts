/**
 * Sending a failed delivery again by hand (`sendDeliveryAgain`): the form's delivery through
 * that integration is queued (the `deliver-form` job, given the integration), and the answer
 * says so at once; the new attempt is recorded, with its outcome, when the job has made it.
 * Through the queue, a click never delivers a form while the queue delivers it too, and a
 * second click while the first waits queues nothing more. Refused for a delivery that
 * succeeded, for a form delivered through the integration since, for a form that is no
 * longer a completed one of the integration's template, and for what is not the company's.
 */
import type { Delivery, DeliveryQueued } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { findForm } from '../forms/completed-forms-repository.js';
import { integrationTexts, unknownIntegration } from './integration-rules.js';
import { deliveredThrough, findDelivery, findIntegration, type DeliveryRecord } from './repository.js';
import { filled } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

export function deliveryView(row: DeliveryRecord): Delivery {
  return {
    id: row.id,
    at: row.at.toISOString(),
    form_id: row.formId,
    reference: row.reference,
    status: row.status,
    files: row.files,
    detail: row.detail,
  };
}

export async function sendDeliveryAgain(
  ctx: Pick<ServerContext, 'db' | 'jobs'>,
  principal: Principal,
  request: { sid: number; delivery: number },
  language: Language = 'en',
): Promise<DeliveryQueued> {
  const item = await findIntegration(ctx.db, principal.companyId, request.sid);
  if (!item) throw badRequest(unknownIntegration);
  const attempt = await findDelivery(ctx.db, item.id, request.delivery);
  if (!attempt) throw badRequest(integrationTexts.noDelivery);
  if (attempt.status === 'delivered') throw badRequest(integrationTexts.delivered);
  if ((await deliveredThrough(ctx.db, attempt.formId, [item.id])).has(item.id))
    throw badRequest(filled(integrationTexts.deliveredSince, { reference: attempt.reference }));
  const form = await findForm(ctx.db, attempt.formId);
  if (!form || form.status !== 'completed' || form.deletedAt || form.companyId !== item.companyId || form.templateId !== item.templateId)
    throw badRequest(filled(integrationTexts.notDeliverable, { reference: attempt.reference, title: item.title }));
  await ctx.jobs.enqueue('deliver-form', { formId: attempt.formId, integration: item.id });
  return {
    delivery: attempt.id,
    form_id: attempt.formId,
    reference: attempt.reference,
    message: say(language, integrationTexts.queued, { reference: attempt.reference }),
  };
}
