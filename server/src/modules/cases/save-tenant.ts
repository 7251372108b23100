/**
 * Opening a tenant's case, or changing it (its details, status, caseworker, standing notes):
 * an administrator's work (`x-roles`). The caseworker is a user of the company: another
 * company's user, or none, is refused in words the administrator can act on. Closing a case
 * is its status `closed`; nothing is deleted, so the forms and notes on it stay.
 */
import { emailPattern, type TenantInput } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { findCompanyUser } from '../users/repository.js';
import { insertTenant, updateTenant, type TenantFields } from './repository.js';
import { msg, type Text } from '#words';

export const notACompanyUser = msg({ message: 'The caseworker must be a user of your company.' });

function invalid(message: Text): AppError {
  return new AppError(AppErrorCode.InvalidInput, message);
}

/** The fields to store, trimmed and checked. */
function fieldsOf(input: TenantInput): TenantFields {
  const name = input.name.trim();
  if (!name) throw invalid(msg({ message: 'Give the tenant a name.' }));
  const email = input.email.trim();
  if (email && !new RegExp(emailPattern).test(email)) throw invalid(msg({ message: 'The email address is not valid.' }));
  const fields: TenantFields = {
    name,
    address: input.address.trim(),
    phone: input.phone.trim(),
    email,
    status: input.status,
    caseworkerId: input.caseworker_id ?? null,
  };
  if (input.opened_at !== undefined) fields.openedAt = input.opened_at;
  if (input.notes !== undefined) fields.notes = input.notes.trim();
  return fields;
}

/** Saves the case; answers its id. */
export async function saveTenant(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, input: TenantInput, origin: Origin): Promise<number> {
  const fields = fieldsOf(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    if (fields.caseworkerId !== null && fields.caseworkerId !== undefined && !(await findCompanyUser(tx, principal.companyId, fields.caseworkerId)))
      throw invalid(notACompanyUser);
    let id = input.id;
    if (id === undefined) id = await insertTenant(tx, principal.companyId, fields, now);
    else if (!(await updateTenant(tx, principal.companyId, id, fields, now))) throw notFound();
    await recordEvent(tx, {
      event: 'case-saved',
      companyId: principal.companyId,
      actor: principal,
      target: fields.name,
      origin,
      details: { tenant: id, status: fields.status, caseworker: fields.caseworkerId, opened: input.id === undefined },
    });
    return id;
  });
}
