/**
 * A note on a tenant's case, kept with its author (their name as it was) and time: by an
 * administrator on any case of the company, by anyone else on a case they hold (a case they
 * may not see is not found).
 */
import type { TenantNoteInput } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { findTenant, insertTenantNote, touchTenant } from './repository.js';
import { msg } from '#words';

export async function addTenantNote(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  input: TenantNoteInput,
  origin: Origin,
): Promise<void> {
  const text = input.text.trim();
  if (!text) throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Write the note before adding it.' }));
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const found = await findTenant(tx, principal, input.tenant);
    if (!found) throw notFound();
    await insertTenantNote(tx, { tenantId: found.tenant.id, authorId: principal.userId, author: principal.displayName, text, at: now });
    await touchTenant(tx, found.tenant.id, now);
    await recordEvent(tx, { event: 'case-noted', companyId: principal.companyId, actor: principal, target: found.tenant.name, origin });
  });
}
