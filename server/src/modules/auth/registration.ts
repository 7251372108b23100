/**
 * Registering an organisation with its first administrator, and activating the account from
 * the emailed link. A new organisation starts with a few envelopes to try the product.
 */
import { eq } from 'drizzle-orm';
import type { CodeResult, RegisterRequest } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { companies, users } from '../../db/schema.js';
import { activationMail } from '../../mail/messages.js';
import { defaultSettings } from '../account/settings.js';
import { findUser, loginTaken } from '../users/repository.js';
import { activationLink, activationMatches, parseActivationKey } from './links.js';
import { isUniqueViolation } from '../../db/errors.js';

/** Envelopes a newly registered organisation gets to try the product. */
export const trialEnvelopes = 10;

const registerText = (code: keyof (typeof appCodes)['register']): CodeResult => ({ code: Number(code), message: appCodes.register[code].text });
const activateText = (code: keyof (typeof appCodes)['activate']): CodeResult => ({ code: Number(code), message: appCodes.activate[code].text });

export async function register(ctx: ServerContext, request: RegisterRequest, origin: Origin): Promise<CodeResult> {
  const name = request.name.trim();
  const email = request.email.trim();
  if (!/^[A-Za-z0-9._-]{3,60}$/.test(name)) return registerText('-1');
  if (await loginTaken(ctx.db, name, email)) return registerText('-2');
  const passwordHash = await ctx.passwords.hash(request.password);
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: request.company_name.trim(), email, partner: request.pmachinename?.trim() ?? '', envelopesBought: trialEnvelopes, settings: defaultSettings() })
        .returning();
      if (!company) throw new Error('The company was not created.');
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
    // Two registrations of the same name at once: the database's unique index decides.
    if (isUniqueViolation(error)) return registerText('-2');
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
