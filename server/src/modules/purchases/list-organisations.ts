/**
 * The organisations of this site, to grant envelopes to (`GET /organisations`): a page of
 * them, newest first, searched by words of the name or email address, each with its envelopes
 * had, used and left. For the instance's super users only, as granting is.
 */
import type { OrganisationPage, OrganisationsQuery } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { organisationsToCount, pageOfOrganisations } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { listTotal, pageOf, searchWords } from '../../db/list-filters.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { grantsEnvelopes } from './instance-super-user.js';
import { msg } from '#words';

export const onlyInstanceSuperUsersList = msg({ message: 'Only a super user of the organisation that runs this site can list its organisations.' });

export async function listOrganisations(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  principal: Principal,
  query: OrganisationsQuery,
): Promise<OrganisationPage> {
  if (!(await grantsEnvelopes(ctx.db, principal))) throw new AppError(AppErrorCode.Forbidden, onlyInstanceSuperUsersList);
  const page = pageOf(query, ctx.config.listCountCap);
  const words = searchWords(query.search);
  const rows = await pageOfOrganisations(ctx.db, words, page);
  const total = await listTotal(ctx.db, organisationsToCount(ctx.db, words), page, rows.length);
  return {
    page: page.page,
    limit: page.limit,
    ...total,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      created: row.createdAt.toISOString(),
      envelopes: row.envelopesBought,
      used_envelopes: row.envelopesUsed,
      unused_envelopes: Math.max(0, row.envelopesBought - row.envelopesUsed),
    })),
  };
}
