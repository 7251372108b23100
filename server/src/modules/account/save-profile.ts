/**
 * Saving the signed-in person's details (`PUT /user`). Names, phone and job title are saved
 * as given. The email address and the password are what identify a person, so changing
 * either needs the current password (counted with the account's sign-in attempts). A new
 * password takes effect at once, ends the person's other sessions and cancels a change of
 * address under way. A new address does not take effect: it waits as the pending address,
 * a link is mailed to it and a notice to the current address, and it becomes the account's
 * address only when that link is followed (`confirm-email.ts`). Whether another account has
 * the address is not told here: the link's mailbox is told when it follows the link.
 */
import { emailPattern, type ProfileUpdate } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { limits, takeAttempt } from '../../auth/attempts.js';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import { personLanguage } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';

import { failureTexts } from '../../http/texts.js';
import { emailChangeMail, emailChangeNoticeMail } from '../../mail/messages.js';
import { checkCurrentPassword } from '../auth/current-password.js';
import { emailChangeLink, emailChangeLinkHours } from '../../auth/links.js';
import { minimumPasswordLength } from '../auth/password-reset.js';
import { endSessionsOf } from '../../auth/session-repository.js';
import { dropPendingEmail, findUser, updateUser, type UserChange, type UserRecord } from '../users/repository.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { msg, filled, type Words } from '#words';

export const profileTexts = {
  saved: msg({ message: 'Your details have been saved.' }),
  invalidEmail: msg({ message: 'Please enter a valid email address.' }),
  passwordNeeded: msg({ message: 'Please enter your current password to change your email address or your password.' }),
  wrongPassword: msg({ message: 'Your current password is not correct.' }),
  attemptLimit: msg({ message: 'Attempt limit exceeded, please try after some time.' }),
  tooManyChanges: msg({ message: 'You have asked to change your email address five times in the last hour. Please try again later.' }),
  linkNotSent: msg({
    message:
      'The link to confirm your new email address could not be sent, so your email address was not changed. Please try again in a few minutes.',
  }),
  passwordTooShort: msg({ message: 'Your password must be at least {length} characters long.' }),
  passwordSaved: msg({ message: 'Your new password has been saved.' }),
  detailsAndPasswordSaved: msg({ message: 'Your details and your new password have been saved.' }),
  linkMailed: msg({
    message:
      'We have emailed a link to {email}. Your email address changes when the link is followed, within {hours} hours; until then it stays {current}.',
  }),
  otherDetailsAndPasswordSavedLinkMailed: msg({
    message:
      'Your other details and your new password have been saved. We have emailed a link to {email}. Your email address changes when the link is followed, within {hours} hours; until then it stays {current}.',
  }),
  otherDetailsSavedLinkMailed: msg({
    message:
      'Your other details have been saved. We have emailed a link to {email}. Your email address changes when the link is followed, within {hours} hours; until then it stays {current}.',
  }),
  passwordSavedLinkMailed: msg({
    message:
      'Your new password has been saved. We have emailed a link to {email}. Your email address changes when the link is followed, within {hours} hours; until then it stays {current}.',
  }),
};

/** What the answer says was saved, and what waits for the link. */
function savedMessage(data: ProfileUpdate, user: UserRecord, newEmail: string | null): Words {
  const details = (['first_name', 'last_name', 'phone', 'job_title', 'language'] as const).some((field) => data[field] !== undefined);
  const password = data.password !== undefined;
  if (!newEmail) return password && !details ? profileTexts.passwordSaved : password ? profileTexts.detailsAndPasswordSaved : profileTexts.saved;
  const mailed =
    details && password
      ? profileTexts.otherDetailsAndPasswordSavedLinkMailed
      : details
        ? profileTexts.otherDetailsSavedLinkMailed
        : password
          ? profileTexts.passwordSavedLinkMailed
          : profileTexts.linkMailed;
  return filled(mailed, { email: newEmail, hours: emailChangeLinkHours, current: user.email });
}

