/**
 * Sends a pending form back to its sender with a required comment (`GET /pending-form` with
 * `disapprove` and `comment`). A failure keeps the dialog open, with the comment as typed.
 */
import type { PendingForm } from '@formsign/sdk';
import { formsApi } from '@formsign/sdk';
import { area } from '../../../api/client.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { formatDateTime, useDateStyle } from '../../../lists/format.ts';
import { useNotify } from '../../../shell/notifications.tsx';
import { CommentDialog } from '../comment-dialog.tsx';

const formsCalls = area(formsApi);

export interface SendBackDialogProps {
  form: PendingForm;
  open: boolean;
  /** The list's current page, which the call answers refreshed. */
  page: number;
  limit: number;
  onClose(): void;
  onSent(): void;
}

export function SendBackDialog({ form, open, page, limit, onClose, onSent }: SendBackDialogProps) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const notify = useNotify();
  const send = useMutation((comment: string, options) => formsCalls.pending({ page, limit, disapprove: form.id, comment }, options), {
    onSuccess: () => {
      notify({ type: 'success', title: 'Form sent back', description: `${form.reference} went back to ${form.from} with your comment.` });
      onSent();
    },
  });
  return (
    <CommentDialog
      open={open}
      title="Send this form back"
      label="Why are you sending it back?"
      hint={`${form.from} sees this comment and can correct the form.`}
      missingComment="Please write why you are sending this form back."
      busy={send.busy}
      error={send.error}
      onCancel={onClose}
      choices={[{ label: 'Send back', danger: true, requiresComment: true, onChoose: (comment) => void send.run(comment) }]}
    >
      <div className="dialog__summary">
        <dl>
          <dt>Form</dt>
          <dd>{form.title}</dd>
          <dt>Reference</dt>
          <dd>{form.reference}</dd>
          <dt>From</dt>
          <dd>
            {form.from}, {formatDateTime(form.sent_at)}
          </dd>
        </dl>
      </div>
    </CommentDialog>
  );
}
