/**
 * "Pre-fill from <source>" (sending a form, filling one in): each data source that fills the
 * template offers its records, searched in any column and paged (`GET /prepopulation-records`);
 * picking one fetches the values it gives the template's fields (`/fetch-prepopulation` with
 * `id` and `oid`) and hands them over, with the record's ref. The person can still change every
 * answer. Only for those who may read the records (administrators).
 */
import type { FormField, PrepopulationSourceSummary } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { prepopulationApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';
import { RecordsTable, useSourceRecords } from '../../lists/records-table.tsx';
import { recordRef } from './prefill-answers.ts';

const prepopulationCalls = area(prepopulationApi);

export interface PickedRecord {
  ref: string;
  source: string;
  oid: string;
  fields: FormField[];
}

const pageSize = 10;

function RecordList({ source, onPick }: { source: PrepopulationSourceSummary; onPick(picked: PickedRecord): void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const state = useSourceRecords('prepopulationPicker', source.id, pageSize);
  const pick = useMutation((oid: string, options) => prepopulationCalls.fetch({ id: source.id, oid }, options), {
    onSuccess: (answer, oid) => {
      if (!answer.error) onPick({ ref: recordRef(source.id, oid), source: source.name, oid, fields: answer.fields });
    },
  });
  const search = (): void => state.search(typed);
  const { records } = state;
  const { headers, reference } = records.data;
  const { t } = useLingui();
  const sourceName = source.name;
  return (
    <div className="prefill-picker__records">
      {/* Inside the form being filled: no form of its own, Enter searches. */}
      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor={`${id}-search`}>
            <Trans>Search the records of {sourceName}</Trans>
          </label>
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
          <Trans>Search</Trans>
        </button>
      </div>
      <FormError message={records.error ? records.message : (pick.error ?? (pick.result?.error ? pick.result.message : null))} />
      <RecordsTable
        state={state}
        pageSize={pageSize}
        caption={t`Records of ${sourceName}`}
        pagerLabel={t`Records of ${sourceName}: pages`}
        referenceColumn={reference}
        columns={headers.filter((header) => header !== reference).slice(0, 3)}
        quietClass="muted"
        actionsLabel={t`Pick`}
        actions={({ oid: recordId }) => (
          <button type="button" className="button button--small" disabled={pick.busy} onClick={() => void pick.run(recordId)}>
            <Trans>Use {recordId}</Trans>
          </button>
        )}
      />
    </div>
  );
}

/** Says which record the answers were filled in from. */
function FilledFrom({ record }: { record: PickedRecord }) {
  const { source, oid: recordId } = record;
  return (
    <p role="status">
      <Trans>
        Filled in from {source}, record {recordId}. You can still change any answer.
      </Trans>
    </p>
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
      prepopulationCalls.fetch({}, options).then((answer) => answer.source.filter((source) => source.template_id === template)),
    templateId,
  );
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useLingui();
  if (sources.loading || sources.error || sources.data.length === 0) return null;
  const openSource = sources.data.find((source) => source.id === open);
  return (
    <section className={`prefill-picker ${className}`.trim()} aria-label={t`Pre-fill from a data source`}>
      <div className="toolbar">
        {sources.data.map(({ id, name }) => (
          <button
            key={id}
            type="button"
            className="button button--secondary"
            aria-expanded={open === id}
            onClick={() => setOpen((current) => (current === id ? null : id))}
          >
            <Trans>Pre-fill from {name}</Trans>
          </button>
        ))}
      </div>
      {filled ? <FilledFrom record={filled} /> : null}
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
