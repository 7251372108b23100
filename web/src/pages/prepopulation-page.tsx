/**
 * Pre-population (`/pforms`, `GET /fetch-prepopulation`, administrators): data sources that
 * fill in a template's fields before a form is sent. The specification shows no content;
 * designed as the list of sources (name, template, records, last loaded), and one source
 * (`?source=<id>`): its template fields and which data column fills each (`order`), the data's
 * columns with the reference column marked, how many records it holds, who set it up and
 * when the data was loaded; and a preview of one record (`?oid=`): the values it would put in
 * each field. An unknown source says so, with a way back to the list.
 */
import type { FormField, PrepopulationResponse, PrepopulationSourceSummary } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { prepopulationApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { DataTable, ListFailure, type ListColumn } from '../lists/data-table.tsx';
import { formatDate, formatDateTime, useDateStyle } from '../lists/format.ts';
import { useDataGroup } from '../lists/use-data-group.ts';
import { formatNumber } from '../features/operations/chart-data.ts';
import { LoadingState } from '../features/operations/loading-state.tsx';
import { ColumnMapping } from '../features/prepopulation/column-mapping.tsx';
import { SourceRecords } from '../features/prepopulation/source-records.tsx';
import { SourceSettings } from '../features/prepopulation/source-settings.tsx';
import { UploadSource } from '../features/prepopulation/upload-source.tsx';
import { useUrlState } from '../features/operations/use-url-state.ts';
import '../styles/operations.css';

const prepopulationCalls = area(prepopulationApi);

const emptyAnswer: PrepopulationResponse = {
  error: false,
  message: '',
  type: 'list',
  source: [],
  fields: [],
  oids: [],
  headers: [],
  order: {},
  setbyme: false,
  reference: '',
  timestamp: '',
};

const fieldTypes: Record<FormField['type'], MessageDescriptor> = {
  text: msg`Text`,
  textarea: msg`Long text`,
  number: msg`Number`,
  date: msg`Date`,
  email: msg`Email`,
  checkbox: msg`Tick box`,
  select: msg`Choice`,
  radio: msg`Radio buttons`,
  calculated: msg`Calculated number`,
  signature: msg`Signature`,
  initials: msg`Initials`,
  file: msg`File upload`,
  stamp: msg`Stamp`,
};

/** A field's type, in words. */
function FieldType({ type }: { type: FormField['type'] }) {
  const { i18n } = useLingui();
  return i18n._(fieldTypes[type]);
}

const sourceColumns: ListColumn<PrepopulationSourceSummary>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    header: () => <Trans>Data source</Trans>,
    cell: ({ row }) => <Link to={`?source=${row.original.id}`}>{row.original.name}</Link>,
  },
  { id: 'template', accessorKey: 'template', header: () => <Trans>Fills in</Trans> },
  {
    id: 'records',
    accessorKey: 'records',
    header: () => <Trans>Records</Trans>,
    cell: (info) => <span className="ops-num">{formatNumber(info.getValue<number>())}</span>,
  },
  { id: 'updated_at', accessorKey: 'updated_at', header: () => <Trans>Data loaded</Trans>, cell: (info) => formatDateTime(info.getValue<string>()) },
];

function SourceList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const sources = useDataGroup('prepopulationSources', emptyAnswer, (_params: null, options) => prepopulationCalls.fetch({}, options), null);
  const failure = sources.error ? sources.message : sources.data.error ? sources.data.message : null;
  return (
    <section aria-labelledby="prepopulation-list-heading">
      <h2 id="prepopulation-list-heading">
        <Trans>Data sources</Trans>
      </h2>
      <p className="ops-quiet">
        <Trans>Each source fills in the fields of one template from its records, so people start from the details you already hold.</Trans>
      </p>
      <DataTable
        caption={t`Data sources`}
        columns={sourceColumns}
        rows={sources.data.source}
        total={sources.data.source.length}
        loading={sources.loading}
        error={failure}
        onRetry={sources.refetch}
        empty={t`No data sources yet.`}
        getRowId={(row) => String(row.id)}
      />
      <UploadSource onCreated={(id) => void navigate(`/pforms?source=${id}`)} />
    </section>
  );
}

