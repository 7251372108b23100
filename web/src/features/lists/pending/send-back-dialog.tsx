/**
 * Sends a pending form back to its sender with a required comment (`GET /pending-form` with
 * `disapprove` and `comment`). A failure keeps the dialog open, with the comment as typed.
 */
import type { PendingForm } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { reference, from } = form;
  const send = useMutation((comment: string, options) => formsCalls.pending({ page, limit, disapprove: form.id, comment }, options), {
    onSuccess: () => {
      notify({ type: 'success', title: t`Form sent back`, description: t`${reference} went back to ${from} with your comment.` });
      onSent();
    },
  });
  return (
    <CommentDialog
      open={open}
      title={t`Send this form back`}
      label={t`Why are you sending it back?`}
      hint={t`${from} sees this comment and can correct the form.`}
      missingComment={t`Please write why you are sending this form back.`}
      busy={send.busy}
      error={send.error}
      onCancel={onClose}
      choices={[{ label: t`Send back`, danger: true, requiresComment: true, onChoose: (comment) => void send.run(comment) }]}
    >
      <div className="dialog__summary">
        <dl>
          <dt>
            <Trans>Form</Trans>
          </dt>
          <dd>{form.title}</dd>
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{form.reference}</dd>
          <dt>
            <Trans context="sender">From</Trans>
          </dt>
          <dd>
            {form.from}, {formatDateTime(form.sent_at)}
          </dd>
        </dl>
      </div>
    </CommentDialog>
  );
}
