/** The template filter of form lists: every template of the company (`POST /get-templates`). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { TemplateSummary } from '@formsign/sdk';
import { useId } from 'react';
import { templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useDataGroup } from './use-data-group.ts';
import type { ListQuery } from './use-list-query.ts';

const templatesCalls = area(templatesApi);

const none: TemplateSummary[] = [];

export function TemplateFilter({ query }: { query: ListQuery }) {
  const id = useId();
  const { t } = useLingui();
  const templates = useDataGroup('templates', none, (_params: null, options) => templatesCalls.summaries(options).then((list) => list.data), null);
  return (
    // As wide before the templates arrive as after: the filters beside it do not move when they do.
    <div className="field field--template">
      <label htmlFor={id}>
        <Trans>Template</Trans>
      </label>
      <select
        id={id}
        className="select"
        value={query.filters.template ?? ''}
        onChange={(event) => query.setFilters({ template: event.target.value })}
      >
        <option value="">{t`All templates`}</option>
        {templates.data.map((template) => (
          <option key={template.id} value={template.id}>
            {template.title}
          </option>
        ))}
      </select>
    </div>
  );
}