/** The columns of the field order: each field, and the data column that fills it (`order`). */
function fieldOrderColumns(order: Record<string, string>): ListColumn<FormField>[] {
  return [
    { id: 'label', accessorKey: 'label', header: () => <Trans>Field</Trans> },
    { id: 'type', accessorKey: 'type', header: () => <Trans>Type</Trans>, cell: (info) => <FieldType type={info.getValue<FormField['type']>()} /> },
    {
      id: 'required',
      accessorKey: 'required',
      header: () => <Trans>Required</Trans>,
      cell: (info) => (info.getValue<boolean>() ? <Trans>Yes</Trans> : <Trans>No</Trans>),
    },
    {
      id: 'header',
      header: () => <Trans>Filled from</Trans>,
      cell: ({ row }) => {
        const header = order[row.original.name];
        return header ? (
          <span className="ops-chip">{header}</span>
        ) : (
          <span className="ops-quiet">
            <Trans>Not filled: the person fills it in</Trans>
          </span>
        );
      },
    },
  ];
}

function FieldOrder({ answer }: { answer: PrepopulationResponse }) {
  const { t } = useLingui();
  const columns = useMemo(() => fieldOrderColumns(answer.order), [answer.order]);
  return (
    <DataTable
      caption={t`Which data column fills each field`}
      columns={columns}
      rows={answer.fields}
      total={answer.fields.length}
      loading={false}
      empty={t`This template has no fields.`}
      getRowId={(row) => row.name}
    />
  );
}

const recordColumns: ListColumn<FormField>[] = [
  { id: 'label', accessorKey: 'label', header: () => <Trans>Field</Trans> },
  {
    id: 'value',
    header: () => <Trans>Value it starts with</Trans>,
    cell: ({ row }) => {
      const value = row.original.value;
      if (value === null || value === undefined || value === '') return <span className="ops-quiet">—</span>;
      if (typeof value === 'boolean') return value ? <Trans>Yes</Trans> : <Trans>No</Trans>;
      if (row.original.type === 'date' && typeof value === 'string') return formatDate(value);
      return typeof value === 'number' ? formatNumber(value) : value;
    },
  },
];

function RecordPreview({ sourceId, oid }: { sourceId: number; oid: string }) {
  const { t } = useLingui();
  const record = useDataGroup(
    'prepopulationRecord',
    emptyAnswer,
    (params: { id: number; oid: string }, options) => prepopulationCalls.fetch(params, options),
    { id: sourceId, oid },
  );
  const failure = record.error ? record.message : record.data.error ? record.data.message : null;
  if (record.loading) return <LoadingState label={t`Loading record ${oid}…`} />;
  if (failure) return <ListFailure message={failure} onRetry={record.refetch} />;
  return (
    <DataTable
      caption={t`Record ${oid}`}
      columns={recordColumns}
      rows={record.data.fields}
      total={record.data.fields.length}
      loading={false}
      empty={t`This record fills no field.`}
      getRowId={(row) => row.name}
    />
  );
}

function RecordPicker({ oids, chosen, onPreview }: { oids: string[]; chosen: string | null; onPreview(oid: string): void }) {
  const id = useId();
  const [oid, setOid] = useState(chosen ?? oids[0] ?? '');
  const preview = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (oid) onPreview(oid);
  };
  if (oids.length === 0)
    return (
      <p className="ops-quiet">
        <Trans>This source holds no records yet.</Trans>
      </p>
    );
  return (
    <form className="toolbar" onSubmit={preview}>
      <div className="field">
        <label htmlFor={id}>
          <Trans>Record</Trans>
        </label>
        <select id={id} className="select" value={oid} onChange={(event) => setOid(event.target.value)}>
          {oids.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        <Trans>Preview</Trans>
      </button>
    </form>
  );
}

