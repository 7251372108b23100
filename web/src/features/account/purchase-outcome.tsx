/**
 * The outcome of an envelope purchase, once the payment page sends the buyer back
 * (`/checkout/return`, `/stripe-completion`): `POST /products { action: status }` says whether
 * it is complete (envelopes added, amount paid), still open (processing) or expired; a
 * payment the provider reports as failed says so. One still open is checked again by itself
 * every two seconds for a minute (`purchase-recheck.ts`), then offers "Check again"; once
 * complete, the header's envelope counter is told. A link goes back to the envelopes tab. A
 * return link without its payment reference is a clear error. Every outcome of a purchase made
 * with the test provider says it was a test payment, which took no money. The receipt is
 * queued with the change that completes the purchase and mailed from the queue, so the page
 * says it is on its way rather than sent.
 */
import { accountApi } from '@formsign/sdk';
import type { PurchaseStatus } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { area } from '../../api/client.ts';
import { ListFailure } from '../../lists/data-table.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { announceEnvelopesChanged } from '../../shell/envelope-changes.ts';
import { formatMoney } from './money.ts';
import { EmailAddress } from '../../components/email-address.tsx';
import { useRecheckWhileOpen } from './purchase-recheck.ts';

const accountCalls = area(accountApi);

const envelopesHref = '/account?tab=2';

function OutcomeCard({
  tone,
  heading,
  children,
  actions,
}: {
  tone: 'success' | 'info' | 'warning' | 'error';
  heading: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className={`card purchase purchase--${tone}`} aria-labelledby="purchase-heading">
      <span className="purchase__mark" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'info' ? '…' : '!'}
      </span>
      <h2 id="purchase-heading">{heading}</h2>
      {children}
      <div className="form-actions">{actions}</div>
    </section>
  );
}

const backToEnvelopes = (
  <Link className="button button--secondary" to={envelopesHref}>
    <Trans>Back to your envelopes</Trans>
  </Link>
);

/** What the purchase was: the envelopes (added, or to be added), the amount, the receipt's address and the reference. */
function Receipt({ purchase, reference }: { purchase: PurchaseStatus; reference: string }) {
  const { t, i18n } = useLingui();
  const complete = purchase.status === 'complete';
  return (
    <dl className="purchase__receipt">
      {purchase.envelopes > 0 ? (
        <div>
          <dt>{complete ? t`Envelopes added` : t`Envelopes`}</dt>
          <dd>{i18n.number(purchase.envelopes)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{purchase.test_payment ? t`Amount (test payment: no money taken)` : complete ? t`Amount paid` : t`Amount`}</dt>
        <dd>{formatMoney(purchase.amount, purchase.currency)}</dd>
      </div>
      {complete && purchase.email ? (
        <div>
          <dt>
            <Trans>Receipt on its way to</Trans>
          </dt>
          <dd>
            <EmailAddress address={purchase.email} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt>
          <Trans>Payment reference</Trans>
        </dt>
        <dd className="purchase__reference">{reference}</dd>
      </div>
    </dl>
  );
}

function PurchaseStatusView({ reference, providerFailed }: { reference: string; providerFailed: boolean }) {
  const { t } = useLingui();
  const status = useDataGroup(
    'purchase',
    null as PurchaseStatus | null,
    (id: string, options) => accountCalls.purchaseStatus(id, options),
    reference,
  );
  const purchase = status.data;
  const complete = purchase?.status === 'complete';
  const { rechecking } = useRecheckWhileOpen(purchase?.status === 'open' && !providerFailed && !status.error, purchase, status.refetch);
  // The header's counter may have asked before the envelopes were added: it asks again.
  useEffect(() => {
    if (complete) announceEnvelopesChanged();
  }, [complete]);
  if (status.error) {
    return (
      <OutcomeCard tone="error" heading={t`We could not check your payment`} actions={backToEnvelopes}>
        <ListFailure message={status.message ?? ''} onRetry={status.refetch} />
        <p className="muted">
          <Trans>If you were charged, your envelopes are added as soon as the payment is confirmed.</Trans>
        </p>
      </OutcomeCard>
    );
  }
  if (!purchase) {
    return (
      <div className="spinner" role="status">
        <Trans>Checking your payment…</Trans>
      </div>
    );
  }
  if (purchase.status === 'complete') {
    const added = purchase.envelopes;
    return (
      <OutcomeCard
        tone="success"
        heading={purchase.test_payment ? t`Test payment received` : t`Payment received`}
        actions={
          <Link className="button" to={envelopesHref}>
            <Trans>Back to your envelopes</Trans>
          </Link>
        }
      >
        <p role="status">
          {t`${plural(added, { one: '# envelope has been added to your company.', other: '# envelopes have been added to your company.' })}`}{' '}
          {purchase.test_payment ? t`This was a test payment: no money was taken.` : t`Thank you for your purchase.`}
        </p>
        <Receipt purchase={purchase} reference={reference} />
      </OutcomeCard>
    );
  }
  if (providerFailed) {
    return (
      <OutcomeCard
        tone="error"
        heading={purchase.test_payment ? t`Your test payment failed` : t`Your payment failed`}
        actions={
          <Link className="button" to={envelopesHref}>
            <Trans>Try again</Trans>
          </Link>
        }
      >
        <p role="alert">
          <Trans>The payment was declined, so no envelopes were added and no money was taken. You can try again with another card.</Trans>
        </p>
        <Receipt purchase={purchase} reference={reference} />
      </OutcomeCard>
    );
  }
  if (purchase.status === 'open') {
    return (
      <OutcomeCard
        tone="info"
        heading={purchase.test_payment ? t`Your test payment is still being processed` : t`Your payment is still being processed`}
        actions={
          <>
            {rechecking ? null : (
              <button type="button" className="button" onClick={status.refetch} disabled={status.loading}>
                {status.loading ? t`Checking…` : t`Check again`}
              </button>
            )}
            {backToEnvelopes}
          </>
        }
      >
        <p role="status">
          {rechecking
            ? t`This can take a minute: this page checks again by itself. Your envelopes are added as soon as the payment is complete.`
            : t`This is taking longer than usual. Your envelopes are added as soon as the payment is complete: check again in a moment.`}
        </p>
        <Receipt purchase={purchase} reference={reference} />
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard
      tone="warning"
      heading={purchase.test_payment ? t`This test checkout has expired` : t`This checkout has expired`}
      actions={
        <Link className="button" to={envelopesHref}>
          <Trans>Buy envelopes</Trans>
        </Link>
      }
    >
      <p role="alert">
        <Trans>The payment was not completed in time, so no envelopes were added and no money was taken.</Trans>
      </p>
      <Receipt purchase={purchase} reference={reference} />
    </OutcomeCard>
  );
}

export interface PurchaseOutcomeProps {
  /** The checkout session or payment id from the return link, or null when the link has none. */
  reference: string | null;
  /** Whether the payment provider reported the payment as failed (`redirect_status`). */
  providerFailed?: boolean;
}

export function PurchaseOutcome({ reference, providerFailed = false }: PurchaseOutcomeProps) {
  const { t } = useLingui();
  return (
    <div className="page page--purchase">
      {reference ? (
        <PurchaseStatusView reference={reference} providerFailed={providerFailed} />
      ) : (
        <OutcomeCard tone="error" heading={t`This payment link is incomplete`} actions={backToEnvelopes}>
          <p role="alert">
            <Trans>
              The link has no payment reference, so we cannot tell which purchase it is about. If you have just paid, your envelopes appear in your
              account once the payment is complete.
            </Trans>
          </p>
        </OutcomeCard>
      )}
    </div>
  );
}
