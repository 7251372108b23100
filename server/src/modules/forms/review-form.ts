/**
 * Reviews made from the lists: declining a form that waits for the person (Action Required),
 * and approving or disapproving the place a form waits on (Workflow), by the person asked to
 * review it or an administrator of the company.
 */
import type { Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { approveForm } from './approve-form.js';
import type { FormsContext } from './progression.js';
import { openPlaceOf, recipientsOf, visibleForm } from './repository.js';
import { sendBackForm } from './send-back-form.js';
import { msg } from '#words';

const reviewFormTexts = {
  notWaiting: msg({ message: 'This form is not waiting for a review.' }),
  notTheReviewer: msg({ message: 'Only the person asked to review this form, or an administrator, can review it.' }),
  waitsToFill: msg({ message: 'This form waits for {name} to fill it in, not for a review.' }),
  waitsToSign: msg({ message: 'This form waits for {name} to sign it, not for a review.' }),
};
const notWaitingForReview = reviewFormTexts.notWaiting;

/** Declines the form that waits for the person at their open place. */
export async function declineForm(ctx: FormsContext, principal: Principal, formId: number, comment: string, origin: Origin): Promise<void> {
  const place = await openPlaceOf(ctx.db, principal, formId);
  if (!place) throw notFound();
  if (!(await sendBackForm(ctx, principal, place.form, place.recipient, comment, origin))) throw notFound();
}

export interface Review {
  formId: number;
  /** The company the form is of, when the caller names it. */
  account?: number | undefined;
  disapprove: boolean;
  comment: string;
}

/** Approves, or sends back, the place the form waits on. */
export async function reviewForm(ctx: FormsContext, principal: Principal, review: Review, origin: Origin): Promise<void> {
  if (review.account !== undefined && review.account !== principal.companyId) throw notFound();
  const found = await visibleForm(ctx.db, principal, review.formId);
  if (!found || found.form.companyId !== principal.companyId) throw notFound();
  const recipients = await recipientsOf(ctx.db, found.form.id);
  const current =
    recipients.find((recipient) => recipient.status === 'open' && recipient.action === 'approve') ??
    recipients.find((recipient) => recipient.status === 'open');
  if (!current) throw new AppError(AppErrorCode.InvalidInput, notWaitingForReview);
  if (current.userId !== principal.userId && !administersCompany(principal)) {
    throw new AppError(AppErrorCode.Forbidden, reviewFormTexts.notTheReviewer);
  }
  let reviewed: boolean;
  if (review.disapprove) reviewed = await sendBackForm(ctx, principal, found.form, current, review.comment, origin);
  else if (current.action === 'approve') reviewed = await approveForm(ctx, principal, found.form, current, review.comment, origin);
  else
    throw new AppError(AppErrorCode.InvalidInput, current.action === 'fill' ? reviewFormTexts.waitsToFill : reviewFormTexts.waitsToSign, {
      values: { name: current.name },
    });
  // Someone else reviewed it first.
  if (!reviewed) throw new AppError(AppErrorCode.InvalidInput, notWaitingForReview);
}
