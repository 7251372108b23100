/**
 * Forgotten passwords. A request answers 1 (then 201 for repeats within the hour) whatever the
 * address (`request-password-reset.ts`): whether an account has it is looked up off the
 * request, by the job the request queues, which mails that account a one-hour link (an
 * unknown or blocked address gets nothing). So no answer, and no delay, tells whether an
 * account has the address; the mailbox's owner is the one who learns it. Setting the new
 * password from the link: `set-new-password.ts`.
 */
import { recordEvent } from '../../audit/audit.js';
import { passwordLink } from '../../auth/links.js';
import { displayNameOf } from '../../auth/principal.js';
import { personLanguage } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { resetMail } from '../../mail/messages.js';
import { findByEmail } from '../users/repository.js';

export const minimumPasswordLength = 8;

/** What the job of a reset request is given: the address typed, and where the request came from. */
export interface ResetRequest {
  email: string;
  ip: string;
  userAgent: string;
}

/** The job of a reset request: mails a link to the account that has the address, if any. */
export async function mailResetLink(ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'keys' | 'config'>, request: ResetRequest): Promise<void> {
  const user = await findByEmail(ctx.db, request.email);
  // Unknown, and blocked, accounts: nothing is sent.
  if (!user || user.blockedAt) return;
  // In the language the account reads (its own, else its organisation's), looked up here with the account.
  const language = await personLanguage(ctx.db, user);
  await ctx.mail.send(resetMail(language, user.email, displayNameOf(user), passwordLink(ctx.keys, ctx.config.publicUrl, user, ctx.now())));
  await recordEvent(ctx.db, {
    event: 'password-reset-requested',
    companyId: user.companyId,
    actor: { userId: user.id, name: displayNameOf(user) },
    target: user.name,
    origin: { ip: request.ip, userAgent: request.userAgent },
  });
}
