/**
 * The operations of a form's life: sending it, its progress (remind, at most once an hour for
 * each recipient; withdraw), signing through a link, and the lists of what waits for a
 * person, what is in progress and what is complete, with the reviews and send-backs they carry.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { appCodes, type FormProgress, type PendingForm, type WorkflowItem } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { formRecipients, forms } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { afterProgress, mailFacts, progress, sendAfterCommit, turnMails, type FormRecord, type RecipientRecord } from './progression.js';
import { listCompleted, listPending, listWorkflow, openPlaceOf, recipientsOf, visibleForm } from './repository.js';
import { sendForm } from './send.js';
import { sealedPdfUrl } from './links.js';
import { lockForm, takeStep } from './steps.js';
import { webSigning } from './signing.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';

type FormHandlers = Pick<Handlers, 'sendForm' | 'getFormProgress' | 'manageFormProgress' | 'webSigning' | 'listPendingForms' | 'listWorkflow' | 'listCompletedForms'>;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const notWaitingForReview = 'This form is not waiting for a review.';

/** A recipient is reminded at most once in this long. */
const reminderGap = 60 * 60_000;

const minutes = (count: number): string => `${count} ${count === 1 ? 'minute' : 'minutes'}`;

/** Why a reminder cannot go yet, and when it can. */
function tooSoon(name: string, last: Date, now: Date): string {
  const ago = Math.floor((now.getTime() - last.getTime()) / 60_000);
  const left = Math.max(1, Math.ceil((last.getTime() + reminderGap - now.getTime()) / 60_000));
  return `${name} was reminded ${ago < 1 ? 'less than a minute' : minutes(ago)} ago. The next reminder can be sent in ${minutes(left)}.`;
}

function progressOf(ctx: ServerContext, form: FormRecord, template: string, recipients: readonly RecipientRecord[]): FormProgress {
  const next = form.status === 'completed' || form.status === 'cancelled' || form.status === 'disapproved' ? [] : recipients.filter((recipient) => recipient.status === 'open');
  return {
    id: form.id,
    reference: form.reference,
    title: form.title,
    template,
    status: form.status,
    sequential: form.sequential,
    sender: form.senderName,
    message: form.message,
    sent_at: iso(form.sentAt),
    expires_at: iso(form.expiresAt),
    completed_at: iso(form.completedAt),
    pdf: sealedPdfUrl(ctx, form),
    recipients: recipients.map((recipient) => ({
      order: recipient.order,
      label: recipient.label,
      name: recipient.name,
      email: recipient.email,
      action: recipient.action,
      status: recipient.status,
      opened_at: iso(recipient.openedAt),
      acted_at: iso(recipient.actedAt),
      reminders: recipient.remindersSent,
      last_reminded_at: iso(recipient.lastRemindedAt),
      comment: recipient.comment,
      next: next.some((open) => open.id === recipient.id),
    })),
  };
}

/** The sender and the company's administrators manage a sent form. */
function manages(principal: Principal, form: FormRecord): boolean {
  return form.companyId === principal.companyId && (administersCompany(principal) || form.senderId === principal.userId);
}

/**
 * A person sends a form back (declines it, or disapproves it) with their comment. False when
 * the place was acted on (or the form closed) meanwhile: nothing is changed.
 */
async function sendBack(ctx: ServerContext, principal: Principal, form: FormRecord, recipient: RecipientRecord, comment: string, origin: Origin): Promise<boolean> {
  const text = comment.trim();
  if (!text) throw new AppError(AppErrorCode.InvalidInput, 'Please say why you send the form back.');
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockForm(tx, form.id);
    if (!(await takeStep(tx, recipient.id, { status: 'disapproved', actedAt: ctx.now(), comment: text, ip: origin.ip, userAgent: origin.userAgent }))) return null;
    await recordEvent(tx, { event: 'disapproved', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin, details: { order: recipient.order, comment: text } });
    return progress(ctx, tx, form.id, origin);
  });
  if (!outcome) return false;
  await afterProgress(ctx, outcome);
  return true;
}

