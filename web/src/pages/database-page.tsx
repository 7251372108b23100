/**
 * Database (`/database`, `GET /database-forms`, `GET /get-exports`). The specification shows
 * no content; designed as a query over submitted forms: the filters (words, dates, template),
 * the fields shown as columns (`rows`) and what is computed over every matching submission
 * (`func`: list, count, sum or average, over the first numeric field shown), all in the URL.
 * The fields offered are those the server answers when no field is chosen. The summary sits
 * above the rows; "Export CSV" downloads the matching submissions as `formsign-export.csv`
 * (the contract's Content-Disposition name).
 */
import type { DatabasePage as DatabaseAnswer, DatabaseQuery, DatabaseRow } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { databaseApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDateTime, humanize } from '../lists/format.ts';
import { TemplateFilter } from '../lists/template-filter.tsx';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useNotify } from '../shell/notifications.tsx';
import { formatNumber, inSentence } from '../features/operations/chart-data.ts';
import { csvRecordCount, saveTextFile } from '../features/operations/save-text-file.ts';
import '../styles/operations.css';

const databaseCalls = area(databaseApi);

type Func = NonNullable<DatabaseQuery['func']>;

const functions: readonly { value: Func; label: MessageDescriptor }[] = [
  { value: 'list', label: msg`List the submissions` },
  { value: 'count', label: msg`Count` },
  { value: 'sum', label: msg`Sum` },
  { value: 'average', label: msg`Average` },
];
const isFunc = (value: string | null): value is Func => functions.some((option) => option.value === value);

const emptyAnswer: DatabaseAnswer = { page: 1, limit: 25, total: 0, total_exact: true, rows: [], func: 'list', summary: null, data: [] };
const noFields: string[] = [];
/** The file name the contract's Content-Disposition example gives the export. */
const exportFileName = 'formsign-export.csv';

function FieldValue({ value }: { value: string | number | boolean | null | undefined }) {
  if (value === null || value === undefined || value === '') return <span className="ops-quiet">—</span>;
  if (typeof value === 'boolean')
    return <span className={`badge ${value ? 'badge--success' : ''}`}>{value ? <Trans>Yes</Trans> : <Trans>No</Trans>}</span>;
  if (typeof value === 'number') return <span className="ops-num">{formatNumber(value)}</span>;
  return <>{value}</>;
}

