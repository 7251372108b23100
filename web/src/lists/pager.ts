/**
 * What a list's pager says and allows, from the server's page: the rows shown, the page among
 * the pages, and which moves lead somewhere. A server counts a list's rows up to a cap; past
 * it the total is a lower bound (`total_exact` false), so the pager says "of more than" and
 * lets the person page on while pages come back full, with no last page to jump to. Its words
 * are in the language shown when it is asked (the pager asks as it renders).
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

/** A count in the language shown (1,000; 1.000 in German). */
const count = { format: (value: number): string => i18n.number(value) };

export interface PagerInput {
  page: number;
  limit: number;
  total: number;
  /** False when `total` is a lower bound. */
  totalExact: boolean;
  /** The rows the page came back with. */
  rowsOnPage: number;
}

export interface Pager {
  /** "1–20 of 24", "1–20 of more than 1,000", "No rows". */
  shown: string;
  /** "Page 2 of 5", "Page 2 of more than 500", or "Page 501" beyond the counted pages. */
  position: string;
  canGoBack: boolean;
  canGoOn: boolean;
  /** The last page, when it is known (and not this one); null when the total is a lower bound. */
  lastPage: number | null;
}

export function pagerOf({ page, limit, total, totalExact, rowsOnPage }: PagerInput): Pager {
  const perPage = Math.max(limit, 1);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = (page - 1) * perPage + 1;
  const to = (page - 1) * perPage + rowsOnPage;
  const canGoBack = page > 1;
  if (totalExact) {
    const first = count.format(from);
    const last = count.format(Math.min(total, to));
    const all = count.format(total);
    const current = count.format(page);
    const pageCount = count.format(pages);
    return {
      shown: total === 0 ? t`No rows` : rowsOnPage === 0 ? t`No rows on this page, of ${all}` : t`${first}–${last} of ${all}`,
      position: t`Page ${current} of ${pageCount}`,
      canGoBack,
      canGoOn: page < pages,
      lastPage: page < pages ? pages : null,
    };
  }
  const first = count.format(from);
  const last = count.format(to);
  const atLeast = count.format(total);
  const current = count.format(page);
  const pageCount = count.format(pages);
  return {
    shown: rowsOnPage === 0 ? t`No rows on this page, of more than ${atLeast}` : t`${first}–${last} of more than ${atLeast}`,
    position: page < pages ? t`Page ${current} of more than ${pageCount}` : t`Page ${current}`,
    canGoBack,
    // More rows match than were counted: a full page may well have a next one.
    canGoOn: rowsOnPage >= perPage,
    lastPage: null,
  };
}
