/**
 * Filing a sent form on a tenant's case, or taking it off: the form must be one the person
 * may see, and the case one they may see (an administrator: any of the company's; anyone
 * else: a case they hold). Another company's form or case is not found.
 */
import type { FileFormRequest, FormCase } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { setFormTenant, visibleForm } from '../forms/repository.js';
import { findTenant, touchTenant } from './repository.js';

export async function fileFormOnCase(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  request: FileFormRequest,
  origin: Origin,
): Promise<FormCase> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await visibleForm(tx, principal, request.form);
    if (!found) throw notFound();
    const onto = request.tenant === null ? null : await findTenant(tx, principal, request.tenant);
    if (onto === undefined) throw notFound();
    const before = found.form.tenantId;
    // Taking a form off a case the person may not see is refused as if the form were not there.
    if (before !== null && onto === null && !(await findTenant(tx, principal, before))) throw notFound();
    await setFormTenant(tx, found.form.id, onto ? onto.tenant.id : null);
    for (const tenantId of new Set([before, onto?.tenant.id ?? null])) if (tenantId !== null) await touchTenant(tx, tenantId, now);
    await recordEvent(tx, {
      event: 'form-filed',
      companyId: principal.companyId,
      actor: principal,
      target: found.form.reference,
      formId: found.form.id,
      origin,
      details: { tenant: onto ? onto.tenant.id : null, was: before },
    });
    return { form: found.form.id, tenant: onto ? { id: onto.tenant.id, name: onto.tenant.name } : null };
  });
}
