/**
 * A place that asks its link's holder to prove who they are before the form opens (the
 * template's `verification` for it, kept on the place when the form was sent):
 *
 * - `email-code`: six digits (crypto's `randomInt`) mailed to the recipient's address on request
 *   (`send-code`), kept only as their HMAC with the instance's key; a code works for 10 minutes,
 *   five wrong tries void it, and a new one is mailed at most once a minute and five times an hour;
 * - `access-code`: a code the sender chose and gives the recipient another way, kept only as its
 *   HMAC; five wrong tries lock it for 15 minutes.
 *
 * Codes are compared in constant time, and tries are counted under the recipient's row lock, so
 * requests sent together cannot try more than their share. The right code answers a proof: an
 * HMAC of the page id and its end (12 hours on), which every later request of the link carries
 * (`placeOfLink` refuses one without it). A link sent again has a new page id, so its old proofs
 * open nothing. The recipient the sender gave the place to, signed in, needs no code.
 */
import { randomInt } from 'node:crypto';
import type { SigningVerification } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Keys } from '../../auth/keys.js';
import type { ServerContext } from '../../context.js';
import type { AppError } from '../../errors/app-error.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { signerCodeMail } from '../../mail/messages.js';
import { maskEmail } from '../auth/second-factor.js';
import type { LinkPlace } from './open-signing-form.js';
import type { RecipientRecord } from './repository.js';
import { signingRefusal } from './signing-rules.js';
import { lockRecipient, writeVerification } from './steps-repository.js';
import { filled, msg, type Words } from '#words';
import { say, type Language } from '../../i18n/i18n.js';

export const codeMinutes = 10;
export const maxTries = 5;
export const resendSeconds = 60;
export const lockMinutes = 15;
/** At most this many codes an hour for one place: with five tries each, a guesser gets 25 an hour of a million. */
export const codesPerHour = 5;
const hourMs = 60 * 60_000;
const proofSeconds = 12 * 60 * 60;

export const verificationTexts = {
  first: msg({ message: 'Please enter your code first: this form opens once you prove who you are.' }),
  sent: (email: string): Words =>
    filled(msg({ message: 'We have sent a code to {email}. It works for {minutes} minutes.' }), { email, minutes: codeMinutes }),
  accepted: msg({ message: 'Thank you: your code is right.' }),
  wrong: (left: number): Words =>
    filled(msg({ message: 'That code is not right. You have {left, plural, one {# more try} other {# more tries}}.' }), { left }),
  voided: msg({ message: 'That code is not right, and it has been tried too many times: it no longer works. Please ask for a new code.' }),
  expired: filled(msg({ message: 'This code has expired (a code works for {minutes} minutes). Please ask for a new code.' }), {
    minutes: codeMinutes,
  }),
  askFirst: msg({ message: 'Please ask for a code first: we will email it to you.' }),
  wait: (seconds: number): Words =>
    filled(msg({ message: 'A new code can be sent in {seconds, plural, one {# second} other {# seconds}}.' }), { seconds }),
  tooMany: (minutes: number): Words =>
    filled(
      msg({
        message:
          '{codes} codes have been sent for this form in the last hour. A new code can be sent in {minutes, plural, one {# minute} other {# minutes}}.',
      }),
      { codes: codesPerHour, minutes },
    ),
  out: (email: string): Words =>
    filled(msg({ message: 'We sent a code to {email} less than {minutes} minutes ago: enter it, or ask for a new one.' }), {
      email,
      minutes: codeMinutes,
    }),
  locked: (minutes: number): Words =>
    filled(
      msg({
        message:
          'This access code has been tried too many times. Please try again in {minutes, plural, one {# minute} other {# minutes}}, or ask the sender for the code.',
      }),
      { minutes },
    ),
  notMailed: msg({ message: 'The code could not be sent just now: no email went out. Please ask for a code again.' }),
  noCodeToSend: msg({ message: 'This form asks for the access code its sender gave you: it sends no code by email.' }),
  nothingToProve: msg({ message: 'This link needs no code.' }),
  noCode: msg({ message: 'Please type your code.' }),
};

/** The code of a place that asks for it: its keyed hash (an access code is typed as given, spaces around it aside). */
export function accessCodeHash(keys: Keys, formId: number, order: number, code: string): string {
  return keys.mac('access-code', formId, order, code.trim());
}

function mailedCodeHash(keys: Keys, pageId: string, code: string): string {
  return keys.mac('signer-code', pageId, code);
}

