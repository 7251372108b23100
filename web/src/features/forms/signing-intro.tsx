/** The top of a form opened from a link: its title, who sent it, their note, who it is for and by when. */
import type { SigningForm } from '@formsign/sdk';
import { formatDateTime, useDateStyle } from '../../lists/format.ts';
import { EmailAddress } from '../../components/email-address.tsx';

export type SigningMode = 'sign' | 'fill' | 'review';

const kicker: Record<SigningMode, string> = {
  sign: 'Signature requested',
  fill: 'Form to fill in',
  review: 'Waiting for your review',
};

/** What the person does at their step: an approver approves, they do not sign. */
const stepWord: Record<SigningMode, string> = {
  sign: 'signing',
  fill: 'filling in',
  review: 'approval',
};

export function SigningIntro({ form, mode }: { form: SigningForm; mode: SigningMode }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  return (
    <header className="card signing__intro">
      <p className="signing__kicker">{kicker[mode]}</p>
      <h1 className="signing__title">{form.title}</h1>
      <p className="signing__sender">
        From <strong>{form.sender}</strong>
      </p>
      {form.message ? (
        <figure className="signing__message">
          <blockquote>
            <p>{form.message}</p>
          </blockquote>
          <figcaption className="visually-hidden">The sender’s message</figcaption>
        </figure>
      ) : null}
      <dl className="signing__facts">
        {form.signer.name || form.signer.email ? (
          <div>
            <dt>For</dt>
            <dd>
              {form.signer.name}
              {form.signer.email ? (
                <span className="muted">
                  {' ('}
                  <EmailAddress address={form.signer.email} />)
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Your step</dt>
          <dd data-testid="signing-step">
            Step {form.signer.order}: {stepWord[mode]}
          </dd>
        </div>
        {form.expires_at ? (
          <div>
            <dt>Please complete by</dt>
            <dd>
              <time dateTime={form.expires_at}>{formatDateTime(form.expires_at)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
