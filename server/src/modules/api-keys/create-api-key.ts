/**
 * Making an API key: its name, the role it acts as (never above administrator) and its last
 * day. The secret is answered this once and kept only as its hash; the trail records who made
 * which key (its prefix), never the secret.
 */
import { appCodes, contractLimits, type ApiKey, type CreateApiKeyRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { countLiveKeys, findCompanyKey, insertKey } from '../../auth/api-key-repository.js';
import { apiKeyLabel, newApiKey } from '../../auth/api-keys.js';
import type { Principal } from '../../auth/principal.js';
import { lockCompany } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { apiKeyOf, keyInvalid, liveKeyLimit } from './api-key-rules.js';
import { msg } from '#words';

const roles = new Set(['admin', 'personal', 'basic']);

export async function createApiKey(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  principal: Principal,
  request: CreateApiKeyRequest,
  origin: Origin,
): Promise<{ key: ApiKey; secret: string }> {
  // The contract admits administrators and super users only, and never a key; kept here too.
  if (principal.apiKey || (principal.role !== 'admin' && principal.role !== 'super'))
    throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
  const name = request.name.trim().replace(/\s+/g, ' ');
  if (!name || name.length > contractLimits['CreateApiKeyRequest.name'].maxLength) throw keyInvalid(msg({ message: 'Please give the key a name.' }));
  if (!roles.has(request.role)) throw keyInvalid();
  const expiresAt = request.expires_at ?? null;
  const today = ctx.now().toISOString().slice(0, 10);
  if (expiresAt !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(expiresAt) || expiresAt <= today))
    throw keyInvalid(msg({ message: 'The expiry date must be after today.' }));
  const made = newApiKey();
  const id = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, principal.companyId);
    if ((await countLiveKeys(tx, principal.companyId)) >= liveKeyLimit)
      throw new AppError(AppErrorCode.LimitReached, appCodes.createApiKey['-3'].text, { appCode: '-3' });
    const keyId = await insertKey(tx, {
      companyId: principal.companyId,
      name,
      role: request.role,
      hash: made.hash,
      prefix: made.prefix,
      createdBy: principal.userId,
      createdAt: ctx.now(),
      expiresAt,
    });
    await recordEvent(tx, {
      event: 'api-key-created',
      companyId: principal.companyId,
      actor: principal,
      target: apiKeyLabel({ name, prefix: made.prefix }),
      origin,
      details: { key: keyId, role: request.role, expires_at: expiresAt },
    });
    return keyId;
  });
  const row = await findCompanyKey(ctx.db, principal.companyId, id);
  if (!row) throw new AppError(AppErrorCode.Internal, failureTexts.badRequest, { detail: 'The key made was not found.' });
  return { key: apiKeyOf(row), secret: made.secret };
}
