/**
 * What a list's server says it applied (the audit's `query`): how many rows match, and the
 * filters as it understood them, in words.
 */
import type { ListFilters } from '@formsign/sdk';
import { useLingui } from '@lingui/react/macro';
import { formatDate, useDateStyle } from '../../lists/format.ts';

export interface AppliedFiltersProps {
  /** How many rows match, in words: "12 events", "More than 1,000 events". */
  count: string;
  filters: ListFilters;
  /** How an `event` filter reads (an audit event's name). */
  eventLabel?: (event: string) => string;
}

export function AppliedFilters({ count, filters, eventLabel = (event) => event }: AppliedFiltersProps) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t } = useLingui();
  const { search, status } = filters;
  const event = filters.event ? eventLabel(filters.event) : '';
  const from = filters.from ? formatDate(filters.from) : '';
  const to = filters.to ? formatDate(filters.to) : '';
  const parts: string[] = [];
  if (search) parts.push(t`matching “${search}”`);
  if (status) parts.push(t`status ${status}`);
  if (event) parts.push(t`event ${event}`);
  if (from && to) parts.push(t`from ${from} to ${to}`);
  else if (from) parts.push(t`on or after ${from}`);
  else if (to) parts.push(t`on or before ${to}`);
  return (
    <p className="list-summary" role="status">
      {count}
      {parts.length > 0 ? `, ${parts.join(', ')}` : ''}
    </p>
  );
}
