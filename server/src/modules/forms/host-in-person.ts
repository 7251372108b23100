/**
 * Signing in person: the sender of a sent form (or an administrator of its organisation) opens
 * the place whose turn it is on their own device and hands it to its recipient, who signs or
 * fills it in there. No mail goes out. The place gets a new page, reached only through this
 * answer: the link mailed before stops working, so the signature cannot also come from it, and
 * the certificate's "signed in person" is true of whoever signs the place. A reminder mails a
 * new link, which ends the hosting (`remind-recipient.ts`).
 *
 * A place that asks for a code still asks for it on the hosted page: an emailed code is the one
 * proof the host cannot give for the recipient (it goes to the recipient's mailbox); an access
 * code is asked too, as the template says, though its host, who chose it, knows it. The trail's
 * `hosted` event records which. An approver is never hosted: they sign in with their own account.
 */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { freshPage, recipientLink } from './links.js';
import { formToManage, nothingToDo } from './managed-form.js';
import { actsOn, type FormsContext } from './progression.js';
import { recipientsOf } from './repository.js';
import { expired } from './signing-rules.js';
import { hostPlace, lockForm } from './steps-repository.js';
import { filled, msg, type Words } from '#words';

export const hostTexts = {
  apiKey: msg({ message: 'Signing in person is hosted by a person signed in on the device the signer uses, not by an API key.' }),
  approver: (name: string): Words =>
    filled(msg({ message: '{name} approves the form: an approver signs in with their own account, so cannot sign on your device.' }), { name }),
  copy: (name: string): Words => filled(msg({ message: '{name} receives a copy and has nothing to sign.' }), { name }),
  yours: msg({ message: 'This place is yours: open it from Action Required.' }),
  notTheirTurn: (name: string): Words =>
    filled(msg({ message: "It is not {name}'s turn: only the place whose turn it is can be signed in person." }), { name }),
  noPlace: (order: number): Words => filled(msg({ message: 'This form has no recipient at place {order}.' }), { order }),
  expired: msg({ message: 'This form has expired: it can no longer be signed, in person or by link.' }),
  handOverToFill: msg({
    message: 'Hand this device to {name}: the form opens for them to fill in here. The link mailed to them before no longer works.',
  }),
  handOverToSign: msg({
    message: 'Hand this device to {name}: the form opens for them to sign here. The link mailed to them before no longer works.',
  }),
};

export interface Hosted {
  message: Words;
  /** The place's new signing page, as a path of this site. */
  signingUrl: string;
}

export async function hostInPerson(
  ctx: FormsContext,
  principal: Principal,
  input: { formId: number; order?: number | undefined },
  origin: Origin,
): Promise<Hosted> {
  if (principal.apiKey) throw new AppError(AppErrorCode.Forbidden, hostTexts.apiKey);
  // The sender or an administrator of the form's organisation, on a form still open.
  const form = await formToManage(ctx.db, principal, input.formId);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockForm(tx, form.id);
    const places = await recipientsOf(tx, form.id);
    const place =
      input.order === undefined
        ? places.find((recipient) => recipient.status === 'open')
        : places.find((recipient) => recipient.order === input.order);
    if (!place) throw input.order === undefined ? nothingToDo() : new AppError(AppErrorCode.InvalidInput, hostTexts.noPlace(input.order));
    if (!actsOn(place)) throw new AppError(AppErrorCode.InvalidInput, hostTexts.copy(place.name));
    if (place.action === 'approve') throw new AppError(AppErrorCode.InvalidInput, hostTexts.approver(place.name));
    if (place.status !== 'open') throw nothingToDo(hostTexts.notTheirTurn(place.name));
    if (expired(form, now)) throw nothingToDo(hostTexts.expired);
    if (place.userId !== null && place.userId === principal.userId) throw new AppError(AppErrorCode.InvalidInput, hostTexts.yours);
    const page = freshPage(ctx.keys);
    const hosted = await hostPlace(tx, place.id, { ...page, host: principal.displayName, now });
    if (!hosted || !actsOn(hosted)) throw nothingToDo(hostTexts.notTheirTurn(place.name));
    await recordEvent(tx, {
      event: 'hosted',
      companyId: form.companyId,
      actor: principal,
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: hosted.order, for: hosted.name, verification: hosted.verification },
    });
    const link = new URL(recipientLink(ctx.keys, ctx.config.publicUrl, hosted));
    return {
      message: filled(hosted.action === 'fill' ? hostTexts.handOverToFill : hostTexts.handOverToSign, { name: hosted.name }),
      signingUrl: `${link.pathname}${link.search}`,
    };
  });
}
