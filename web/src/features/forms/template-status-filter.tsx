/** The status filter of Manage Template: every template, the active ones or the archived ones. */
import type { ListQuery } from '../../lists/use-list-query.ts';

export function TemplateStatusFilter({ query }: { query: ListQuery }) {
  return (
    <div className="field">
      <label htmlFor="filter-template-status">Status</label>
      <select
        id="filter-template-status"
        className="select"
        value={query.filters.status ?? ''}
        onChange={(event) => query.setFilters({ status: event.target.value })}
      >
        <option value="">All statuses</option>
        <option value="active">Active</option>
        <option value="archived">Archived</option>
      </select>
    </div>
  );
}
