/** Archiving, restoring or deleting templates of the company, one or several at once. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { ownTemplateIds, updateCompanyTemplates } from './repository.js';

export type StatusChange = 'archive' | 'restore' | 'delete';

/** Changes the templates among `ids` that are the company's; answers their ids. */
export async function changeTemplatesStatus(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  action: StatusChange,
  ids: readonly number[],
  origin: Origin,
): Promise<number[]> {
  const own = await ownTemplateIds(ctx.db, principal.companyId, ids);
  if (own.length === 0) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const change =
      action === 'delete'
        ? { deletedAt: now, updatedAt: now }
        : { status: action === 'archive' ? ('archived' as const) : ('active' as const), updatedAt: now };
    await updateCompanyTemplates(tx, principal.companyId, own, change);
    const event = action === 'delete' ? 'template-deleted' : 'template-saved';
    await recordEvent(tx, {
      event,
      companyId: principal.companyId,
      actor: principal,
      target: `${own.length} template(s)`,
      origin,
      details: { templates: own, action },
    });
  });
  return own;
}
