/**
 * Reviews the current step of a form in progress: approve it (a comment is optional) or
 * disapprove it (a comment is required). A failure keeps the dialog open with the comment.
 */
import type { WorkflowItem } from '@formsign/sdk';
import type { WorkflowReview } from '@formsign/machines';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNotify } from '../../../shell/notifications.tsx';
import { CommentDialog } from '../comment-dialog.tsx';

export interface ReviewDialogProps {
  item: WorkflowItem;
  open: boolean;
  review(review: WorkflowReview): Promise<void>;
  onClose(): void;
}

export function ReviewDialog({ item, open, review, onClose }: ReviewDialogProps) {
  const notify = useNotify();
  const { t } = useLingui();
  const { reference, step, steps } = item;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (disapprove: 0 | 1, comment: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await review({ account: item.account, id: item.id, disapprove, comment });
      notify(
        disapprove
          ? { type: 'success', title: t`Step disapproved`, description: t`${reference} went back with your comment.` }
          : { type: 'success', title: t`Step approved`, description: t`Step ${step} of ${steps} of ${reference} is approved.` },
      );
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <CommentDialog
      open={open}
      title={t`Review step ${step} of ${steps}`}
      label={t`Comment`}
      hint={t`Needed when you disapprove; the people on the form see it.`}
      missingComment={t`Please write why you disapprove this step.`}
      busy={busy}
      error={error}
      onCancel={onClose}
      choices={[
        { label: t`Approve step`, requiresComment: false, onChoose: (comment) => void send(0, comment) },
        { label: t`Disapprove`, danger: true, requiresComment: true, onChoose: (comment) => void send(1, comment) },
      ]}
    >
      <div className="dialog__summary">
        <dl>
          <dt>
            <Trans>Form</Trans>
          </dt>
          <dd>{item.title}</dd>
          <dt>
            <Trans>Reference</Trans>
          </dt>
          <dd>{item.reference}</dd>
          <dt>
            <Trans>Waiting for</Trans>
          </dt>
          <dd>{item.assignee}</dd>
          {item.comment ? (
            <>
              <dt>
                <Trans>Last comment</Trans>
              </dt>
              <dd>{item.comment}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </CommentDialog>
  );
}
