/** What the signer sees once the form is sent: what happened, who signs next, or that it is complete. */
import type { SigningReceipt } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SigningMode } from './signing-intro.tsx';
import type { SigningAction } from '@formsign/machines';

const headings: Record<SigningReceipt['status'], MessageDescriptor> = {
  saved: msg`Your answers are saved`,
  signed: msg`Thank you: the form is signed and sent`,
  approved: msg`You approved this form`,
  disapproved: msg`You disapproved this form`,
  declined: msg`You declined this form`,
  delegated: msg`You handed this form on`,
};

/** The receipt's heading: what the person did (a review), else what the server says happened. */
function headingOf(receipt: SigningReceipt, action: SigningAction): MessageDescriptor {
  if (action === 'approve') return headings.approved;
  if (action === 'disapprove') return headings.disapproved;
  return headings[receipt.status];
}

function nextStep(receipt: SigningReceipt, action: SigningAction): MessageDescriptor | null {
  // The person who has the place now, or takes the next turn.
  const name = receipt.next;
  // The server's own message already says where a returned form went: said once, not twice.
  if (action === 'disapprove' || receipt.status === 'disapproved')
    return receipt.message ? null : msg`It has gone back to its sender with your comment.`;
  if (receipt.status === 'declined') return receipt.message ? null : msg`It has stopped and gone back to its sender with your reason.`;
  if (receipt.status === 'delegated') return receipt.message ? null : msg`${name} now has your place. Your link no longer opens this form.`;
  if (receipt.completed) return msg`Everyone has signed: the form is complete, and the sender has the finished copy.`;
  // The next person may sign, fill in or approve: their email asks them to do whichever it is.
  if (name) return msg`Next: ${name}, who is being emailed to take their turn.`;
  return msg`Nothing more is needed from you.`;
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
  const { i18n } = useLingui();
  const next = nextStep(receipt, action);
  const returned = action === 'disapprove' || receipt.status === 'disapproved' || receipt.status === 'declined' || receipt.status === 'delegated';
  const tone = returned ? 'signing__receipt--returned' : 'signing__receipt--done';
  return (
    <section className={`card signing__receipt ${tone}`} aria-labelledby="receipt-title">
      <div className="signing__receipt-mark" aria-hidden="true">
        {returned ? '↩' : '✓'}
      </div>
      <h2 id="receipt-title" ref={heading} tabIndex={-1}>
        {i18n._(headingOf(receipt, action))}
      </h2>
      {receipt.message ? <p>{receipt.message}</p> : null}
      {next ? <p data-testid="receipt-next">{i18n._(next)}</p> : null}
      {children}
      {mode === 'review' ? (
        <Link className="button" to="/pending">
          <Trans>Back to Action Required</Trans>
        </Link>
      ) : (
        <p className="muted">
          <Trans>You can close this window now.</Trans>
        </p>
      )}
    </section>
  );
}
