/**
 * A data source's records (`GET /prepopulation-records`), searched in any column and paged
 * with the lists' pager, each changed in place or deleted (`POST /prepopulation-record`); its
 * reference stays. A refused save keeps what was typed.
 */
import type { PrepopulationDataRecord } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { prepopulationApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/form-error.tsx';
import { RecordsTable, useSourceRecords } from '../../lists/records-table.tsx';

const prepopulationCalls = area(prepopulationApi);

const pageSize = 25;

function RecordEditor({
  sourceId,
  record,
  headers,
  reference,
  onDone,
}: {
  sourceId: number;
  record: PrepopulationDataRecord;
  headers: string[];
  reference: string;
  onDone(saved: boolean): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const oid = record.oid;
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...record.values }));
  const save = useMutation(
    (next: Record<string, string>, options) =>
      prepopulationCalls.manageRecord({ function: 'save', id: sourceId, oid: record.oid, values: next }, options),
    { onSuccess: () => onDone(true) },
  );
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const { [reference]: _reference, ...changed } = values;
    void save.run(changed);
  };
  return (
    <form className="card" noValidate onSubmit={submit} aria-label={t`Record ${oid}`} aria-busy={save.busy}>
      <FormError message={save.error} />
      {headers
        .filter((header) => header !== reference)
        .map((header) => (
          <div className="field" key={header}>
            <label htmlFor={`${id}-${header}`}>{header}</label>
            <input
              id={`${id}-${header}`}
              className="input"
              maxLength={1000}
              value={values[header] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [header]: event.target.value }))}
            />
          </div>
        ))}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.busy}>
          {save.busy ? t`Saving…` : t`Save the record`}
        </button>
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

export function SourceRecords({ sourceId, onChanged }: { sourceId: number; onChanged(): void }) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const state = useSourceRecords('prepopulationRecords', sourceId, pageSize);
  const { records } = state;
  const remove = useMutation((oid: string, options) => prepopulationCalls.manageRecord({ function: 'remove', id: sourceId, oid }, options), {
    onSuccess: () => {
      records.refetch();
      onChanged();
    },
  });
  const { headers, reference } = records.data;
  const search = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    state.search(typed);
  };
  const editedRecord = records.data.records.find((record) => record.oid === editing);
  const oid = removing ?? '';
  return (
    <div>
      <form className="toolbar" role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor={`${id}-search`}>
            <Trans>Search the records</Trans>
          </label>
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            maxLength={200}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary">
          <Trans>Search</Trans>
        </button>
      </form>
      <FormError message={records.error ? records.message : remove.error} />
      {editedRecord ? (
        <RecordEditor
          key={editedRecord.oid}
          sourceId={sourceId}
          record={editedRecord}
          headers={headers}
          reference={reference}
          onDone={(saved) => {
            setEditing(null);
            if (saved) records.refetch();
          }}
        />
      ) : null}
      <RecordsTable
        state={state}
        pageSize={pageSize}
        caption={t`Records`}
        pagerLabel={t`Records: pages`}
        columns={headers.slice(0, 5)}
        quietClass="ops-quiet"
        actionsLabel={t`Actions`}
        actions={(record) => {
          const oid = record.oid;
          return (
            <>
              <button type="button" className="button button--small button--secondary" onClick={() => setEditing(oid)}>
                <Trans>Edit {oid}</Trans>
              </button>{' '}
              <button type="button" className="button button--small button--ghost" onClick={() => setRemoving(oid)}>
                <Trans>Delete {oid}</Trans>
              </button>
            </>
          );
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t`Delete record ${oid}?`}
        confirmLabel={t`Delete the record`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove.run(removing);
          setRemoving(null);
        }}
      >
        <Trans>Forms already filled from it keep their values.</Trans>
      </ConfirmDialog>
    </div>
  );
}
