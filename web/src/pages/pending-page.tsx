/**
 * Action Required (`/pending`, `GET /pending-form`): the forms waiting for the signed-in
 * person, paged (page and rows per page in the URL). The endpoint takes no filters and no
 * sort, so the list has neither.
 *
 * Designed where the specification is silent: each row shows the form and its reference, who
 * sent it and when, what is asked of the person (Sign, Approve, Fill in) as a badge, the step of
 * the signing order ("Step 2 of 4"), and the due date (a past one reads "Overdue", one within two
 * days "Due soon"). The row's main action opens the form at `/open-pending/{page_id}`, named
 * after what is asked. Forms that only need an approval can be approved from the list
 * (`/websigning`, function `approve`); a form to sign or fill in is done in the form itself. Any
 * form can be sent back to its sender with a required comment (`disapprove`, `comment`).
 */
import type { PendingForm, PendingFormPage } from '@formsign/sdk';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formsApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { DueDate, urgencyOf } from '../features/lists/pending/due-date.tsx';
import { PendingListActions, PendingRowActions } from '../features/lists/pending/pending-row-actions.tsx';
import { SendBackDialog } from '../features/lists/pending/send-back-dialog.tsx';
import { StepProgress } from '../features/lists/step-progress.tsx';
import { unsorted } from '../features/lists/unsorted.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { ListSummary } from '../lists/list-summary.tsx';
import { formatDateTime } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useNow } from '../lists/use-now.ts';
import '../styles/lists.css';

const formsCalls = area(formsApi);

const emptyPage: PendingFormPage = { page: 1, limit: 25, total: 0, total_exact: true, data: [] };

/** What is asked, as its badge says it. */
const asked = {
  sign: { badge: msg`Sign`, tone: 'badge--info' },
  approve: { badge: msg`Approve`, tone: 'badge--warning' },
  fill: { badge: msg`Fill in`, tone: 'badge--success' },
} as const;

function AskedBadge({ action }: { action: PendingForm['action'] }) {
  const { i18n } = useLingui();
  return <span className={`badge ${asked[action].tone}`}>{i18n._(asked[action].badge)}</span>;
}

const columns: ListColumn<PendingForm>[] = unsorted<PendingForm>([
  {
    id: 'title',
    header: () => <Trans>Form</Trans>,
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.title}</span>
        <span className="cell-sub">{row.original.reference}</span>
      </>
    ),
  },
  {
    id: 'from',
    header: () => <Trans context="sender">From</Trans>,
    cell: ({ row }) => (
      <>
        {row.original.from}
        <span className="cell-sub cell-nowrap">{formatDateTime(row.original.sent_at)}</span>
      </>
    ),
  },
  {
    id: 'action',
    header: () => <Trans>Asked to</Trans>,
    cell: ({ row }) => <AskedBadge action={row.original.action} />,
  },
  { id: 'step', header: () => <Trans>Step</Trans>, cell: ({ row }) => <StepProgress step={row.original.step} steps={row.original.steps} /> },
  { id: 'due_at', header: () => <Trans>Due</Trans>, cell: ({ row }) => <DueDate dueAt={row.original.due_at} /> },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <PendingRowActions form={row.original} /> },
]);

function PendingSummary({ total, totalExact, overdue, loading }: { total: number; totalExact: boolean; overdue: number; loading: boolean }) {
  const { t } = useLingui();
  const waiting = totalExact
    ? t`${plural(total, { one: '# form waits for you', other: '# forms wait for you' })}`
    : t`More than ${plural(total, { one: '# form waits for you', other: '# forms wait for you' })}`;
  const late = t`${plural(overdue, { one: '# overdue on this page', other: '# overdue on this page' })}`;
  return <ListSummary loading={loading}>{total === 0 ? null : overdue > 0 ? `${waiting} · ${late}` : waiting}</ListSummary>;
}

export default function PendingPage() {
  const { t } = useLingui();
  const query = useListQuery();
  const forms = useDataGroup('pending', emptyPage, (params, options) => formsCalls.pending(params, options), {
    page: query.page,
    limit: query.limit,
  });
  const [target, setTarget] = useState<PendingForm | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const actions = {
    refetch: forms.refetch,
    sendBack: (form: PendingForm) => {
      setTarget(form);
      setDialogOpen(true);
    },
  };
  const rows = forms.data.data;
  const now = useNow();

  return (
    <div className="page">
      <div className="list-header">
        <div>
          <h2>
            <Trans>Waiting for you</Trans>
          </h2>
          <PendingSummary
            total={forms.data.total}
            totalExact={forms.data.total_exact}
            overdue={rows.filter((form) => urgencyOf(form.due_at, now) === 'overdue').length}
            loading={forms.loading}
          />
        </div>
      </div>
      <PendingListActions.Provider value={actions}>
        <DataTable
          caption={t`Forms waiting for you`}
          columns={columns}
          rows={rows}
          total={forms.data.total}
          totalExact={forms.data.total_exact}
          {...tableState(forms)}
          empty={t`Nothing needs your action. Forms sent to you for signing or approval appear here.`}
          query={query}
          getRowId={(row) => String(row.id)}
        />
      </PendingListActions.Provider>
      {target ? (
        <SendBackDialog
          key={target.id}
          form={target}
          open={dialogOpen}
          page={query.page}
          limit={query.limit}
          onClose={() => setDialogOpen(false)}
          onSent={() => {
            setDialogOpen(false);
            forms.refetch();
          }}
        />
      ) : null}
    </div>
  );
}
