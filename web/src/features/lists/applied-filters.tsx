/**
 * What a list's server says it applied (the audit's `query`): how many rows match, and the
 * filters as it understood them, in words.
 */
import type { ListFilters } from '@formsign/sdk';
import { formatDate, useDateStyle } from '../../lists/format.ts';

export interface AppliedFiltersProps {
  total: number;
  /** False when `total` is a lower bound (the server counted up to its cap); true by default. */
  totalExact?: boolean;
  /** One row, several rows: "event", "events". */
  noun: [string, string];
  filters: ListFilters;
  /** How an `event` filter reads (an audit event's name). */
  eventLabel?: (event: string) => string;
}

function describe(filters: ListFilters, eventLabel: (event: string) => string): string[] {
  const parts: string[] = [];
  if (filters.search) parts.push(`matching “${filters.search}”`);
  if (filters.status) parts.push(`status ${filters.status}`);
  if (filters.event) parts.push(`event ${eventLabel(filters.event)}`);
  if (filters.from && filters.to) parts.push(`from ${formatDate(filters.from)} to ${formatDate(filters.to)}`);
  else if (filters.from) parts.push(`on or after ${formatDate(filters.from)}`);
  else if (filters.to) parts.push(`on or before ${formatDate(filters.to)}`);
  return parts;
}

export function AppliedFilters({ total, totalExact = true, noun, filters, eventLabel = (event) => event }: AppliedFiltersProps) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const parts = describe(filters, eventLabel);
  return (
    <p className="list-summary" role="status">
      {!totalExact ? `More than ${total.toLocaleString('en-GB')} ${noun[1]}` : total === 1 ? `1 ${noun[0]}` : `${total} ${noun[1]}`}
      {parts.length > 0 ? `, ${parts.join(', ')}` : ''}
    </p>
  );
}
