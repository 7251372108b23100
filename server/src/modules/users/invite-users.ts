/**
 * Inviting people: each becomes a user of the inviter's company with no password yet, and is
 * mailed a link to choose one (valid seven days, once). One result code per person, in the
 * order sent: 1 sent, -1 a field is not valid, -2 already a user, 0 anything else.
 */
import { contractLimits, emailPattern, type InviteResult, type InviteUser } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { invitationMail } from '../../mail/messages.js';
import { invitationLinkDays, passwordLink } from '../../auth/links.js';
import { freeLoginName, insertUser, loginTaken } from './repository.js';
import { roleOfClass } from './user-rules.js';
import { findCompany } from '../../companies/repository.js';
import { languageOfPerson } from '../../companies/settings.js';

export async function inviteUsers(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'keys' | 'config'>,
  inviter: Principal,
  people: readonly InviteUser[],
  origin: Origin,
): Promise<InviteResult[]> {
  const company = await findCompany(ctx.db, inviter.companyId);
  const results: InviteResult[] = [];
  for (const person of people) {
    const email = person.email.trim();
    if (!emailPattern.test(email) || email.length > contractLimits.EmailAddress.maxLength) {
      results.push(-1);
      continue;
    }
    try {
      if (await loginTaken(ctx.db, email, email)) {
        results.push(-2);
        continue;
      }
      const userClass = person.class?.trim() || 'Staff';
      await ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          companyId: inviter.companyId,
          name: await freeLoginName(tx, email),
          email,
          firstName: person.first_name?.trim() ?? '',
          lastName: person.last_name?.trim() ?? '',
          class: userClass,
          role: roleOfClass(userClass),
        });
        await recordEvent(tx, { event: 'invited', companyId: inviter.companyId, actor: inviter, target: email, origin });
        // The invitation goes with the change that makes the account: both, or neither.
        await ctx.mail.send(
          // A new account has no language of its own yet: its organisation's.
          invitationMail(
            languageOfPerson(user, company?.settings),
            email,
            `${user.firstName} ${user.lastName}`.trim(),
            inviter.displayName,
            company?.name ?? '',
            passwordLink(ctx.keys, ctx.config.publicUrl, user, ctx.now()),
            invitationLinkDays,
            user.name,
          ),
          { tx },
        );
      });
      results.push(1);
    } catch (error) {
      if (isUniqueViolation(error)) {
        results.push(-2);
        continue;
      }
      ctx.log.error({ err: error }, 'An invitation failed.');
      results.push(0);
    }
  }
  return results;
}
