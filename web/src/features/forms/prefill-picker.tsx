/**
 * "Pre-fill from <source>" (sending a form, filling one in): each data source that fills the
 * template offers its records, searched in any column and paged (`GET /prepopulation-records`);
 * picking one fetches the values it gives the template's fields (`/fetch-prepopulation` with
 * `id` and `oid`) and hands them over, with the record's ref. The person can still change every
 * answer. Only for those who may read the records (administrators).
 */
import type { FormField, PrepopulationRecordPage, PrepopulationSourceSummary } from '@formsign/sdk';
import { useId, useState } from 'react';
import { api } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { PagerNav } from '../../lists/pager-nav.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { recordRef } from './prefill-answers.ts';

export interface PickedRecord {
  ref: string;
  source: string;
  oid: string;
  fields: FormField[];
}

const pageSize = 10;
const noRecords: PrepopulationRecordPage = { page: 1, limit: pageSize, total: 0, total_exact: true, headers: [], reference: '', records: [] };

function RecordList({ source, onPick }: { source: PrepopulationSourceSummary; onPick(picked: PickedRecord): void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ id: source.id, search: '', page: 1 });
  const records = useDataGroup(
    'prepopulationPicker',
    noRecords,
    (params: typeof query, options) =>
      api.prepopulation.records({ id: params.id, page: params.page, limit: pageSize, ...(params.search ? { search: params.search } : {}) }, options),
    query,
  );
  const pick = useMutation((oid: string, options) => api.prepopulation.fetch({ id: source.id, oid }, options), {
    onSuccess: (answer, oid) => {
      if (!answer.error) onPick({ ref: recordRef(source.id, oid), source: source.name, oid, fields: answer.fields });
    },
  });
  const search = (): void => setQuery({ id: source.id, search: typed.trim(), page: 1 });
  const { headers, reference } = records.data;
  const shown = headers.filter((header) => header !== reference).slice(0, 3);
  return (
    <div className="prefill-picker__records">
      {/* Inside the form being filled: no form of its own, Enter searches. */}
      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor={`${id}-search`}>Search the records of {source.name}</label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            maxLength={200}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              search();
            }}
          />
        </div>
        <button type="button" className="button button--secondary" onClick={search}>
          Search
        </button>
      </div>
      <FormError message={records.error ? records.message : (pick.error ?? (pick.result?.error ? pick.result.message : null))} />
      {records.loading ? (
        <p className="muted">Loading records…</p>
      ) : records.data.records.length === 0 ? (
        <p className="muted">{query.search ? 'No record holds these words.' : 'This source holds no records.'}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Records of {source.name}</caption>
          <thead>
            <tr>
              <th scope="col">{reference}</th>
              {shown.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Pick</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.data.records.map((record) => (
              <tr key={record.oid}>
                <td>{record.oid}</td>
                {shown.map((header) => (
                  <td key={header}>{record.values[header] ?? ''}</td>
                ))}
                <td>
                  <button type="button" className="button button--small" disabled={pick.busy} onClick={() => void pick.run(record.oid)}>
                    Use {record.oid}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {records.data.total > 0 || query.page > 1 ? (
        <PagerNav
          label={`Records of ${source.name}: pages`}
          page={query.page}
          limit={pageSize}
          total={records.data.total}
          totalExact={records.data.total_exact}
          rowsOnPage={records.data.records.length}
          busy={records.loading}
          onPage={(page) => setQuery((current) => ({ ...current, page }))}
        />
      ) : null}
    </div>
  );
}

/**
 * The picker. `filled` is the record the caller filled the answers from (it says so); the
 * caller decides what a picked record does, and may ask the person first.
 */
export function PrefillPicker({
  templateId,
  filled,
  onPick,
  className = '',
}: {
  templateId: number;
  filled: PickedRecord | null;
  onPick(picked: PickedRecord): void;
  /** More classes for its box (a card of its own on the signing page). */
  className?: string;
}) {
  const sources = useDataGroup(
    'prepopulationSources',
    [] as PrepopulationSourceSummary[],
    (template: number, options) =>
      api.prepopulation.fetch({}, options).then((answer) => answer.source.filter((source) => source.template_id === template)),
    templateId,
  );
  const [open, setOpen] = useState<number | null>(null);
  if (sources.loading || sources.error || sources.data.length === 0) return null;
  const openSource = sources.data.find((source) => source.id === open);
  return (
    <section className={`prefill-picker ${className}`.trim()} aria-label="Pre-fill from a data source">
      <div className="toolbar">
        {sources.data.map((source) => (
          <button
            key={source.id}
            type="button"
            className="button button--secondary"
            aria-expanded={open === source.id}
            onClick={() => setOpen((current) => (current === source.id ? null : source.id))}
          >
            Pre-fill from {source.name}
          </button>
        ))}
      </div>
      {filled ? (
        <p role="status">
          Filled in from {filled.source}, record {filled.oid}. You can still change any answer.
        </p>
      ) : null}
      {openSource ? (
        <RecordList
          key={openSource.id}
          source={openSource}
          onPick={(record) => {
            setOpen(null);
            onPick(record);
          }}
        />
      ) : null}
    </section>
  );
}
