/**
 * Renewing a session from its refresh token: a new token pair, the old refresh token spent.
 * The spent token presented again within `refreshGraceMs` of its renewal answers the same
 * pair (two tabs, or a retried request, renewing at once both go on); later, it ends its
 * session (someone copied it).
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import { lockLiveSession, lockSessionSpending, recordRenewal, endSession } from '../../auth/session-repository.js';
import { digest } from '../../auth/tokens.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { tokensFor, type SignedIn } from './sessions.js';

/** How long the refresh token a renewal spent still renews, answering the same new pair. */
export const refreshGraceMs = 10_000;

/**
 * The refresh token that follows `spentHash` in a session. It is derived from the spent one
 * with the instance's secret rather than drawn at random, so a renewal within the grace can
 * answer it again without any token being kept in the database.
 */
function nextRefreshToken(ctx: Pick<ServerContext, 'keys'>, sessionId: string, spentHash: string): string {
  return `rt_${ctx.keys.mac('refresh-token', sessionId, spentHash)}`;
}

/** The renewed session's tokens; null when the session cannot go on. */
async function renewed(ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now'>, refreshToken: string, origin: Origin): Promise<SignedIn | null> {
  const now = ctx.now();
  const hash = digest(refreshToken);
  return ctx.db.transaction(async (tx) => {
    // A renewal under way holds the row: one with the same token waits for it, then finds the
    // token spent (the row's refresh hash is no longer this one) and takes the grace below.
    const live = await lockLiveSession(tx, hash, now);
    if (live) {
      if (live.user.blockedAt || live.deviceBlocked) return null;
      const next = nextRefreshToken(ctx, live.session.id, hash);
      await recordRenewal(tx, live.session.id, { refreshHash: digest(next), previousRefreshHash: hash, refreshedAt: now, ip: origin.ip });
      return tokensFor(ctx, tx, live.user, live.session.id, next, now);
    }

    const spent = await lockSessionSpending(tx, hash);
    if (!spent) return null;
    const { session, user } = spent;
    const next = nextRefreshToken(ctx, session.id, hash);
    const renewedAt = session.refreshedAt;
    const withinGrace =
      renewedAt !== null && now.getTime() - renewedAt.getTime() <= refreshGraceMs && session.refreshHash === digest(next) && session.expiresAt > now;
    if (withinGrace) {
      if (user.blockedAt || spent.deviceBlocked) return null;
      return tokensFor(ctx, tx, user, session.id, next, renewedAt);
    }
    await endSession(tx, session.id, now);
    await recordEvent(tx, {
      event: 'logout',
      companyId: user.companyId,
      actor: 'system',
      level: 'warning',
      target: user.name,
      details: { reason: 'A spent refresh token was used again; the session was ended.' },
      origin,
    });
    return null;
  });
}

/**
 * Renews the session of a refresh token (none sent: refused alike). Refused with -1 when it
 * cannot go on; a copied token's session is ended before the refusal.
 */
export async function renewSession(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'config' | 'now'>,
  refreshToken: string | undefined,
  origin: Origin,
): Promise<SignedIn> {
  const signedIn = refreshToken ? await renewed(ctx, refreshToken, origin) : null;
  if (!signedIn) throw new AppError(AppErrorCode.Unauthorized, '', { appCode: '-1', detail: 'The refresh token does not renew a session.' });
  return signedIn;
}