/** Approves a place waiting for a review; false when it was acted on (or the form closed) meanwhile. */
async function approve(ctx: ServerContext, principal: Principal, form: FormRecord, recipient: RecipientRecord, comment: string, origin: Origin): Promise<boolean> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockForm(tx, form.id);
    if (!(await takeStep(tx, recipient.id, { status: 'approved', actedAt: ctx.now(), comment: comment.trim(), ip: origin.ip, userAgent: origin.userAgent }))) return null;
    await recordEvent(tx, { event: 'approved', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin, details: { order: recipient.order, onBehalfOf: recipient.userId === principal.userId ? null : recipient.name } });
    return progress(ctx, tx, form.id, origin);
  });
  if (!outcome) return false;
  await afterProgress(ctx, outcome);
  return true;
}

const closedStatuses: ReadonlySet<FormRecord['status']> = new Set(['completed', 'cancelled', 'disapproved']);

export function formsHandlers(ctx: ServerContext): FormHandlers {
  return {
    sendForm: (request) => sendForm(ctx, request.principal, request.body, request),

    async getFormProgress({ principal, query }) {
      const found = await visibleForm(ctx.db, principal, query.id);
      if (!found) throw notFound();
      return progressOf(ctx, found.form, found.template, await recipientsOf(ctx.db, found.form.id));
    },

    async manageFormProgress(request) {
      const { principal, body } = request;
      const found = await visibleForm(ctx.db, principal, body.id);
      if (!found) throw notFound();
      const { form } = found;
      if (!manages(principal, form)) throw new AppError(AppErrorCode.Forbidden, 'Only the sender of this form, or an administrator, can do this.');
      const closed = closedStatuses.has(form.status);
      const nothing = { code: -3, message: appCodes.manageFormProgress['-3'].text, progress: null };
      if (closed) return nothing;
      const now = ctx.now();
      let message: string;
      if (body.action === 'remind') {
        const recipients = await recipientsOf(ctx.db, form.id);
        const target = body.order ? recipients.find((recipient) => recipient.order === body.order) : recipients.find((recipient) => recipient.status === 'open');
        const notWaiting = (name: string) => ({ code: -3, message: `${name} is not waiting to act: there is no one to remind.`, progress: null });
        if (!target || target.status !== 'open') return target ? notWaiting(target.name) : nothing;
        // At most one reminder an hour: taken with the reminder itself, so requests made together send one.
        const reminded = await ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .update(formRecipients)
            .set({ remindersSent: sql`${formRecipients.remindersSent} + 1`, lastRemindedAt: now })
            .where(and(eq(formRecipients.id, target.id), eq(formRecipients.status, 'open'), or(isNull(formRecipients.lastRemindedAt), lte(formRecipients.lastRemindedAt, new Date(now.getTime() - reminderGap)))))
            .returning();
          if (row) await recordEvent(tx, { event: 'reminded', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin: request, details: { order: target.order, to: target.email } });
          return row;
        });
        if (!reminded) {
          const [current] = await ctx.db.select().from(formRecipients).where(eq(formRecipients.id, target.id));
          if (!current?.lastRemindedAt || current.status !== 'open') return notWaiting(target.name);
          const wait = Math.max(1, Math.ceil((current.lastRemindedAt.getTime() + reminderGap - now.getTime()) / 1000));
          throw new AppError(AppErrorCode.TooManyRequests, tooSoon(current.name, current.lastRemindedAt, now), { retryAfterSeconds: wait });
        }
        await sendAfterCommit(ctx, turnMails(ctx, await mailFacts(ctx.db, form), [reminded], true));
        message = `A reminder has been sent to ${target.name}.`;
      } else {
        const withdrawn = await ctx.db.transaction(async (tx) => {
          // Under the form's lock: a signature that completed or closed it first stands.
          if (closedStatuses.has((await lockForm(tx, form.id)).status)) return false;
          await tx.update(forms).set({ status: 'cancelled', updatedAt: now }).where(eq(forms.id, form.id));
          await tx
            .update(formRecipients)
            .set({ status: 'cancelled' })
            .where(and(eq(formRecipients.formId, form.id), inArray(formRecipients.status, ['open', 'waiting'])));
          await recordEvent(tx, { event: 'cancelled', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin: request });
          return true;
        });
        if (!withdrawn) return nothing;
        message = 'The form has been withdrawn: its links no longer work.';
      }
      const after = await visibleForm(ctx.db, principal, form.id);
      if (!after) throw notFound();
      return { code: 1, message, progress: progressOf(ctx, after.form, after.template, await recipientsOf(ctx.db, form.id)) };
    },

    webSigning: (request) => webSigning(ctx, request.body, request.principal, request),

    async listPendingForms(request) {
      const { principal, query } = request;
      if (query.disapprove !== undefined) {
        const place = await openPlaceOf(ctx.db, principal, query.disapprove);
        if (!place) throw notFound();
        if (!(await sendBack(ctx, principal, place.form, place.recipient, query.comment ?? '', request))) throw notFound();
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? 25;
      const { total, rows } = await listPending(ctx.db, principal, { page, limit });
      const data: PendingForm[] = rows.map(({ recipient, form, template }) => ({
        id: form.id,
        page_id: recipient.pageId,
        reference: form.reference,
        title: form.title,
        template,
        from: form.senderName,
        sent_at: (form.sentAt ?? form.createdAt).toISOString(),
        due_at: iso(form.expiresAt),
        step: recipient.order,
        steps: form.steps,
        action: recipient.action,
      }));
      return { page, limit, total, data };
    },

    async listWorkflow(request) {
      const { principal, query } = request;
      if (query.id !== undefined && query.disapprove !== undefined) {
        if (query.account !== undefined && query.account !== principal.companyId) throw notFound();
        const found = await visibleForm(ctx.db, principal, query.id);
        if (!found || found.form.companyId !== principal.companyId) throw notFound();
        const recipients = await recipientsOf(ctx.db, found.form.id);
        const current = recipients.find((recipient) => recipient.status === 'open' && recipient.action === 'approve') ?? recipients.find((recipient) => recipient.status === 'open');
        if (!current) throw new AppError(AppErrorCode.InvalidInput, notWaitingForReview);
        if (current.userId !== principal.userId && !administersCompany(principal)) throw new AppError(AppErrorCode.Forbidden, 'Only the person asked to review this form, or an administrator, can review it.');
        let reviewed: boolean;
        if (query.disapprove === 1) reviewed = await sendBack(ctx, principal, found.form, current, query.comment ?? '', request);
        else if (current.action === 'approve') reviewed = await approve(ctx, principal, found.form, current, query.comment ?? '', request);
        else throw new AppError(AppErrorCode.InvalidInput, `This form waits for ${current.name} to ${current.action === 'fill' ? 'fill it in' : 'sign it'}, not for a review.`);
        // Someone else reviewed it first.
        if (!reviewed) throw new AppError(AppErrorCode.InvalidInput, notWaitingForReview);
      }
      const page = query.page ?? 1;
      const limit = query.limit ?? 25;
      const { total, rows } = await listWorkflow(ctx.db, principal, { page, limit }, query.filters ?? {});
      const data: WorkflowItem[] = rows.map(({ form, template, assignee, comment }) => ({
        id: form.id,
        account: form.companyId,
        reference: form.reference,
        title: form.title,
        template,
        status: form.status,
        step: form.currentStep,
        steps: form.steps,
        assignee: form.status === 'disapproved' ? form.senderName : assignee,
        started_at: (form.sentAt ?? form.createdAt).toISOString(),
        updated_at: form.updatedAt.toISOString(),
        comment,
      }));
      return { page, limit, total, data };
    },

    async listCompletedForms({ principal, query }) {
      const page = query.page ?? 1;
      const limit = query.limit ?? 25;
      const { total, rows } = await listCompleted(ctx.db, principal, { page, limit }, query.filters ?? {});
      return {
        page,
        limit,
        total,
        data: rows.map(({ form, template, signers }) => ({
          id: form.id,
          reference: form.reference,
          title: form.title,
          template_id: form.templateId,
          template,
          submitted_by: form.senderName,
          completed_at: (form.completedAt ?? form.updatedAt).toISOString(),
          signers: Number(signers),
          pdf: sealedPdfUrl(ctx, form) ?? '',
        })),
      };
    },
  };
}

