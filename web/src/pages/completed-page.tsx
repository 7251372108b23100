/**
 * Completed forms (`/completed`, `GET /completed-forms`): every signed form, newest first,
 * with search, a date range, a template filter and sorting, the view kept in the URL. Each
 * form's reference opens its progress page (its trail, the case it is filed on); its signed PDF
 * opens in a new tab, and can be saved into Documents. While a form's PDF is being sealed the
 * list fetches itself again until it is. A form whose answers and files the company's
 * retention removed stays listed, saying when they were removed.
 */
import type { CompletedForm, CompletedFormPage } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { formsApi, storageApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDate, formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useRefetchWhile } from '../lists/use-refetch-while.ts';
import { TemplateFilter } from '../lists/template-filter.tsx';
import { useNotify } from '../shell/notifications.tsx';

const formsCalls = area(formsApi);
const storageCalls = area(storageApi);

const emptyPage: CompletedFormPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

function SaveToDocuments({ form }: { form: CompletedForm }) {
  const notify = useNotify();
  const { t } = useLingui();
  const { reference } = form;
  const save = useMutation((id: number, options) => storageCalls.manage({ data: { action: 'save', form: id } }, options), {
    onSuccess: () => notify({ type: 'success', title: t`Saved to Documents`, description: t`${reference} is now in your Documents.` }),
    onFailure: (message) => notify({ type: 'error', title: t`Could not save to Documents`, description: message }),
  });
  return (
    <button type="button" className="button button--secondary button--small" aria-disabled={save.busy} onClick={() => void save.run(form.id)}>
      <Trans>Save to Documents</Trans>
      <span className="visually-hidden"> ({reference})</span>
    </button>
  );
}

const columns: ListColumn<CompletedForm>[] = [
  {
    id: 'reference',
    accessorKey: 'reference',
    header: () => <Trans>Reference</Trans>,
    cell: ({ row }) => <Link to={`/workflow/${row.original.id}`}>{row.original.reference}</Link>,
  },
  { id: 'title', accessorKey: 'title', header: () => <Trans>Form</Trans> },
  { id: 'template', accessorKey: 'template', header: () => <Trans>Template</Trans> },
  { id: 'submitted_by', accessorKey: 'submitted_by', header: () => <Trans>Sent by</Trans> },
  {
    id: 'completed_at',
    accessorKey: 'completed_at',
    header: () => <Trans>Completed</Trans>,
    cell: (info) => formatDateTime(info.getValue<string>()),
  },
  { id: 'signers', accessorKey: 'signers', header: () => <Trans>Signers</Trans>, enableSorting: false },
  {
    id: 'actions',
    header: () => <Trans>Actions</Trans>,
    enableSorting: false,
    cell: ({ row }) => {
      const { reference, pdf } = row.original;
      const removed = row.original.data_removed_at ? formatDate(row.original.data_removed_at) : null;
      return removed ? (
        <span className="muted">
          <Trans>Removed on {removed} (retention)</Trans>
        </span>
      ) : (
        <div className="form-actions" style={{ marginTop: 0 }}>
          {pdf ? (
            <a className="button button--small" href={pdf} target="_blank" rel="noopener noreferrer">
              <Trans>
                PDF<span className="visually-hidden"> of {reference} (opens in a new tab)</span>
              </Trans>
            </a>
          ) : (
            <span className="muted">
              <Trans>PDF being sealed</Trans>
            </span>
          )}
          <SaveToDocuments form={row.original} />
        </div>
      );
    },
  },
];

export default function CompletedPage() {
  const { t } = useLingui();
  const query = useListQuery();
  const forms = useDataGroup('completed', emptyPage, (params, options) => formsCalls.completed(params, options), {
    page: query.page,
    limit: query.limit,
    filters: query.filters,
  });
  useRefetchWhile(
    forms.data.data.some((form) => !form.pdf && !form.data_removed_at),
    forms.refetch,
  );
  return (
    <div className="page">
      <FilterBar query={query} searchLabel={t`Search forms`}>
        <TemplateFilter query={query} />
      </FilterBar>
      <DataTable
        caption={t`Completed forms`}
        columns={columns}
        rows={forms.data.data}
        total={forms.data.total}
        totalExact={forms.data.total_exact}
        {...tableState(forms)}
        empty={t`No completed forms match these filters.`}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
