/**
 * The actions of a form waiting for the person: open it (named after what is asked), approve it
 * when only an approval is asked, or send it back. The page provides what the buttons do
 * through `PendingListActions`, so the table's columns stay the same from render to render.
 */
import type { PendingForm } from '@formsign/sdk';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';
import { Link } from 'react-router-dom';
import { ApproveButton } from './approve-button.tsx';

export interface PendingListActionsValue {
  refetch(): void;
  sendBack(form: PendingForm): void;
}

export const PendingListActions = createContext<PendingListActionsValue | null>(null);

/** What the open link says for each request. */
const openLabel = { sign: msg`Sign`, approve: msg`Review`, fill: msg`Fill in` } as const;

export function PendingRowActions({ form }: { form: PendingForm }) {
  const actions = useContext(PendingListActions);
  const { i18n } = useLingui();
  if (!actions) throw new Error('PendingRowActions needs <PendingListActions.Provider> above it.');
  return (
    <div className="cell-actions">
      <Link
        className={`button button--small${form.action === 'approve' ? ' button--secondary' : ''}`}
        to={`/open-pending/${encodeURIComponent(form.page_id)}`}
      >
        {i18n._(openLabel[form.action])}
        <span className="visually-hidden"> {form.title}</span>
      </Link>
      {form.action === 'approve' ? <ApproveButton form={form} onApproved={actions.refetch} /> : null}
      <button type="button" className="button button--ghost button--small" onClick={() => actions.sendBack(form)}>
        <Trans>Send back</Trans>
        <span className="visually-hidden"> {form.title}</span>
      </button>
    </div>
  );
}
