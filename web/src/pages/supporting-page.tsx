/**
 * Supporting Documents (`/supporting`, `GET /get-alldocuments`): the files people attached to
 * forms (photos, receipts, certificates), newest first, with search, a template filter, a date
 * range and sorting, the view kept in the URL.
 *
 * Designed where the specification is silent: each row shows the file's name and type, the form
 * it belongs to (title and reference), who uploaded it and when, and its size. Each file opens in
 * a new tab or downloads under its own name.
 */
import type { SupportingDocument, SupportingDocumentPage } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { formsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { fileType } from '../features/lists/file-type.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatBytes, formatDateTime } from '../lists/format.ts';
import { TemplateFilter } from '../lists/template-filter.tsx';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import '../styles/lists.css';

const formsCalls = area(formsApi);

const emptyPage: SupportingDocumentPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

const columns: ListColumn<SupportingDocument>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    header: () => <Trans>Document</Trans>,
    cell: (info) => <span className="cell-main">{info.getValue<string>()}</span>,
  },
  {
    id: 'form',
    accessorKey: 'form',
    header: () => <Trans>Attached to</Trans>,
    cell: ({ row }) => (
      <>
        {row.original.form}
        <span className="cell-sub">{row.original.reference}</span>
      </>
    ),
  },
  { id: 'uploaded_by', accessorKey: 'uploaded_by', header: () => <Trans>Uploaded by</Trans> },
  {
    id: 'uploaded_at',
    accessorKey: 'uploaded_at',
    header: () => <Trans>Uploaded</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatDateTime(info.getValue<string>())}</span>,
  },
  { id: 'mime', accessorKey: 'mime', header: () => <Trans>Type</Trans>, cell: (info) => fileType(info.getValue<string>()) },
  {
    id: 'size',
    accessorKey: 'size',
    header: () => <Trans>Size</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatBytes(info.getValue<number>())}</span>,
  },
  {
    id: 'actions',
    header: () => <Trans>Actions</Trans>,
    enableSorting: false,
    cell: ({ row }) => {
      const { name, url } = row.original;
      return (
        <div className="cell-actions">
          <a className="button button--secondary button--small" href={url} target="_blank" rel="noopener noreferrer">
            <Trans>
              Open<span className="visually-hidden"> {name} (opens in a new tab)</span>
            </Trans>
          </a>
          <a className="button button--ghost button--small" href={url} download={name}>
            <Trans>Download</Trans>
            <span className="visually-hidden"> {name}</span>
          </a>
        </div>
      );
    },
  },
];

export default function SupportingPage() {
  const { t } = useLingui();
  const query = useListQuery();
  const documents = useDataGroup('supporting', emptyPage, (params, options) => formsCalls.supporting(params, options), {
    page: query.page,
    limit: query.limit,
    filters: query.filters,
  });
  return (
    <div className="page">
      <FilterBar query={query} searchLabel={t`Search documents`}>
        <TemplateFilter query={query} />
      </FilterBar>
      <DataTable
        caption={t`Supporting documents`}
        columns={columns}
        rows={documents.data.data}
        total={documents.data.total}
        totalExact={documents.data.total_exact}
        {...tableState(documents)}
        empty={t`No supporting documents match these filters.`}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
