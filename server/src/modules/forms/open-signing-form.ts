/**
 * A signing link opened: the place it names, proven by the link's token or by being signed in
 * as the user of the form's company the sender gave the place to (an email address proves
 * nothing), and the form as that recipient sees it. The first load of an open place is
 * audited as the form being opened.
 */
import type { SigningForm, WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { delegateTexts, mayHandOver } from './delegate-place.js';
import { documentPages } from '../templates/page-images.js';
import { sealedPdfUrl, sentPdfUrl, tokenMatches } from './links.js';
import { actsOn, hasActed, type ActingRecipient } from './progression.js';
import { firstOpenName, placeOfPage, recipientsOf, type FormRecord } from './repository.js';
import {
  editableFields,
  expired,
  fieldsFor,
  invalidLink,
  signingCompany,
  signingRefusal,
  signingStamp,
  signingTexts,
  withdrawnForm,
} from './signing-rules.js';
import { handedOnLink, markOpened } from './steps-repository.js';
import { proofMissing, verifyFirst } from './verify-signer.js';
import { filled, msg } from '#words';

export interface LinkPlace {
  form: FormRecord;
  recipient: ActingRecipient;
  via: 'link' | 'account';
}

/**
 * The place a link names, when its holder proves they are its recipient: by the link's token
 * and, where the place asks for it, the proof of the code they gave (`verify-signer.ts`); or
 * by being signed in as its user. `unproven` lets through a holder who has yet to give the
 * code (to be asked for it).
 */
export async function placeOfLink(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  request: Pick<WebSigningRequest, 'id' | 'token' | 'proof'>,
  principal: Principal | null,
  options: { unproven?: boolean } = {},
): Promise<LinkPlace> {
  const row = await placeOfPage(ctx.db, request.id);
  if (!row) {
    // An earlier link of a place handed on: its holder is told why it opens nothing.
    if (tokenMatches(ctx.keys, request.id, request.token ?? '') && (await handedOnLink(ctx.db, request.id)))
      throw new AppError(AppErrorCode.NotFound, delegateTexts.handedOn);
    throw invalidLink();
  }
  const { form, recipient } = row;
  // A place that receives a copy has no page: it was never given a link to act with.
  if (!actsOn(recipient)) throw invalidLink();
  const byToken = tokenMatches(ctx.keys, recipient.pageId, request.token ?? '');
  // The account the sender gave this place (a user of the form's company); an email address never identifies anyone.
  const byUser =
    principal !== null &&
    recipient.userId !== null &&
    recipient.userId === principal.userId &&
    recipient.companyId === principal.companyId &&
    form.companyId === principal.companyId;
  if (!byToken && !byUser) throw invalidLink();
  if (form.status === 'cancelled' || form.deletedAt) throw withdrawnForm();
  const place: LinkPlace = { form, recipient, via: byUser ? 'account' : 'link' };
  if (!options.unproven && proofMissing(ctx, place, request.proof)) throw verifyFirst();
  return place;
}

async function signingForm(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now' | 'jobs'>,
  form: FormRecord,
  recipient: ActingRecipient,
  principal: Principal | null,
): Promise<SigningForm> {
  const stopped = form.status === 'declined' || form.status === 'disapproved';
  const open = recipient.status === 'open' && form.status !== 'completed' && !stopped;
  const company = await signingCompany(ctx, form.companyId);
  const stopper = stopped ? (await recipientsOf(ctx.db, form.id)).find((place) => place.status === form.status) : undefined;
  return {
    id: recipient.pageId,
    language: form.language,
    title: form.title,
    message: form.message,
    sender: company.name ? `${form.senderName}, ${company.name}` : form.senderName,
    signer: { name: recipient.name, email: recipient.email, order: recipient.order },
    status:
      form.status === 'completed'
        ? 'completed'
        : form.status === 'declined' || form.status === 'disapproved'
          ? form.status
          : hasActed(recipient) || !open
            ? 'signed'
            : 'open',
    stopped: stopper ? { name: stopper.name, reason: stopper.comment } : null,
    fields: fieldsFor(form, recipient, open),
    // The initials kept with the holder's draft, applied again to their initials fields while the place is open.
    initials: open ? (recipient.initials ?? null) : null,
    expires_at: form.expiresAt ? form.expiresAt.toISOString() : null,
    // A complete form's copy for the person who signed it, once sealed (the page asks again until then).
    pdf: form.status === 'completed' ? sealedPdfUrl(ctx, form) : null,
    allow_typed_signature: company.typedSignature,
    // The sites that may embed this page: it tells its parent page what happens only when the parent is one of them.
    embed_origins: company.embedOrigins,
    action: recipient.action,
    // The organisation's way of writing dates: the page shows every date in it, to a signer without an account too.
    date_format: company.dates.format,
    timezone: company.dates.timeZone,
    // The PDF it was sent with, whose pages the signing page shows with each field in its place.
    document: sentPdfUrl(ctx, form),
    // Its pages as images, shown without reading the PDF, once the server has drawn them.
    document_pages: await documentPages(ctx, form.pdfKey),
    // The place may be handed on to someone else now (its template allows it, and it has not been handed on too often).
    allow_delegation: open && (await mayHandOver(ctx.db, recipient)),
    // Its template, for a signed-in person of its company (whose data sources for it may fill their answers); not for a link's holder.
    template_id: principal !== null && principal.companyId === form.companyId ? form.templateId : null,
    // The organisation's stamp, for a place that applies one now.
    ...(open && recipient.action !== 'approve' ? signingStamp(ctx, editableFields(form, recipient), company.stamp) : {}),
  };
}

/** A place whose turn has not come, saying whose it is. */
export const notYourTurnTexts = {
  named: msg({ message: 'This form is not ready for you yet: {name} acts first. You will get an email when it is your turn.' }),
  someoneElse: msg({ message: 'This form is not ready for you yet: someone else acts first. You will get an email when it is your turn.' }),
};

/**
 * The form as the recipient of the place sees it (`principal`, who opened it, when signed in);
 * a place whose turn has not come is refused, saying whose it is.
 */
export async function openSigningForm(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now' | 'jobs'>,
  form: FormRecord,
  recipient: ActingRecipient,
  principal: Principal | null,
  origin: Origin,
): Promise<WebSigningResponse> {
  const now = ctx.now();
  if (recipient.status === 'waiting') {
    const first = await firstOpenName(ctx.db, form.id);
    throw signingRefusal(first ? filled(notYourTurnTexts.named, { name: first }) : notYourTurnTexts.someoneElse, AppErrorCode.Conflict);
  }
  if (expired(form, now) && recipient.status === 'open') throw signingRefusal(signingTexts.expired, AppErrorCode.Expired);
  if (recipient.status === 'open' && !recipient.openedAt) {
    await ctx.db.transaction(async (tx) => {
      // Opened once, however many loads arrive together.
      if (!(await markOpened(tx, recipient.id, now))) return;
      await recordEvent(tx, {
        event: 'opened',
        companyId: form.companyId,
        actor: { userId: recipient.userId, name: recipient.name },
        target: form.reference,
        formId: form.id,
        origin,
        details: { order: recipient.order },
      });
    });
  }
  return { data: await signingForm(ctx, form, recipient, principal), error: '' };
}