function FieldChooser({ available, chosen, onChange }: { available: string[]; chosen: string[]; onChange(fields: string[]): void }) {
  const { t } = useLingui();
  const shown = chosen.length > 0 ? chosen : available;
  const toggle = (field: string, on: boolean): void => {
    const next = on ? available.filter((name) => shown.includes(name) || name === field) : shown.filter((name) => name !== field);
    onChange(next.length === available.length ? [] : next);
  };
  return (
    <fieldset className="ops-fieldset">
      <legend>
        <Trans>Fields shown</Trans>
      </legend>
      {available.length === 0 ? (
        <p className="ops-quiet">
          <Trans>The fields appear once submissions are found.</Trans>
        </p>
      ) : null}
      <div className="ops-checks">
        {available.map((field) => {
          const on = shown.includes(field);
          const last = on && shown.length === 1;
          return (
            <label key={field} className="ops-check" title={last ? t`At least one field stays shown.` : undefined}>
              <input type="checkbox" checked={on} disabled={last} onChange={(event) => toggle(field, event.target.checked)} />
              {humanize(field)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SummaryLine({ answer }: { answer: DatabaseAnswer }) {
  const { t, i18n } = useLingui();
  const { summary, func, total } = answer;
  const matching = t`${plural(total, { one: '# submission matches', other: '# submissions match' })}`;
  const field = summary ? inSentence(humanize(summary.field), i18n.locale) : '';
  const value = summary ? formatNumber(summary.value) : '';
  return (
    <div className="ops-summary" role="status">
      {summary && func === 'sum' ? (
        <span>
          <Trans>
            Sum of {field}: <strong>{value}</strong>
          </Trans>
        </span>
      ) : null}
      {summary && func === 'average' ? (
        <span>
          <Trans>
            Average {field}: <strong>{value}</strong>
          </Trans>
        </span>
      ) : null}
      {summary && func === 'count' ? (
        <span>
          <Trans>
            Count: <strong>{value}</strong>
          </Trans>
        </span>
      ) : null}
      <span className="ops-quiet">{matching}</span>
    </div>
  );
}

function ExportButton({ filters }: { filters: DatabaseQuery['filters'] }) {
  const notify = useNotify();
  const { t } = useLingui();
  const exporting = useMutation((chosen: DatabaseQuery['filters'], options) => databaseCalls.export(chosen, options), {
    onSuccess: (csv) => {
      saveTextFile(csv, exportFileName);
      const count = csvRecordCount(csv);
      const fileName = exportFileName;
      notify({
        type: 'info',
        title: t`Export downloaded`,
        description: t`${fileName} holds ${plural(count, { one: '# submission', other: '# submissions' })}.`,
      });
    },
    onFailure: (message) => notify({ type: 'error', title: t`Could not export the submissions`, description: message }),
  });
  return (
    <button type="button" className="button button--secondary" onClick={() => void exporting.run(filters)} disabled={exporting.busy}>
      {exporting.busy ? <Trans>Exporting…</Trans> : <Trans>Export CSV</Trans>}
    </button>
  );
}

/** The fixed columns of a submission, then one per field shown. */
function submissionColumns(fields: string[]): ListColumn<DatabaseRow>[] {
  return [
    { id: 'reference', accessorKey: 'reference', header: () => <Trans>Reference</Trans> },
    { id: 'template', accessorKey: 'template', header: () => <Trans>Template</Trans> },
    { id: 'submitted_by', accessorKey: 'submitted_by', header: () => <Trans>Submitted by</Trans> },
    {
      id: 'submitted_at',
      accessorKey: 'submitted_at',
      header: () => <Trans>Submitted</Trans>,
      cell: (info) => formatDateTime(info.getValue<string>()),
    },
    ...fields.map<ListColumn<DatabaseRow>>((field) => ({
      id: field,
      header: humanize(field),
      accessorFn: (row) => row.values[field] ?? null,
      cell: (info) => <FieldValue value={info.getValue<string | number | boolean | null>()} />,
    })),
  ];
}

export default function DatabasePage() {
  const { t, i18n } = useLingui();
  const query = useListQuery();
  const functionId = useId();
  const funcParam = query.extra.get('func');
  const func: Func = isFunc(funcParam) ? funcParam : 'list';
  const chosen = (query.extra.get('rows') ?? '').split(',').filter(Boolean);
  const params: DatabaseQuery = {
    page: query.page,
    limit: query.limit,
    filters: query.filters,
    func,
    ...(chosen.length > 0 ? { rows: chosen.join(',') } : {}),
  };
  const forms = useDataGroup('database', emptyAnswer, (request: DatabaseQuery, options) => databaseCalls.forms(request, options), params);
  // With fields chosen, the answer names only those: ask which fields the template's submissions have.
  const probe = chosen.length > 0 ? { limit: 1, filters: query.filters.template ? { template: query.filters.template } : {} } : null;
  const allFields = useDataGroup(
    'databaseFields',
    noFields,
    (request: DatabaseQuery | null, options) =>
      request ? databaseCalls.forms(request, options).then((answer) => answer.rows) : Promise.resolve(noFields),
    probe,
  );
  const known = chosen.length > 0 ? allFields.data : forms.data.rows;
  const available = [
    ...known,
    ...chosen.filter((field) => !known.includes(field)),
    ...forms.data.rows.filter((field) => !known.includes(field) && !chosen.includes(field)),
  ];
  const shown = forms.data.rows.length > 0 ? forms.data.rows : chosen;

  const shownKey = shown.join(',');
  const columns = useMemo(() => submissionColumns(shownKey ? shownKey.split(',') : []), [shownKey]);

  return (
    <div className="page">
      <FilterBar query={query} searchLabel={t`Search submissions`}>
        <TemplateFilter query={query} />
      </FilterBar>
      <section className="card" aria-labelledby="database-view-heading">
        <div className="ops-section-head">
          <h2 id="database-view-heading">
            <Trans>Columns and summary</Trans>
          </h2>
          <ExportButton filters={query.filters} />
        </div>
        <div className="field ops-summary-choice">
          <label htmlFor={functionId}>
            <Trans>Summary</Trans>
          </label>
          <select
            id={functionId}
            className="select"
            value={func}
            onChange={(event) => query.setExtra('func', event.target.value === 'list' ? null : event.target.value)}
          >
            {functions.map((option) => (
              <option key={option.value} value={option.value}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
          <span className="field__hint">
            <Trans>Sum and average use the first numeric field shown.</Trans>
          </span>
        </div>
        {/* Last in the card: the fields are known once submissions arrive, and then move nothing but what is below. */}
        <FieldChooser available={available} chosen={chosen} onChange={(fields) => query.setExtra('rows', fields.join(','))} />
      </section>
      <DataTable
        caption={t`Submissions`}
        columns={columns}
        rows={forms.data.data}
        total={forms.data.total}
        totalExact={forms.data.total_exact}
        {...tableState(forms)}
        empty={t`No submissions match these filters.`}
        query={query}
        getRowId={(row) => String(row.id)}
      >
        {forms.error ? null : forms.loading ? (
          // The summary's line is kept while the submissions load: the table does not move down when it comes.
          <div className="ops-summary" aria-hidden="true">
            {'\u00a0'}
          </div>
        ) : (
          <SummaryLine answer={forms.data} />
        )}
      </DataTable>
    </div>
  );
}
