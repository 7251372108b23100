/**
 * Inviting people: each becomes a user of the inviter's company with no password yet, and is
 * mailed a link to choose one (valid seven days, once). One result code per person, in the
 * order sent: 1 sent, -1 a field is not valid, -2 already a user, 0 anything else.
 */
import type { InviteResult, InviteUser } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { invitationMail } from '../../mail/messages.js';
import { invitationLinkDays, passwordLink } from '../../auth/links.js';
import { freeLoginName, loginTaken } from './repository.js';
import { findCompany } from '../../companies/repository.js';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The role a class gives: the Administrator class administers the company. */
export function roleOfClass(userClass: string): 'admin' | 'basic' {
  return userClass.trim().toLowerCase() === 'administrator' ? 'admin' : 'basic';
}

export async function inviteUsers(ctx: ServerContext, inviter: Principal, people: readonly InviteUser[], origin: Origin): Promise<InviteResult[]> {
  const company = await findCompany(ctx.db, inviter.companyId);
  const results: InviteResult[] = [];
  for (const person of people) {
    const email = person.email.trim();
    if (!emailPattern.test(email) || email.length > 254) {
      results.push(-1);
      continue;
    }
    try {
      if (await loginTaken(ctx.db, email, email)) {
        results.push(-2);
        continue;
      }
      const userClass = person.class?.trim() || 'Staff';
      const invited = await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            companyId: inviter.companyId,
            name: await freeLoginName(tx, email),
            email,
            firstName: person.first_name?.trim() ?? '',
            lastName: person.last_name?.trim() ?? '',
            class: userClass,
            role: roleOfClass(userClass),
          })
          .returning();
        if (!user) throw new Error('The user was not created.');
        await recordEvent(tx, { event: 'invited', companyId: inviter.companyId, actor: inviter, target: email, origin });
        return user;
      });
      const name = `${invited.firstName} ${invited.lastName}`.trim();
      await ctx.mail.send(invitationMail(email, name, inviter.displayName, company?.name ?? '', passwordLink(ctx.keys, ctx.config.publicUrl, invited, ctx.now()), invitationLinkDays));
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
