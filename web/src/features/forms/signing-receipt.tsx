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
};

/** The receipt's heading: what the person did (a review), else what the server says happened. */
function headingOf(receipt: SigningReceipt, action: SigningAction): string {
  if (action === 'approve') return headings.approved;
  if (action === 'disapprove') return headings.disapproved;
  return headings[receipt.status];
}

function nextStep(receipt: SigningReceipt, action: SigningAction): string {
  if (action === 'disapprove' || receipt.status === 'disapproved') return 'It has gone back to its sender with your comment.';
  if (receipt.completed) return 'Everyone has signed: the form is complete, and the sender has the finished copy.';
  if (receipt.next) return `Next to sign: ${receipt.next}. They have been asked to sign.`;
  return 'The sender has been told.';
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
  const returned = action === 'disapprove' || receipt.status === 'disapproved';
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
      <p data-testid="receipt-next">{nextStep(receipt, action)}</p>
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
