/**
 * Workflow (In Progress) (`/workflow`, `GET /workflow`): every form on its way through its
 * signing order, through the workflow-list machine (its loading, data and error flags drive the
 * table). Search, status and a date range filter it, the headers sort it and the pager pages
 * it, all kept in the URL.
 *
 * Designed where the specification is silent (it shows no item fields): each row shows the
 * form and its reference, its status as a badge, the step of the signing order ("Step 2 of 5"),
 * who the step waits for, the last review's comment, and when it last moved. A form that is
 * still moving (sent, in progress, awaiting approval) can be reviewed: approve its current
 * step, or disapprove it with a required comment (`disapprove`, `comment`, `account`, `id`).
 */
import type { WorkflowItem } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormStatusBadge, statusOptions } from '../features/lists/workflow/form-status.tsx';
import { ReviewButton, WorkflowReviewOpener } from '../features/lists/workflow/review-button.tsx';
import { ReviewDialog } from '../features/lists/workflow/review-dialog.tsx';
import { useWorkflowList } from '../features/lists/workflow/use-workflow-list.ts';
import { SelectFilter } from '../lists/select-filter.tsx';
import { StepProgress } from '../features/lists/step-progress.tsx';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { ListSummary } from '../lists/list-summary.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDate, formatDateTime } from '../lists/format.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { Link } from 'react-router-dom';
import '../styles/lists.css';

const columns: ListColumn<WorkflowItem>[] = [
  {
    id: 'title',
    accessorKey: 'title',
    header: () => <Trans>Form</Trans>,
    cell: ({ row }) => (
      <>
        <Link className="cell-main" to={`/workflow/${row.original.id}`}>
          {row.original.title}
        </Link>
        <span className="cell-sub">{row.original.reference}</span>
      </>
    ),
  },
  { id: 'status', accessorKey: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => <FormStatusBadge status={row.original.status} /> },
  {
    id: 'step',
    header: () => <Trans>Step</Trans>,
    enableSorting: false,
    cell: ({ row }) => <StepProgress step={row.original.step} steps={row.original.steps} />,
  },
  { id: 'assignee', accessorKey: 'assignee', header: () => <Trans>Waiting for</Trans> },
  {
    id: 'comment',
    header: () => <Trans>Last comment</Trans>,
    enableSorting: false,
    cell: ({ row }) => (row.original.comment ? <span className="cell-comment">{row.original.comment}</span> : <span className="muted">—</span>),
  },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: () => <Trans>Last update</Trans>,
    cell: ({ row }) => {
      const started = formatDate(row.original.started_at);
      return (
        <span className="cell-nowrap">
          {formatDateTime(row.original.updated_at)}
          <span className="cell-sub">
            <Trans>Started {started}</Trans>
          </span>
        </span>
      );
    },
  },
  { id: 'actions', header: () => <Trans>Actions</Trans>, enableSorting: false, cell: ({ row }) => <ReviewButton item={row.original} /> },
];

export default function WorkflowPage() {
  const { t, i18n } = useLingui();
  const query = useListQuery();
  const workflow = useWorkflowList({ page: query.page, limit: query.limit, filters: query.filters });
  const total = workflow.total;
  const [target, setTarget] = useState<WorkflowItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openReview = (item: WorkflowItem): void => {
    setTarget(item);
    setDialogOpen(true);
  };

  return (
    <div className="page">
      <FilterBar query={query} searchLabel={t`Search forms`}>
        <SelectFilter
          query={query}
          name="status"
          label={t`Status`}
          all={t`All statuses`}
          options={statusOptions.map(({ value, label }) => ({ value, label: i18n._(label) }))}
        />
      </FilterBar>
      <p>
        <Trans>
          <Link to="/bulk-sends">Bulk sends</Link>: templates sent to many people from a CSV, with their progress.
        </Trans>
      </p>
      <ListSummary loading={workflow.loading}>
        {workflow.error || total === 0
          ? null
          : !workflow.totalExact
            ? t`More than ${plural(total, { one: '# form', other: '# forms' })} in progress`
            : t`${plural(total, { one: '# form in progress', other: '# forms in progress' })}`}
      </ListSummary>
      <WorkflowReviewOpener.Provider value={openReview}>
        <DataTable
          caption={t`Forms in progress`}
          columns={columns}
          rows={workflow.items}
          total={workflow.total}
          totalExact={workflow.totalExact}
          loading={workflow.loading}
          error={workflow.message}
          onRetry={workflow.refetch}
          empty={t`No forms in progress match these filters.`}
          query={query}
          getRowId={(row) => `${row.account}-${row.id}`}
        />
      </WorkflowReviewOpener.Provider>
      {target ? (
        <ReviewDialog
          key={`${target.account}-${target.id}`}
          item={target}
          open={dialogOpen}
          review={workflow.review}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </div>
  );
}
