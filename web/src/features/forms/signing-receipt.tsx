/** What the signer sees once the form is sent: what happened, who signs next, or that it is complete. */
import type { SigningReceipt } from '@formsign/sdk';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SigningMode } from './signing-intro.tsx';
import type { SigningAction } from '@formsign/machines';

const headings: Record<SigningReceipt['status'], string> = {
  saved: 'Your answers are saved',
  signed: 'Thank you: the form is signed and sent',
  approved: 'You approved this form',
  disapproved: 'You disapproved this form',
  declined: 'You declined this form',
  delegated: 'You handed this form on',
};

/** The receipt's heading: what the person did (a review), else what the server says happened. */
function headingOf(receipt: SigningReceipt, action: SigningAction): string {
  if (action === 'approve') return headings.approved;
  if (action === 'disapprove') return headings.disapproved;
  return headings[receipt.status];
}

function nextStep(receipt: SigningReceipt, action: SigningAction): string {
  // The server's own message already says where a returned form went: said once, not twice.
  if (action === 'disapprove' || receipt.status === 'disapproved') return receipt.message ? '' : 'It has gone back to its sender with your comment.';
  if (receipt.status === 'declined') return receipt.message ? '' : 'It has stopped and gone back to its sender with your reason.';
  if (receipt.status === 'delegated') return receipt.message ? '' : `${receipt.next} now has your place. Your link no longer opens this form.`;
  if (receipt.completed) return 'Everyone has signed: the form is complete, and the sender has the finished copy.';
  // The next person may sign, fill in or approve: their email asks them to do whichever it is.
  if (receipt.next) return `Next: ${receipt.next}, who is being emailed to take their turn.`;
  return 'Nothing more is needed from you.';
}

/** `children`: what follows the outcome (the signed copy, when the form is complete). */
export function SigningReceiptCard({
  receipt,
  mode,
  action,
  children,
}: {
  receipt: SigningReceipt;
  mode: SigningMode;
  action: SigningAction;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const returned = action === 'disapprove' || receipt.status === 'disapproved' || receipt.status === 'declined' || receipt.status === 'delegated';
  const tone = returned ? 'signing__receipt--returned' : 'signing__receipt--done';
  return (
    <section className={`card signing__receipt ${tone}`} aria-labelledby="receipt-title">
      <div className="signing__receipt-mark" aria-hidden="true">
        {returned ? '↩' : '✓'}
      </div>
      <h2 id="receipt-title" ref={heading} tabIndex={-1}>
        {headingOf(receipt, action)}
      </h2>
      {receipt.message ? <p>{receipt.message}</p> : null}
      {nextStep(receipt, action) ? <p data-testid="receipt-next">{nextStep(receipt, action)}</p> : null}
      {children}
      {mode === 'review' ? (
        <Link className="button" to="/pending">
          Back to Action Required
        </Link>
      ) : (
        <p className="muted">You can close this window now.</p>
      )}
    </section>
  );
}