/** The proof handed to the holder who gave the right code: its end, and the HMAC of the page id with it. */
export function proofFor(keys: Keys, pageId: string, now: Date): string {
  const end = Math.floor(now.getTime() / 1000) + proofSeconds;
  return `${end}.${keys.mac('signer-proof', pageId, end)}`;
}

function proofHolds(keys: Keys, pageId: string, proof: string, now: Date): boolean {
  const match = /^(\d{10,12})\.([\w-]{20,100})$/.exec(proof);
  if (!match) return false;
  const end = Number(match[1]);
  return end * 1000 > now.getTime() && keys.verifyMac(match[2] ?? '', 'signer-proof', pageId, end);
}

/** Whether the holder of this place must still prove who they are (a proof not given, or no longer working). */
export function proofMissing(ctx: Pick<ServerContext, 'keys' | 'now'>, place: LinkPlace, proof: string | undefined): boolean {
  if (place.via === 'account' || place.recipient.verification === 'none') return false;
  return !proofHolds(ctx.keys, place.recipient.pageId, proof ?? '', ctx.now());
}

/** A step asked for before the holder proved who they are. */
export function verifyFirst(): AppError {
  return signingRefusal(verificationTexts.first, AppErrorCode.Forbidden);
}

/** The codes mailed in the hour that started with the first of them (none once that hour is over). */
function codesThisHour(recipient: RecipientRecord, now: Date): { count: number; since: Date } {
  const since = recipient.codesSince;
  return since && now.getTime() - since.getTime() < hourMs ? { count: recipient.codesMailed, since } : { count: 0, since: now };
}

/** When a new code can be mailed: a minute after the last, and once the hour's codes are used, when that hour ends; null when it can now (or for an access code). */
function resendAt(recipient: RecipientRecord, now: Date): Date | null {
  if (recipient.verification !== 'email-code' || !recipient.codeSentAt) return null;
  const hour = codesThisHour(recipient, now);
  const next = Math.max(recipient.codeSentAt.getTime() + resendSeconds * 1000, hour.count >= codesPerHour ? hour.since.getTime() + hourMs : 0);
  return next > now.getTime() ? new Date(next) : null;
}

/** A code mailed and still working (not used, voided or past its 10 minutes). */
function codeOut(recipient: RecipientRecord, now: Date): boolean {
  return recipient.codeHash !== null && recipient.codeSentAt !== null && recipient.codeSentAt.getTime() + codeMinutes * 60_000 >= now.getTime();
}

/** What the holder is asked for, and where it stands. */
export function verificationState(
  recipient: RecipientRecord,
  now: Date,
  language: Language,
  outcome: { message?: Words; proof?: string | null; resendAt?: Date | null } = {},
): SigningVerification {
  const next = outcome.resendAt !== undefined ? outcome.resendAt : resendAt(recipient, now);
  return {
    verification: recipient.verification === 'access-code' ? 'access-code' : 'email-code',
    email: recipient.verification === 'email-code' ? maskEmail(recipient.email) : '',
    message: outcome.message
      ? say(language, outcome.message)
      : recipient.verification === 'email-code' && codeOut(recipient, now)
        ? say(language, verificationTexts.out(maskEmail(recipient.email)))
        : '',
    resend_at: next ? next.toISOString() : null,
    proof: outcome.proof ?? null,
  };
}

type VerifyContext = Pick<ServerContext, 'db' | 'keys' | 'now' | 'mail' | 'log'>;

/**
 * Mails a new code to the place's recipient, at most once a minute. The answer says it was sent
 * only once the mailer took it; a code the mailer refused is forgotten, so one may be asked for again at once.
 */