function SourceDetails({ id, oid }: { id: number; oid: string | null }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t } = useLingui();
  const url = useUrlState();
  const navigate = useNavigate();
  const source = useDataGroup(
    'prepopulationSource',
    emptyAnswer,
    (sourceId: number, options) => prepopulationCalls.fetch({ id: sourceId }, options),
    id,
  );
  const answer = source.data;
  const summary = answer.source.find((item) => item.id === id) ?? answer.source[0];
  const back = (
    <Link className="ops-back" to="/pforms">
      <span aria-hidden="true">←</span> <Trans>All data sources</Trans>
    </Link>
  );
  if (source.loading)
    return (
      <>
        {back}
        <LoadingState label={t`Loading the data source…`} />
      </>
    );
  if (source.error)
    return (
      <>
        {back}
        <ListFailure message={source.message ?? ''} onRetry={source.refetch} />
      </>
    );
  if (answer.error || !summary) {
    return (
      <>
        {back}
        <section className="card" aria-labelledby="prepopulation-missing-heading">
          <h2 id="prepopulation-missing-heading">
            <Trans>Data source not found</Trans>
          </h2>
          <div className="alert alert--warning" role="alert">
            <div className="alert__body">{answer.message || t`This data source does not exist.`}</div>
          </div>
          <Link className="button" to="/pforms">
            <Trans>Back to the data sources</Trans>
          </Link>
        </section>
      </>
    );
  }
  const templateTitle = summary.template;
  return (
    <>
      {back}
      <section className="card" aria-labelledby="prepopulation-source-heading">
        <h2 id="prepopulation-source-heading">{summary.name}</h2>
        <dl className="ops-details">
          <div>
            <dt>
              <Trans>Fills in</Trans>
            </dt>
            <dd>{summary.template}</dd>
          </div>
          <div>
            <dt>
              <Trans>Records</Trans>
            </dt>
            <dd>{formatNumber(summary.records)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Reference column</Trans>
            </dt>
            <dd>{answer.reference ? <span className="ops-chip ops-chip--key">{answer.reference}</span> : '—'}</dd>
          </div>
          <div>
            <dt>
              <Trans>Set up by</Trans>
            </dt>
            <dd>{answer.setbyme ? t`You` : t`Another administrator`}</dd>
          </div>
          <div>
            <dt>
              <Trans>Data loaded</Trans>
            </dt>
            <dd>{answer.timestamp ? formatDateTime(answer.timestamp) : t`Not loaded yet`}</dd>
          </div>
        </dl>
        <SourceSettings key={summary.name} sourceId={id} name={summary.name} onRenamed={source.refetch} onRemoved={() => void navigate('/pforms')} />
      </section>
      <section className="card" aria-labelledby="prepopulation-order-heading">
        <h2 id="prepopulation-order-heading">
          <Trans>Which data fills each field</Trans>
        </h2>
        <FieldOrder answer={answer} />
        <h3 className="ops-spaced">
          <Trans>Columns in the data</Trans>
        </h3>
        {answer.headers.length > 0 ? (
          <ul className="ops-chips" aria-label={t`Columns in the data`}>
            {answer.headers.map((header) => (
              <li key={header} className={`ops-chip${header === answer.reference ? ' ops-chip--key' : ''}`}>
                {header}
                {header === answer.reference ? (
                  <span className="visually-hidden">
                    {' '}
                    <Trans>(reference column)</Trans>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ops-quiet">
            <Trans>No data loaded yet.</Trans>
          </p>
        )}
        <h3 className="ops-spaced">
          <Trans>Change the mapping</Trans>
        </h3>
        <ColumnMapping
          key={`${summary.template_id}:${JSON.stringify(answer.order)}`}
          sourceId={id}
          templateId={summary.template_id}
          headers={answer.headers}
          order={answer.order}
          onSaved={source.refetch}
        />
      </section>
      <section className="card" aria-labelledby="prepopulation-records-heading">
        <h2 id="prepopulation-records-heading">
          <Trans>Records</Trans>
        </h2>
        <SourceRecords sourceId={id} onChanged={source.refetch} />
      </section>
      <section className="card" aria-labelledby="prepopulation-preview-heading">
        <h2 id="prepopulation-preview-heading">
          <Trans>Preview a record</Trans>
        </h2>
        <p className="ops-quiet">
          <Trans>See what one record puts in each field of {templateTitle}.</Trans>
        </p>
        <RecordPicker key={oid ?? ''} oids={answer.oids} chosen={oid} onPreview={(value) => url.set({ oid: value })} />
        {oid ? <RecordPreview sourceId={id} oid={oid} /> : null}
      </section>
    </>
  );
}

export default function PrepopulationPage() {
  const url = useUrlState();
  const sourceParam = url.get('source');
  const id = Number(sourceParam);
  return (
    <div className="page">
      {sourceParam !== null ? (
        Number.isInteger(id) && id > 0 ? (
          <SourceDetails key={id} id={id} oid={url.get('oid')} />
        ) : (
          <section className="card" aria-labelledby="prepopulation-bad-heading">
            <h2 id="prepopulation-bad-heading">
              <Trans>Data source not found</Trans>
            </h2>
            <p>
              <Trans>The address does not name a data source.</Trans>
            </p>
            <Link className="button" to="/pforms">
              <Trans>Back to the data sources</Trans>
            </Link>
          </section>
        )
      ) : (
        <SourceList />
      )}
    </div>
  );
}
