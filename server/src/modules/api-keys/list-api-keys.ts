/** The organisation's API keys, newest first, without their secrets. */
import type { ApiKey } from '@formsign/sdk/contract';
import { listCompanyKeys } from '../../auth/api-key-repository.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { apiKeyOf, listedKeyLimit } from './api-key-rules.js';

export async function listApiKeys(ctx: Pick<ServerContext, 'db'>, principal: Principal): Promise<ApiKey[]> {
  const rows = await listCompanyKeys(ctx.db, principal.companyId, listedKeyLimit);
  return rows.map(apiKeyOf);
}
