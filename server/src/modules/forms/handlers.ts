/**
 * The operations of a form's life: sending it, its progress (remind, at most once an hour for
 * each recipient; withdraw), signing through a link, and the lists of what waits for a
 * person, what is in progress and what is complete, with the reviews and send-backs they carry.
 */
import type { PendingForm, WorkflowItem } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import { pageOf } from '../../db/list-filters.js';
import type { RefusalBodies } from '../../http/errors.js';
import { formProgress } from './form-progress.js';
import { sealedPdfUrl } from './links.js';
import { actsOn, type ActingRecipient, type FormRecord, type FormsContext } from './progression.js';
import { hostInPerson } from './host-in-person.js';
import { previewSigningForm, type PreviewContext } from './preview-signing-form.js';
import { remindRecipient } from './remind-recipient.js';
import { resendForm } from './resend-form.js';
import { listCompleted, listPending, listWorkflow } from './repository.js';
import { declineForm, reviewForm } from './review-form.js';
import { sendForm, sendFormRefusal } from './send-form.js';
import { webSigning } from './signing.js';
import { withdrawForm } from './withdraw-form.js';
import { say } from '../../i18n/i18n.js';

type FormHandlers = Pick<
  Handlers,
  'sendForm' | 'getFormProgress' | 'manageFormProgress' | 'webSigning' | 'signingPreview' | 'listPendingForms' | 'listWorkflow' | 'listCompletedForms'
>;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A place waiting for the person, as Action Required lists it. */
function pendingForm(
  recipient: Pick<ActingRecipient, 'pageId' | 'order' | 'action'>,
  form: Pick<FormRecord, 'id' | 'reference' | 'title' | 'senderName' | 'sentAt' | 'createdAt' | 'expiresAt' | 'steps'>,
  template: string,
): PendingForm {
  return {
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
  };
}

export function formsHandlers(ctx: FormsContext & PreviewContext): FormHandlers {
  return {
    sendForm: (request) => sendForm(ctx, request.principal, request.body, request, request.language),

    getFormProgress: ({ principal, query }) => formProgress(ctx, principal, query.id),

    async manageFormProgress(request) {
      const { principal, body } = request;
      if (body.action === 'in-person') {
        const hosted = await hostInPerson(ctx, principal, { formId: body.id, order: body.order }, request);
        return {
          code: 1,
          message: say(request.language, hosted.message),
          signing_url: hosted.signingUrl,
          progress: await formProgress(ctx, principal, body.id),
        };
      }
      const message =
        body.action === 'remind'
          ? await remindRecipient(ctx, principal, { formId: body.id, order: body.order }, request)
          : body.action === 'resend'
            ? await resendForm(ctx, principal, { formId: body.id, recipients: body.recipients, message: body.message }, request)
            : await withdrawForm(ctx, principal, body.id, request);
      return { code: 1, message: say(request.language, message), progress: await formProgress(ctx, principal, body.id) };
    },

    webSigning: (request) => webSigning(ctx, request.body, request.principal, request, request.language),

    async signingPreview({ body, principal, reply }) {
      const bytes = await previewSigningForm(ctx, body, principal);
      // Made for this person and these answers: kept by no cache.
      reply.type('application/pdf').header('Content-Disposition', 'inline; filename="document.pdf"').header('Cache-Control', 'no-store');
      return bytes as unknown as string;
    },

    async listPendingForms(request) {
      const { principal, query } = request;
      if (query.disapprove !== undefined) await declineForm(ctx, principal, query.disapprove, query.comment ?? '', request);
      const paging = pageOf(query, ctx.config.listCountCap);
      const { rows, ...total } = await listPending(ctx.db, principal, paging);
      // Only open places are listed, so never one that receives a copy.
      const data: PendingForm[] = rows.flatMap(({ recipient, form, template }) =>
        actsOn(recipient) ? [pendingForm(recipient, form, template)] : [],
      );
      return { page: paging.page, limit: paging.limit, ...total, data };
    },

    async listWorkflow(request) {
      const { principal, query } = request;
      if (query.id !== undefined && query.disapprove !== undefined) {
        await reviewForm(
          ctx,
          principal,
          { formId: query.id, account: query.account, disapprove: query.disapprove === 1, comment: query.comment ?? '' },
          request,
        );
      }
      const paging = pageOf(query, ctx.config.listCountCap);
      const { rows, ...total } = await listWorkflow(ctx.db, principal, paging, query.filters ?? {});
      const data: WorkflowItem[] = rows.map(({ form, template, assignee, comment }) => ({
        id: form.id,
        account: form.companyId,
        reference: form.reference,
        title: form.title,
        template,
        status: form.status,
        step: form.currentStep,
        steps: form.steps,
        // A form sent back or declined waits for its sender to correct it and send it again.
        assignee: form.status === 'disapproved' || form.status === 'declined' ? form.senderName : assignee,
        started_at: (form.sentAt ?? form.createdAt).toISOString(),
        updated_at: form.updatedAt.toISOString(),
        comment,
      }));
      return { page: paging.page, limit: paging.limit, ...total, data };
    },

    async listCompletedForms({ principal, query }) {
      const paging = pageOf(query, ctx.config.listCountCap);
      const { rows, ...total } = await listCompleted(ctx.db, principal, paging, query.filters ?? {});
      return {
        page: paging.page,
        limit: paging.limit,
        ...total,
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
          ...(form.dataRemovedAt ? { data_removed_at: form.dataRemovedAt.toISOString() } : {}),
        })),
      };
    },
  };
}

/** The refusals of the forms' operations whose answer carries more than `{ code, message }`. */
export function formsRefusalBodies(ctx: Pick<FormsContext, 'db'>): RefusalBodies {
  return {
    sendForm: sendFormRefusal(ctx),
    manageFormProgress: (refusal) => ({ ...refusal, progress: null }),
  };
}
