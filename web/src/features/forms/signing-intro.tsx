/** The top of a form opened from a link: its title, who sent it, their note, who it is for and by when. */
import type { SigningForm } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, useDateStyle } from '../../lists/format.ts';
import { EmailAddress } from '../../components/email-address.tsx';

export type SigningMode = 'sign' | 'fill' | 'review';

const kicker: Record<SigningMode, MessageDescriptor> = {
  sign: msg`Signature requested`,
  fill: msg`Form to fill in`,
  review: msg`Waiting for your review`,
};

export function SigningIntro({ form, mode }: { form: SigningForm; mode: SigningMode }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
  const sender = form.sender;
  const order = form.signer.order;
  return (
    <header className="card signing__intro">
      <p className="signing__kicker">{i18n._(kicker[mode])}</p>
      <h1 className="signing__title">{form.title}</h1>
      <p className="signing__sender">
        <Trans>
          From <strong>{sender}</strong>
        </Trans>
      </p>
      {form.message ? (
        <figure className="signing__message">
          <blockquote>
            <p>{form.message}</p>
          </blockquote>
          <figcaption className="visually-hidden">
            <Trans>The sender’s message</Trans>
          </figcaption>
        </figure>
      ) : null}
      <dl className="signing__facts">
        {form.signer.name || form.signer.email ? (
          <div>
            <dt>
              <Trans>For</Trans>
            </dt>
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
          <dt>
            <Trans>Your step</Trans>
          </dt>
          {/* What the person does at their step: an approver approves, they do not sign. */}
          <dd data-testid="signing-step">{t`Step ${order}: ${select(mode, { sign: 'signing', fill: 'filling in', other: 'approval' })}`}</dd>
        </div>
        {form.expires_at ? (
          <div>
            <dt>
              <Trans>Please complete by</Trans>
            </dt>
            <dd>
              <time dateTime={form.expires_at}>{formatDateTime(form.expires_at)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
