/**
 * Analysis (`/analysis`, `GET /pivot-details`, administrators). The specification shows no
 * content; designed as a pivot of one template's submissions: the person picks the template
 * (`POST /get-templates`), the field whose values make the rows, the field whose values make
 * the columns, and what each cell holds (the number of submissions, or the sum of a numeric
 * field). The choices live in the URL (`?template=&row=&column=&value=`). The fields offered
 * are the template's own (`POST /getform`); the server's defaults are shown as chosen when
 * the URL names none. The result is a table with row and column totals, and a bar chart of
 * the same numbers; a link opens the same submissions in the Database.
 */
import type { FormField, Pivot, TemplateSummary } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { analyticsApi, templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { ListFailure } from '../lists/data-table.tsx';
import { humanize } from '../lists/format.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { Chart } from '../features/operations/chart.tsx';
import { inSentence } from '../features/operations/chart-data.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import { PivotTable } from '../features/operations/pivot-table.tsx';
import { useUrlState } from '../features/operations/use-url-state.ts';
import '../styles/operations.css';

const analyticsCalls = area(analyticsApi);
const templatesCalls = area(templatesApi);

const noTemplates: TemplateSummary[] = [];
const noFields: FormField[] = [];
/** Fields whose values do not group: free text, signatures and initials. */
const ungroupable = new Set<FormField['type']>(['textarea', 'signature', 'initials']);

interface Option {
  value: string;
  label: string;
}

/** The options of a picker: the template's fields, plus any value already chosen that is not among them. */
function withChosen(options: Option[], ...chosen: (string | null | undefined)[]): Option[] {
  const result = [...options];
  for (const value of chosen) if (value && !result.some((option) => option.value === value)) result.push({ value, label: humanize(value) });
  return result;
}

function Picker({
  label,
  value,
  options,
  onChange,
  invalid,
  describedBy,
  placeholder,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AnalysisPage() {
  const { t, i18n } = useLingui();
  const url = useUrlState();
  const templateParam = Number(url.get('template')) || null;
  const rowParam = url.get('row');
  const columnParam = url.get('column');
  const valueParam = url.get('value');
  const sameField = Boolean(rowParam && columnParam && rowParam === columnParam);

  const templates = useDataGroup(
    'templates',
    noTemplates,
    (_params: null, options) => templatesCalls.summaries(options).then((list) => list.data),
    null,
  );
  const query = sameField
    ? null
    : {
        ...(templateParam ? { template: templateParam } : {}),
        ...(rowParam ? { row: rowParam } : {}),
        ...(columnParam ? { column: columnParam } : {}),
        ...(valueParam ? { value: valueParam } : {}),
      };
  const pivot = useDataGroup<Pivot | null, typeof query>(
    'pivot',
    null,
    (params, options) => (params ? analyticsCalls.pivot(params, options) : Promise.resolve(null)),
    query,
  );
  const templateId = templateParam ?? pivot.data?.template.id ?? null;
  const fields = useDataGroup(
    'templateFields',
    noFields,
    (id: number | null, options) => (id ? templatesCalls.get(id, options).then((template) => template.fields) : Promise.resolve(noFields)),
    templateId,
  );

  const labelOf = (name: string): string => fields.data.find((field) => field.name === name)?.label ?? humanize(name);
  const row = rowParam ?? pivot.data?.row ?? '';
  const column = columnParam ?? pivot.data?.column ?? '';
  const value = valueParam ?? pivot.data?.value ?? 'count';
  const groupFields = fields.data.filter((field) => !ungroupable.has(field.type)).map((field) => ({ value: field.name, label: field.label }));
  /** A name inside a sentence of the language shown. */
  const named = (name: string): string => inSentence(name, i18n.locale);
  const sumOf = (label: string): string => {
    const field = named(label);
    return t`Sum of ${field}`;
  };
  const numberFields = fields.data.filter((field) => field.type === 'number').map((field) => ({ value: field.name, label: sumOf(field.label) }));
  const submissions = t`Number of submissions`;
  const valueOptions = [{ value: 'count', label: submissions }, ...numberFields];
  if (value !== 'count' && !valueOptions.some((option) => option.value === value)) valueOptions.push({ value, label: sumOf(humanize(value)) });
  const valueLabel = valueOptions.find((option) => option.value === value)?.label ?? submissions;

  const templateOptions: Option[] = templates.data.map((template) => ({ value: String(template.id), label: template.title }));
  const shown = pivot.data?.template;
  if (shown && !templateOptions.some((option) => option.value === String(shown.id)))
    templateOptions.push({ value: String(shown.id), label: shown.title });

  const chooseTemplate = (id: string): void => url.set({ template: id, row: null, column: null, value: null });
  /** Changes one choice and keeps the others as shown (the server's defaults become the URL's). */
  const choose = (change: { row?: string; column?: string; value?: string }): void => {
    const next = { template: templateId, row, column, value, ...change };
    url.set({ ...next, value: next.value === 'count' ? null : next.value });
  };
  const data = pivot.data;
  const template = data?.template.title ?? '';
  const measure = named(valueLabel);
  const rowField = data ? named(labelOf(data.row)) : '';
  const columnField = data ? named(labelOf(data.column)) : '';
  const title = data ? t`${template}: ${measure} by ${rowField} and ${columnField}` : '';
  const tableCaption = data ? t`${title} (table)` : '';
  const empty = data !== null && (data.rows.length === 0 || data.columns.length === 0);

  return (
    <div className="page">
      <section className="card" aria-labelledby="analysis-choices-heading">
        <h2 id="analysis-choices-heading">
          <Trans>What to analyse</Trans>
        </h2>
        <div className="ops-choices">
          <Picker
            label={t`Template`}
            value={templateId ? String(templateId) : ''}
            placeholder={templates.loading ? t`Loading templates…` : t`Choose a template`}
            options={templateOptions}
            onChange={chooseTemplate}
          />
          <Picker
            label={t`Rows`}
            value={row}
            options={withChosen(groupFields, row, column)}
            onChange={(next) => choose({ row: next })}
            invalid={sameField}
            describedBy={sameField ? 'analysis-same-field' : undefined}
          />
          <Picker
            label={t`Columns`}
            value={column}
            options={withChosen(groupFields, row, column)}
            onChange={(next) => choose({ column: next })}
            invalid={sameField}
            describedBy={sameField ? 'analysis-same-field' : undefined}
          />
          <Picker label={t`Each cell shows`} value={value} options={valueOptions} onChange={(next) => choose({ value: next })} />
        </div>
        {templates.error ? <ListFailure message={templates.message ?? ''} onRetry={templates.refetch} /> : null}
        {sameField ? (
          <div className="alert alert--warning ops-alert-below" role="alert" id="analysis-same-field">
            <div className="alert__body">
              <Trans>Rows and columns need two different fields. Choose another field for one of them.</Trans>
            </div>
          </div>
        ) : null}
      </section>

      {!sameField ? (
        <section className="card" aria-labelledby="analysis-result-heading" aria-busy={pivot.loading}>
          <div className="ops-section-head">
            <h2 id="analysis-result-heading">{data ? title : <Trans>Result</Trans>}</h2>
            {data ? (
              <div className="form-actions ops-section-head__actions">
                <Link
                  className="button button--secondary button--small"
                  to={`/database?template=${data.template.id}&rows=${encodeURIComponent(`${data.row},${data.column}`)}`}
                >
                  <Trans>Open these submissions in the Database</Trans>
                </Link>
              </div>
            ) : null}
          </div>
          {pivot.loading ? <LoadingState label={t`Working out the analysis…`} /> : null}
          {pivot.error ? <ListFailure message={pivot.message ?? ''} onRetry={pivot.refetch} /> : null}
          {!pivot.loading && data && empty ? (
            <div className="empty-state">
              <Trans>No submissions of {template} to analyse yet.</Trans>
            </div>
          ) : null}
          {!pivot.loading && data && !empty ? (
            <>
              <PivotTable pivot={data} caption={tableCaption} rowLabel={labelOf(data.row)} columnLabel={labelOf(data.column)} />
              <div className="ops-spaced">
                <Chart
                  title={t`${valueLabel} by ${rowField}`}
                  level={3}
                  kind="bar"
                  labels={data.rows}
                  series={data.columns.map((name, at) => ({
                    name: `${labelOf(data.column)}: ${name}`,
                    values: data.cells.map((cells) => cells[at] ?? 0),
                  }))}
                  labelHeader={labelOf(data.row)}
                  stacked
                  numbersIn={tableCaption}
                />
              </div>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