export async function sendCode(ctx: VerifyContext, place: LinkPlace, language: Language): Promise<SigningVerification> {
  const { form, recipient } = place;
  if (recipient.verification === 'none' || place.via === 'account') throw signingRefusal(verificationTexts.nothingToProve);
  if (recipient.verification !== 'email-code') throw signingRefusal(verificationTexts.noCodeToSend);
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const outcome = await ctx.db.transaction(async (tx): Promise<{ refused: Words } | { current: RecipientRecord }> => {
    const current = await lockRecipient(tx, recipient.id);
    const wait = resendAt(current, now);
    if (wait) {
      const seconds = Math.ceil((wait.getTime() - now.getTime()) / 1000);
      return { refused: seconds > resendSeconds ? verificationTexts.tooMany(Math.ceil(seconds / 60)) : verificationTexts.wait(seconds) };
    }
    const hour = codesThisHour(current, now);
    await writeVerification(tx, recipient.id, {
      codeHash: mailedCodeHash(ctx.keys, current.pageId, code),
      codeSentAt: now,
      codeFailures: 0,
      codesMailed: hour.count + 1,
      codesSince: hour.since,
    });
    return { current: { ...current, codesMailed: hour.count + 1, codesSince: hour.since, codeSentAt: now } };
  });
  if ('refused' in outcome) throw signingRefusal(outcome.refused, AppErrorCode.TooManyRequests);
  try {
    await ctx.mail.sendNow(signerCodeMail(form.language, outcome.current.email, outcome.current.name, form.title, code, codeMinutes));
  } catch (error) {
    ctx.log.warn({ err: error }, 'A signer’s code could not be mailed.');
    await ctx.db.transaction(async (tx) => {
      const current = await lockRecipient(tx, recipient.id);
      // Unless a later request mailed another code meanwhile.
      if (current.codeSentAt?.getTime() === now.getTime())
        await writeVerification(tx, recipient.id, { codeHash: null, codeSentAt: null, codesMailed: Math.max(0, current.codesMailed - 1) });
    });
    throw signingRefusal(verificationTexts.notMailed, AppErrorCode.Unavailable);
  }
  return verificationState(outcome.current, now, language, { message: verificationTexts.sent(maskEmail(outcome.current.email)) });
}

/** Checks a typed code: right, the answer carries the proof and the trail records how they proved it; wrong, the try is counted. */
export async function checkCode(
  ctx: VerifyContext,
  place: LinkPlace,
  typed: string | undefined,
  origin: Origin,
  language: Language,
): Promise<SigningVerification> {
  const { form, recipient } = place;
  if (recipient.verification === 'none' || place.via === 'account') throw signingRefusal(verificationTexts.nothingToProve);
  const code = (typed ?? '').trim();
  if (!code) throw signingRefusal(verificationTexts.noCode);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx): Promise<{ refusal: AppError } | { proved: RecipientRecord }> => {
    const current = await lockRecipient(tx, recipient.id);
    if (current.verification === 'email-code') {
      if (!current.codeHash || !current.codeSentAt) return { refusal: signingRefusal(verificationTexts.askFirst) };
      if (current.codeSentAt.getTime() + codeMinutes * 60_000 < now.getTime()) {
        await writeVerification(tx, current.id, { codeHash: null });
        return { refusal: signingRefusal(verificationTexts.expired, AppErrorCode.Expired) };
      }
      // Six digits, as mailed: anything else is a wrong try too.
      if (!ctx.keys.verifyMac(current.codeHash, 'signer-code', current.pageId, code)) {
        const failures = current.codeFailures + 1;
        if (failures >= maxTries) {
          await writeVerification(tx, current.id, { codeHash: null, codeFailures: failures });
          return { refusal: signingRefusal(verificationTexts.voided, AppErrorCode.LimitReached) };
        }
        await writeVerification(tx, current.id, { codeFailures: failures });
        return { refusal: signingRefusal(verificationTexts.wrong(maxTries - failures)) };
      }
    } else {
      if (current.codeLockedUntil && current.codeLockedUntil.getTime() > now.getTime()) {
        const minutes = Math.ceil((current.codeLockedUntil.getTime() - now.getTime()) / 60_000);
        return { refusal: signingRefusal(verificationTexts.locked(minutes), AppErrorCode.TooManyRequests) };
      }
      if (!current.accessCodeHash || !ctx.keys.verifyMac(current.accessCodeHash, 'access-code', form.id, current.order, code)) {
        const failures = current.codeFailures + 1;
        if (failures >= maxTries) {
          await writeVerification(tx, current.id, { codeFailures: 0, codeLockedUntil: new Date(now.getTime() + lockMinutes * 60_000) });
          return { refusal: signingRefusal(verificationTexts.locked(lockMinutes), AppErrorCode.TooManyRequests) };
        }
        await writeVerification(tx, current.id, { codeFailures: failures });
        return { refusal: signingRefusal(verificationTexts.wrong(maxTries - failures)) };
      }
    }
    // A mailed code works once.
    await writeVerification(tx, current.id, { codeHash: null, codeFailures: 0, codeLockedUntil: null, verifiedAt: now });
    await recordEvent(tx, {
      event: 'verified',
      companyId: form.companyId,
      actor: { userId: current.userId, name: current.name },
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: current.order, by: current.verification, ...(current.verification === 'email-code' ? { to: current.email } : {}) },
    });
    return { proved: current };
  });
  // Thrown once the tries are kept.
  if ('refusal' in outcome) throw outcome.refusal;
  return verificationState(outcome.proved, now, language, {
    message: verificationTexts.accepted,
    proof: proofFor(ctx.keys, outcome.proved.pageId, now),
    resendAt: null,
  });
}
