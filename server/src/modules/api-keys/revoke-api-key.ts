/** Revoking an API key: it stops working at the next call, on every server process. */
import { appCodes, type ApiKey } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { findCompanyKey, revokeKey } from '../../auth/api-key-repository.js';
import { apiKeyLabel } from '../../auth/api-keys.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { apiKeyOf } from './api-key-rules.js';

export async function revokeApiKey(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, id: number, origin: Origin): Promise<ApiKey> {
  if (principal.apiKey || (principal.role !== 'admin' && principal.role !== 'super'))
    throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  await ctx.db.transaction(async (tx) => {
    // Another organisation's key is not there, as one that never was.
    const key = await findCompanyKey(tx, principal.companyId, id);
    if (!key) throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
    if (!(await revokeKey(tx, principal.companyId, id, ctx.now())))
      throw new AppError(AppErrorCode.Conflict, appCodes.revokeApiKey['-2'].text, { appCode: '-2' });
    await recordEvent(tx, {
      event: 'api-key-revoked',
      companyId: principal.companyId,
      actor: principal,
      target: apiKeyLabel(key),
      origin,
      details: { key: key.id },
    });
  });
  const row = await findCompanyKey(ctx.db, principal.companyId, id);
  if (!row) throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
  return apiKeyOf(row);
}