/** The answer's message and the saved account. */
export async function saveProfile(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'keys' | 'config' | 'passwords'>,
  principal: Principal,
  data: ProfileUpdate,
  origin: Origin,
): Promise<{ message: Words; user: UserRecord }> {
  const user = await findUser(ctx.db, principal.userId);
  if (!user) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
  const now = ctx.now();
  const change: UserChange = {};
  if (data.first_name !== undefined) change.firstName = data.first_name.trim();
  if (data.last_name !== undefined) change.lastName = data.last_name.trim();
  if (data.phone !== undefined) change.phone = data.phone.trim();
  if (data.job_title !== undefined) change.jobTitle = data.job_title.trim();
  if (data.language !== undefined) change.language = data.language;

  // The address sent is a change only when it differs from the current one (the app sends it
  // with every save).
  const typed = data.email?.trim();
  const newEmail = typed !== undefined && typed !== user.email ? typed : null;
  if (newEmail !== null && !emailPattern.test(newEmail)) throw new AppError(AppErrorCode.InvalidInput, profileTexts.invalidEmail);
  if (data.password !== undefined && data.password.length < minimumPasswordLength)
    throw new AppError(AppErrorCode.InvalidInput, profileTexts.passwordTooShort, { values: { length: minimumPasswordLength } });

  if (newEmail !== null || data.password !== undefined) {
    if (!data.current_password) throw new AppError(AppErrorCode.InvalidInput, profileTexts.passwordNeeded);
    const check = await checkCurrentPassword(ctx, user, data.current_password, origin);
    if (check === 'locked') throw new AppError(AppErrorCode.InvalidInput, profileTexts.attemptLimit);
    if (check === 'wrong') throw new AppError(AppErrorCode.InvalidInput, profileTexts.wrongPassword);
  }
  if (newEmail !== null && !(await takeAttempt(ctx.db, [{ kind: 'email-change', key: `user:${user.id}`, ...limits.emailChangesPerAccount }], now))) {
    throw new AppError(AppErrorCode.InvalidInput, profileTexts.tooManyChanges);
  }
  if (data.password !== undefined) {
    change.passwordHash = await ctx.passwords.hash(data.password);
    change.passwordChangedAt = now;
    // A new password cancels a change of address under way (its link then answers so).
    change.pendingEmail = null;
    change.pendingEmailAt = null;
  }
  if (newEmail !== null) {
    change.pendingEmail = newEmail;
    change.pendingEmailAt = now;
  }

  const saved = await ctx.db.transaction(async (tx) => {
    const row = Object.keys(change).length ? await updateUser(tx, user.id, change) : user;
    if (!row) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
    // A new password ends the person's other sessions; this one goes on.
    if (change.passwordHash) await endSessionsOf(tx, user.id, now, principal.sessionId);
    const fields = Object.keys(data).filter((key) => key !== 'password' && key !== 'current_password' && (key !== 'email' || newEmail !== null));
    await recordEvent(tx, {
      event: 'profile-saved',
      companyId: principal.companyId,
      actor: principal,
      target: user.email,
      origin,
      details: { fields },
    });
    if (newEmail !== null)
      await recordEvent(tx, {
        event: 'email-change-requested',
        companyId: principal.companyId,
        actor: principal,
        target: user.email,
        origin,
        details: { to: newEmail },
      });
    return row;
  });

  if (newEmail !== null) {
    const name = displayNameOf(user);
    const link = emailChangeLink(ctx.keys, ctx.config.publicUrl, { userId: user.id, timestamp: Math.floor(now.getTime() / 1000), email: newEmail });
    try {
      // Both in the language the account reads, as it is saved now.
      const language = await personLanguage(ctx.db, saved);
      await ctx.mail.sendNow(emailChangeMail(language, newEmail, name, link, emailChangeLinkHours));
      await ctx.mail.send(emailChangeNoticeMail(language, user.email, name, newEmail, emailChangeLinkHours));
    } catch (error) {
      ctx.log.warn({ err: error }, 'The link to a new email address could not be mailed.');
      // Nothing waits for a link that was not sent (unless a later change replaced this one).
      await dropPendingEmail(ctx.db, user.id, now);
      throw new AppError(AppErrorCode.Unavailable, profileTexts.linkNotSent, { status: 500 });
    }
  }
  return { message: savedMessage(data, user, newEmail), user: saved };
}
