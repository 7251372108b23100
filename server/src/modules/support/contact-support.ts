/**
 * Messages to support (Contact Us): kept with the company, mailed to the support address
 * (`FORMSIGN_SUPPORT_EMAIL`, replies going to the sender) and a copy to the sender, both
 * carrying the message's reference. A person sends at most five messages an hour.
 */
import { appCodes, type CodeResult, type ContactRequest } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { personLanguage } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { supportCopyMail, supportMail, type SupportRequest } from '../../mail/messages.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { findUser } from '../users/repository.js';
import { insertMessage, messagesSentSince } from './repository.js';
import { msg } from '#words';

export const messagesPerHour = 5;

export const referenceOf = (id: number): string => `SUP-${String(id).padStart(6, '0')}`;

export async function contactSupport(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'config'>,
  principal: Principal,
  request: ContactRequest,
  origin: Origin,
): Promise<CodeResult> {
  const subject = request.subject.trim().replace(/\s+/g, ' ');
  const message = request.message.trim();
  if (!subject || !message)
    throw new AppError(AppErrorCode.InvalidInput, msg({ message: 'Please write a subject and a message.' }), { appCode: '-1' });
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await messagesSentSince(ctx.db, principal.userId, hourAgo)) >= messagesPerHour) {
    throw new AppError(
      AppErrorCode.InvalidInput,
      msg({ message: 'You have sent {count} messages to support in the last hour. Please wait for an answer before writing again.' }),
      { values: { count: messagesPerHour } },
    );
  }

  const stored = await ctx.db.transaction(async (tx) => {
    const id = await insertMessage(tx, { companyId: principal.companyId, userId: principal.userId, subject, message, createdAt: now });
    await recordEvent(tx, {
      event: 'support-message',
      companyId: principal.companyId,
      actor: principal,
      target: subject,
      origin,
      details: { reference: referenceOf(id) },
    });
    return id;
  });

  const mail: SupportRequest = {
    from: { name: principal.displayName, email: principal.email, login: principal.name },
    company: { id: principal.companyId, name: principal.companyName },
    subject,
    message,
    reference: referenceOf(stored),
  };
  try {
    await ctx.mail.sendNow(supportMail(ctx.config.supportEmail, mail));
  } catch (error) {
    ctx.log.error({ err: error, reference: mail.reference }, 'A message to support could not be mailed.');
    throw new AppError(AppErrorCode.Unavailable, msg({ message: 'Your message could not be sent right now. Please try again in a few minutes.' }), {
      status: 500,
    });
  }
  try {
    // In the language the sender's account reads.
    const sender = await findUser(ctx.db, principal.userId);
    const language = sender ? await personLanguage(ctx.db, sender) : 'en';
    await ctx.mail.send(supportCopyMail(language, principal.email, principal.displayName, mail));
  } catch (error) {
    ctx.log.warn({ err: error, reference: mail.reference }, 'The copy of a message to support could not be mailed to its sender.');
  }
  return { code: 1, message: appCodes.contactSupport['1'].text };
}
