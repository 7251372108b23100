/**
 * What the signed-in person reads of their account: their profile and company, the company's
 * settings, and its unused envelopes. A person or company gone since the session began is a
 * session that has ended.
 */
import type { Principal } from '../../auth/principal.js';
import { verifyAccessToken } from '../../auth/tokens.js';
import { findCompany, type CompanyRecord } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { findUser, type UserRecord } from '../users/repository.js';

const signedOut = (): AppError => new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);

export async function readAccount(ctx: Pick<ServerContext, 'db'>, principal: Principal): Promise<{ user: UserRecord; company: CompanyRecord }> {
  const [user, company] = await Promise.all([findUser(ctx.db, principal.userId), findCompany(ctx.db, principal.companyId)]);
  if (!user || !company) throw signedOut();
  return { user, company };
}

export async function readCompany(ctx: Pick<ServerContext, 'db'>, principal: Principal): Promise<CompanyRecord> {
  const company = await findCompany(ctx.db, principal.companyId);
  if (!company) throw signedOut();
  return company;
}

/** The envelopes bought and not used yet; `token` repeats the caller's token, and must be one of this very session. */
export async function countUnusedEnvelopes(ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>, principal: Principal, token: string): Promise<number> {
  const verified = await verifyAccessToken(ctx.keys, token, ctx.now());
  if (!verified || verified.sessionId !== principal.sessionId) throw signedOut();
  const company = await readCompany(ctx, principal);
  return Math.max(0, company.envelopesBought - company.envelopesUsed);
}
