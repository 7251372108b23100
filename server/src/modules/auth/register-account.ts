/**
 * Registering an organisation with its first administrator; the account is activated from
 * the emailed link (`activate-account.ts`). A new organisation starts with a few envelopes to
 * try the product.
 *
 * The answer never tells whether an email address has an account: an address that has one is
 * answered as a new one is (the password is hashed either way, and one mail is sent either
 * way), nothing is created, and the mail goes to that account's owner instead, saying someone
 * tried. A login name that is taken is refused (-2): a person signs in with it, so it must be
 * unique, and the one registering must learn to choose another. A name is chosen, not a way to
 * reach or identify a person as an address is, and guessing passwords for it meets the
 * sign-in lockout of its account.
 *
 * The organisation speaks the language the registration was made in (the request's, which the
 * app sets to the language it shows); its administrators may change it in Settings.
 */
import type { CodeResult, RegisterRequest } from '@formsign/sdk/contract';
import { appCodes } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { limits, takeAttempt } from '../../auth/attempts.js';
import { activationLink } from '../../auth/links.js';
import { displayNameOf } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { activationMail, registrationAttemptMail } from '../../mail/messages.js';
import { defaultSettings, languageOfSettings } from '../../companies/settings.js';
import { insertCompany, personLanguage } from '../../companies/repository.js';
import { findByEmail, insertUser, nameTaken, type UserRecord } from '../users/repository.js';
import { type Language } from '../../i18n/i18n.js';

type RegisterContext = Pick<ServerContext, 'db' | 'now' | 'mail' | 'passwords' | 'keys' | 'config'>;

/** Envelopes a newly registered organisation gets to try the product. */
export const trialEnvelopes = 10;

const taken: CodeResult = { code: 1, message: appCodes.register['1'].text };

const nameRefused = (): AppError =>
  new AppError(AppErrorCode.InvalidInput, appCodes.register['-1'].text, { appCode: '-1', detail: 'The login name is not valid.' });
const nameIsTaken = (): AppError => new AppError(AppErrorCode.Conflict, appCodes.register['-2'].text, { appCode: '-2' });

/** Tells the owner of an address that someone tried to register with it: a few mails an hour at most. */
async function tellOwner(ctx: RegisterContext, owner: UserRecord): Promise<void> {
  const counter = { kind: 'registration-email', key: owner.email.toLowerCase(), ...limits.registrationMailsPerEmail } as const;
  if (await takeAttempt(ctx.db, [counter], ctx.now())) {
    await ctx.mail.send(
      registrationAttemptMail(
        await personLanguage(ctx.db, owner),
        owner.email,
        displayNameOf(owner),
        owner.name,
        `${ctx.config.publicUrl}/request-new-password`,
      ),
    );
  }
}

export async function registerAccount(
  ctx: RegisterContext,
  request: RegisterRequest,
  origin: Origin,
  language: Language = 'en',
): Promise<CodeResult> {
  const name = request.name.trim();
  const email = request.email.trim();
  if (!/^[A-Za-z0-9._-]{3,60}$/.test(name)) throw nameRefused();
  if (await nameTaken(ctx.db, name)) throw nameIsTaken();
  const passwordHash = await ctx.passwords.hash(request.password);
  const owner = await findByEmail(ctx.db, email);
  if (owner) {
    await tellOwner(ctx, owner);
    return taken;
  }
  let created;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const company = await insertCompany(tx, {
        name: request.company_name.trim(),
        email,
        partner: request.pmachinename?.trim() ?? '',
        envelopesBought: trialEnvelopes,
        settings: { ...defaultSettings(), language },
      });
      const user = await insertUser(tx, {
        companyId: company.id,
        name,
        email,
        passwordHash,
        passwordChangedAt: ctx.now(),
        firstName: request.first_name.trim(),
        lastName: request.last_name.trim(),
        role: 'admin',
        class: 'Administrator',
      });
      await recordEvent(tx, {
        event: 'registered',
        companyId: company.id,
        actor: { userId: user.id, name: displayNameOf(user) },
        target: company.name,
        origin,
        details: { partner: company.partner },
      });
      return { company, user };
    });
  } catch (error) {
    // Two registrations of the same name, or address, at once: the database's unique index
    // decides. The address's owner is mailed by the registration that made the account.
    if (!isUniqueViolation(error)) throw error;
    if (await nameTaken(ctx.db, name)) throw nameIsTaken();
    return taken;
  }
  await ctx.mail.send(
    // A new account has no language of its own yet: its new organisation's.
    activationMail(
      languageOfSettings(created.company.settings),
      created.user.email,
      displayNameOf(created.user),
      created.company.name,
      activationLink(ctx.keys, ctx.config.publicUrl, created.user),
    ),
  );
  return taken;
}
