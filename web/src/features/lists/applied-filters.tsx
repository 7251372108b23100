/**
 * What a list's server says it applied (the audit's `query`): how many rows match, and the
 * filters as it understood them, in words.
 */
import type { ListFilters } from '@formsign/sdk';
import { formatDate } from '../../lists/format.ts';

export interface AppliedFiltersProps {
  total: number;
  /** One row, several rows: "event", "events". */
  noun: [string, string];
  filters: ListFilters;
  /** How a `status` filter reads (e.g. an audit event's name). */
  statusLabel?: (status: string) => string;
  statusName?: string;
}

function describe(filters: ListFilters, statusName: string, statusLabel: (status: string) => string): string[] {
  const parts: string[] = [];
  if (filters.search) parts.push(`matching “${filters.search}”`);
  if (filters.status) parts.push(`${statusName} ${statusLabel(filters.status)}`);
  if (filters.from && filters.to) parts.push(`from ${formatDate(filters.from)} to ${formatDate(filters.to)}`);
  else if (filters.from) parts.push(`on or after ${formatDate(filters.from)}`);
  else if (filters.to) parts.push(`on or before ${formatDate(filters.to)}`);
  return parts;
}

export function AppliedFilters({ total, noun, filters, statusLabel = (status) => status, statusName = 'status' }: AppliedFiltersProps) {
  const parts = describe(filters, statusName, statusLabel);
  return (
    <p className="list-summary" role="status">
      {total === 1 ? `1 ${noun[0]}` : `${total} ${noun[1]}`}
      {parts.length > 0 ? `, ${parts.join(', ')}` : ''}
    </p>
  );
}
