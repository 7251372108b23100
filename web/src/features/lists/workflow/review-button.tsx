/** Opens the review of a form in progress; the page says what opening does through `WorkflowReviewOpener`. */
import type { WorkflowItem } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { createContext, useContext } from 'react';
import { isReviewable } from './form-status.tsx';

export const WorkflowReviewOpener = createContext<((item: WorkflowItem) => void) | null>(null);

export function ReviewButton({ item }: { item: WorkflowItem }) {
  const open = useContext(WorkflowReviewOpener);
  if (!open) throw new Error('ReviewButton needs <WorkflowReviewOpener.Provider> above it.');
  if (!isReviewable(item.status)) return <span className="muted">—</span>;
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => open(item)}>
      <Trans>Review</Trans>
      <span className="visually-hidden"> {item.title}</span>
    </button>
  );
}
