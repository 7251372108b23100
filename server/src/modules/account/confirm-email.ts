/**
 * Confirming a new email address from the link mailed to it (`POST /confirm-email`): the one
 * way an address becomes an account's after it was created. The link's key is checked first
 * (the server made it), then that its change is the one waiting (the pending address and
 * the time it was asked), that it is at most a day old, and that no other account has the
 * address. The person's sessions go on: every request reads the person afresh, so they see
 * the new address at once, and each of them proved the password already.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CodeResult } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { emailChangeLinkHours, readEmailChangeKey } from '../auth/links.js';

type ConfirmCode = keyof (typeof appCodes)['confirmEmail'];

const answer = (code: ConfirmCode): CodeResult => ({ code: Number(code), message: appCodes.confirmEmail[code].text });

export async function confirmEmail(ctx: ServerContext, key: string, origin: Origin): Promise<CodeResult> {
  const change = readEmailChangeKey(ctx.keys, key.trim());
  if (!change) return answer('-1');
  const now = ctx.now();
  const address = change.email.toLowerCase();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Held until the end: the same link followed twice at once is confirmed once.
      const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
      if (!user) return answer('-1');
      const waiting = user.pendingEmail?.toLowerCase() === address && user.pendingEmailAt !== null && Math.floor(user.pendingEmailAt.getTime() / 1000) === change.timestamp;
      if (!waiting) return answer(user.email.toLowerCase() === address ? '-3' : '-4');
      if (now.getTime() - change.timestamp * 1000 > emailChangeLinkHours * 60 * 60_000) return answer('-5');
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${address}`, ne(users.id, user.id)))
        .limit(1);
      if (other) return answer('-2');
      await tx.update(users).set({ email: user.pendingEmail ?? change.email, pendingEmail: null, pendingEmailAt: null }).where(eq(users.id, user.id));
      await recordEvent(tx, {
        event: 'email-changed',
        companyId: user.companyId,
        actor: { userId: user.id, name: displayNameOf(user) },
        target: user.name,
        origin,
        details: { from: user.email, to: user.pendingEmail },
      });
      return answer('1');
    });
  } catch (error) {
    // Another account took the address between the check and the change: the unique index decides.
    if (isUniqueViolation(error)) return answer('-2');
    throw error;
  }
}
