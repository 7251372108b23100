/**
 * Sending a failed delivery again by hand (`sendDeliveryAgain`): the form is delivered
 * through that integration now, and the new attempt is answered. Refused for a delivery that
 * succeeded, for a form delivered through the integration since, and for what is not the
 * company's.
 */
import type { Delivery } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { badRequest } from '../../http/errors.js';
import { deliverForm, type DeliveryContext } from './deliver-form.js';
import { unknownIntegration } from './integration-rules.js';
import { deliveredThrough, findDelivery, findIntegration, type DeliveryRecord } from './repository.js';

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

export async function sendDeliveryAgain(ctx: DeliveryContext, principal: Principal, request: { sid: number; delivery: number }): Promise<Delivery> {
  const item = await findIntegration(ctx.db, principal.companyId, request.sid);
  if (!item) throw badRequest(unknownIntegration);
  const attempt = await findDelivery(ctx.db, item.id, request.delivery);
  if (!attempt) throw badRequest('This delivery does not exist.');
  if (attempt.status === 'delivered') throw badRequest('This delivery succeeded: there is nothing to send again.');
  if ((await deliveredThrough(ctx.db, attempt.formId, [item.id])).has(item.id))
    throw badRequest(`${attempt.reference} has been delivered through this integration since.`);
  const [outcome] = await deliverForm(ctx, attempt.formId, item.id);
  const made = outcome?.delivery ? await findDelivery(ctx.db, item.id, outcome.delivery) : undefined;
  if (!made) throw badRequest(`${attempt.reference} can no longer be delivered: it is not a completed form any more.`);
  return deliveryView(made);
}
