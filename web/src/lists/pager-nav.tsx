/**
 * A paged list's pager, as every paged list shows it: the rows shown, Previous, the page among
 * the pages, Next, and Last when the last page is known (`pagerOf` says what each allows). A
 * list may put controls of its own (rows per page) before the moves.
 */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { pagerOf, type PagerInput } from './pager.ts';

export interface PagerNavProps extends PagerInput {
  /** Names the pager for assistive technology, e.g. "Completed forms: pages". */
  label: string;
  /** While a page loads, the moves wait for it. */
  busy?: boolean;
  onPage(page: number): void;
  children?: ReactNode;
}

export function PagerNav({ label, busy = false, onPage, children, ...input }: PagerNavProps) {
  // The pager's words follow the language shown.
  useLingui();
  const pager = pagerOf(input);
  const { page } = input;
  return (
    <nav className="pager" aria-label={label}>
      <span role="status">{pager.shown}</span>
      <div className="pager__controls">
        {children}
        <button type="button" className="button button--secondary button--small" disabled={busy || !pager.canGoBack} onClick={() => onPage(page - 1)}>
          <Trans>Previous</Trans>
        </button>
        <span>{pager.position}</span>
        <button type="button" className="button button--secondary button--small" disabled={busy || !pager.canGoOn} onClick={() => onPage(page + 1)}>
          <Trans>Next</Trans>
        </button>
        {pager.lastPage !== null ? (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => onPage(pager.lastPage ?? page)}>
            <Trans>Last</Trans>
          </button>
        ) : null}
      </div>
    </nav>
  );
}
