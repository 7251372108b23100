/**
 * A data source's records, searched in any column and paged (`GET /prepopulation-records`),
 * shown as a table with an action cell per record: the one way both the records page (edit,
 * delete) and the pre-fill picker (use) load and draw them.
 */
import { Trans } from '@lingui/react/macro';
import type { PrepopulationDataRecord, PrepopulationRecordPage } from '@formsign/sdk';
import { useState, type ReactNode } from 'react';
import { prepopulationApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { PagerNav } from './pager-nav.tsx';
import { useDataGroup, type DataGroupState } from './use-data-group.ts';

const prepopulationCalls = area(prepopulationApi);

export interface RecordsQuery {
  id: number;
  search: string;
  page: number;
}

export interface SourceRecordsState {
  records: DataGroupState<PrepopulationRecordPage>;
  query: RecordsQuery;
  /** Searches from the first page. */
  search(text: string): void;
  goTo(page: number): void;
}

/** The records of source `sourceId`, `pageSize` a page, in the data group `group`. */
export function useSourceRecords(group: string, sourceId: number, pageSize: number): SourceRecordsState {
  const [query, setQuery] = useState<RecordsQuery>({ id: sourceId, search: '', page: 1 });
  const [empty] = useState<PrepopulationRecordPage>(() => ({
    page: 1,
    limit: pageSize,
    total: 0,
    total_exact: true,
    headers: [],
    reference: '',
    records: [],
  }));
  const records = useDataGroup(
    group,
    empty,
    (params: RecordsQuery, options) =>
      prepopulationCalls.records({ id: params.id, page: params.page, limit: pageSize, ...(params.search ? { search: params.search } : {}) }, options),
    query,
  );
  return {
    records,
    query,
    search: (text) => setQuery({ id: sourceId, search: text.trim(), page: 1 }),
    goTo: (page) => setQuery((current) => ({ ...current, page })),
  };
}

export function RecordsTable({
  state: { records, query, goTo },
  pageSize,
  caption,
  pagerLabel,
  columns,
  referenceColumn,
  quietClass,
  actionsLabel,
  actions,
}: {
  state: SourceRecordsState;
  pageSize: number;
  caption: string;
  pagerLabel: string;
  /** The headers shown, in order. */
  columns: string[];
  /** A first column with each record's reference, under this header; none when not given. */
  referenceColumn?: string;
  /** The class of the loading and empty lines. */
  quietClass: string;
  actionsLabel: string;
  actions(record: PrepopulationDataRecord): ReactNode;
}) {
  return (
    <>
      {records.loading ? (
        <p className={quietClass}>
          <Trans>Loading records…</Trans>
        </p>
      ) : records.data.records.length === 0 ? (
        <p className={quietClass}>{query.search ? <Trans>No record holds these words.</Trans> : <Trans>This source holds no records.</Trans>}</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {referenceColumn !== undefined ? <th scope="col">{referenceColumn}</th> : null}
              {columns.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{actionsLabel}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {records.data.records.map((record) => (
              <tr key={record.oid}>
                {referenceColumn !== undefined ? <td>{record.oid}</td> : null}
                {columns.map((header) => (
                  <td key={header}>{record.values[header] ?? ''}</td>
                ))}
                <td>{actions(record)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {records.data.total > 0 || query.page > 1 ? (
        <PagerNav
          label={pagerLabel}
          page={query.page}
          limit={pageSize}
          total={records.data.total}
          totalExact={records.data.total_exact}
          rowsOnPage={records.data.records.length}
          busy={records.loading}
          onPage={goTo}
        />
      ) : null}
    </>
  );
}
