/**
 * Registering an organisation with its first administrator, and activating the account from
 * the emailed link. A new organisation starts with a few envelopes to try the product.
 *
 * The answer never tells whether an email address has an account: an address that has one is
 * answered as a new one is (the password is hashed either way, and one mail is sent either
 * way), nothing is created, and the mail goes to that account's owner instead, saying someone
 * tried. A login name that is taken is refused (-2): a person signs in with it, so it must be
 * unique, and the one registering must learn to choose another. A name is chosen, not a way to
 * reach or identify a person as an address is, and guessing passwords for it meets the
 * sign-in lockout of its account.
 */
import { eq } from 'drizzle-orm';
import type { CodeResult, RegisterRequest } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { limits, takeAttempt } from '../../auth/attempts.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { activationMail, registrationAttemptMail } from '../../mail/messages.js';
import { defaultSettings } from '../account/settings.js';
import { findByEmail, findUser, nameTaken } from '../users/repository.js';
import { activationLink, activationMatches, parseActivationKey } from './links.js';
import { isUniqueViolation } from '../../db/errors.js';
import { insertCompany } from '../../companies/repository.js';

/** Envelopes a newly registered organisation gets to try the product. */
export const trialEnvelopes = 10;

const registerText = (code: keyof (typeof appCodes)['register']): CodeResult => ({ code: Number(code), message: appCodes.register[code].text });
const activateText = (code: keyof (typeof appCodes)['activate']): CodeResult => ({ code: Number(code), message: appCodes.activate[code].text });

export async function register(ctx: ServerContext, request: RegisterRequest, origin: Origin): Promise<CodeResult> {
  const name = request.name.trim();
  const email = request.email.trim();
  if (!/^[A-Za-z0-9._-]{3,60}$/.test(name)) return registerText('-1');
  if (await nameTaken(ctx.db, name)) return registerText('-2');
  const passwordHash = await ctx.passwords.hash(request.password);
  const owner = await findByEmail(ctx.db, email);
  if (owner) {
    // A few mails an hour at most, however often someone tries the address.
    const counter = { kind: 'registration-email', key: owner.email.toLowerCase(), ...limits.registrationMailsPerEmail } as const;
    if (await takeAttempt(ctx.db, [counter], ctx.now())) {
      await ctx.mail.send(registrationAttemptMail(owner.email, displayNameOf(owner), owner.name, `${ctx.config.publicUrl}/request-new-password`));
    }
    return registerText('1');
  }
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const company = await insertCompany(tx, { name: request.company_name.trim(), email, partner: request.pmachinename?.trim() ?? '', envelopesBought: trialEnvelopes, settings: defaultSettings() });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name,
          email,
          passwordHash,
          passwordChangedAt: ctx.now(),
          firstName: request.first_name.trim(),
          lastName: request.last_name.trim(),
          role: 'admin',
          class: 'Administrator',
        })
        .returning();
      if (!user) throw new Error('The user was not created.');
      await recordEvent(tx, { event: 'registered', companyId: company.id, actor: { userId: user.id, name: displayNameOf(user) }, target: company.name, origin, details: { partner: company.partner } });
      return { company, user };
    });
  } catch (error) {
    // Two registrations of the same name, or address, at once: the database's unique index
    // decides. The address's owner is mailed by the registration that made the account.
    if (isUniqueViolation(error)) return registerText((await nameTaken(ctx.db, name)) ? '-2' : '1');
    throw error;
  }
  await ctx.mail.send(activationMail(created.user.email, displayNameOf(created.user), created.company.name, activationLink(ctx.keys, ctx.config.publicUrl, created.user)));
  return registerText('1');
}

export async function activate(ctx: ServerContext, key: string, origin: Origin): Promise<CodeResult> {
  const parsed = parseActivationKey(key.trim());
  if (!parsed) return activateText('-1');
  return ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, parsed.id);
    if (!user || !activationMatches(ctx.keys, user, parsed.mac)) return activateText('-1');
    if (user.activatedAt) return activateText('-3');
    await tx.update(users).set({ activatedAt: ctx.now() }).where(eq(users.id, user.id));
    await recordEvent(tx, { event: 'activated', companyId: user.companyId, actor: { userId: user.id, name: displayNameOf(user) }, target: user.name, origin });
    return activateText('1');
  });
}
