/** A list filter chosen from a fixed set (a status, an audit event), kept in the URL through `query`. */
import { useId } from 'react';
import type { ListQuery } from './use-list-query.ts';

export interface SelectFilterProps {
  query: ListQuery;
  /** The URL filter it controls. */
  name: 'status' | 'event';
  label: string;
  /** What "no filter" reads as, e.g. "All statuses". */
  all: string;
  options: readonly { value: string; label: string }[];
}

export function SelectFilter({ query, name, label, all, options }: SelectFilterProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={query.filters[name] ?? ''} onChange={(event) => query.setFilters({ [name]: event.target.value })}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
