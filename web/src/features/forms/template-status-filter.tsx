/** The status filter of Manage Template: every template, the active ones or the archived ones. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ListQuery } from '../../lists/use-list-query.ts';

export function TemplateStatusFilter({ query }: { query: ListQuery }) {
  const { t } = useLingui();
  return (
    <div className="field">
      <label htmlFor="filter-template-status">
        <Trans>Status</Trans>
      </label>
      <select
        id="filter-template-status"
        className="select"
        value={query.filters.status ?? ''}
        onChange={(event) => query.setFilters({ status: event.target.value })}
      >
        <option value="">{t`All statuses`}</option>
        <option value="active">{t`Active`}</option>
        <option value="archived">{t`Archived`}</option>
      </select>
    </div>
  );
}
