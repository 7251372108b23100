/** Logging out: the session ends, and is audited. */
import { appCodes, type CodeResult } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { endSession } from '../../auth/session-repository.js';
import type { ServerContext } from '../../context.js';

export async function signOut(ctx: Pick<ServerContext, 'db' | 'now'>, principal: Principal, origin: Origin): Promise<CodeResult> {
  await ctx.db.transaction(async (tx) => {
    await endSession(tx, principal.sessionId, ctx.now());
    await recordEvent(tx, { event: 'logout', companyId: principal.companyId, actor: principal, target: principal.name, origin });
  });
  return { code: 1, message: appCodes.logout['1'].text };
}
