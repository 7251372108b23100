/**
 * Granting envelopes without a payment (`POST /grant-envelopes`, the instance's super users):
 * where no payment provider is configured, the people who run the instance add envelopes to an
 * organisation that asked for them. Only a super user of the instance's own organisation (the
 * first, made at first start) may: a super user of another organisation is refused, or any
 * organisation could give itself envelopes. The grant and its reason are in the trail of the
 * organisation that receives them, and of the one that gave them when that is another.
 */
import type { EnvelopesGranted, GrantEnvelopesRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { addEnvelopes, findCompany } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { badRequest } from '../../http/errors.js';
import { grantsEnvelopes } from './instance-super-user.js';
import { msg } from '#words';

export const onlyInstanceSuperUsers = msg({ message: 'Only a super user of the organisation that runs this site can grant envelopes.' });

export async function grantEnvelopes(
  ctx: Pick<ServerContext, 'db'>,
  principal: Principal,
  grant: GrantEnvelopesRequest,
  origin: Origin,
): Promise<EnvelopesGranted> {
  if (!(await grantsEnvelopes(ctx.db, principal))) throw new AppError(AppErrorCode.Forbidden, onlyInstanceSuperUsers);
  const reason = grant.reason.trim();
  if (!reason) throw badRequest(msg({ message: 'Please say why the envelopes are granted.' }));
  return ctx.db.transaction(async (tx) => {
    const company = await findCompany(tx, grant.company);
    if (!company) throw badRequest(msg({ message: 'There is no such organisation.' }));
    await addEnvelopes(tx, company.id, grant.envelopes);
    const details = { envelopes: grant.envelopes, reason, to: { id: company.id, name: company.name } };
    const target = `${grant.envelopes.toLocaleString('en-GB')} envelopes to ${company.name}`;
    await recordEvent(tx, { event: 'envelopes-granted', companyId: company.id, actor: principal, target, origin, details });
    if (company.id !== principal.companyId)
      await recordEvent(tx, { event: 'envelopes-granted', companyId: principal.companyId, actor: principal, target, origin, details });
    const after = await findCompany(tx, company.id);
    const bought = after?.envelopesBought ?? 0;
    const used = after?.envelopesUsed ?? 0;
    return { company: company.id, name: company.name, envelopes: bought, unused_envelopes: Math.max(0, bought - used) };
  });
}
