/**
 * Manage Template (`/template`, `POST /getforms`): the company's form templates, a page at a
 * time, with search, a status filter, a date range and sorting, the view kept in the URL.
 * Each row shows its status, category, number of fields, how many forms were started from it
 * and its dates. New template opens step 1 of the editor; each row can be edited, duplicated,
 * archived or restored, and deleted (after a confirmation).
 * Designed where the specification is silent: every command answers with a page of templates,
 * which replaces the one shown, and the outcome is a notification in the server's words; rows
 * can be ticked to archive, restore or delete several at once; archived templates stay in the
 * list, marked Archived and offering Restore, until they are deleted.
 */
import type { ManagedTemplate } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useCancelFirst } from '../features/forms/cancel-first.ts';
import {
  SelectEveryTemplate,
  SelectTemplate,
  TemplateListActions,
  TemplateRowActionsCell,
  type TemplateListActionsValue,
} from '../features/forms/template-selection.tsx';
import { TemplateSelectionBar } from '../features/forms/template-selection-bar.tsx';
import { TemplateStatusFilter } from '../features/forms/template-status-filter.tsx';
import { fromRequest, templateListMachine, type TemplateCommand, type TemplateListEmitted } from '@formsign/machines';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDate } from '../lists/format.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import { useParamsEffect } from '../lists/use-params-effect.ts';
import { inspectOption } from '../session/inspection.ts';
import { useNotify } from '../shell/notifications.tsx';
import '../styles/forms.css';

const templatesCalls = area(templatesApi);

const templateListLogic = templateListMachine.provide({
  actors: { manage: fromRequest((input, options) => templatesCalls.manage(input, options)) },
});

/** How many templates a command acts on. */
const countOf = (command: TemplateCommand): number => (command.functions === 'duplicate' ? 1 : command.ids.length);

const doneTitles: Record<TemplateCommand['functions'], (count: number) => MessageDescriptor> = {
  duplicate: () => msg`Template duplicated`,
  archive: (count) => msg`${plural(count, { one: 'Template archived', other: 'Templates archived' })}`,
  restore: (count) => msg`${plural(count, { one: 'Template restored', other: 'Templates restored' })}`,
  delete: (count) => msg`${plural(count, { one: 'Template deleted', other: 'Templates deleted' })}`,
};

/** What a command did, said of its subject (“Incident Report”, 3 templates); the words may agree with how many templates it is. */
const doneWords: Record<TemplateCommand['functions'], (subject: string, count: number) => MessageDescriptor> = {
  duplicate: (subject) => msg`A copy of ${subject} is in the list.`,
  archive: (subject, count) =>
    msg`${plural(count, {
      one: `${subject}: no new forms can be started from it until it is restored.`,
      other: `${subject}: no new forms can be started from it until it is restored.`,
    })}`,
  restore: (subject, count) =>
    msg`${plural(count, { one: `${subject} can be used to start forms again.`, other: `${subject} can be used to start forms again.` })}`,
  delete: (subject, count) =>
    msg`${plural(count, {
      one: `${subject} no longer exists. Forms already started from it keep their answers.`,
      other: `${subject} no longer exists. Forms already started from it keep their answers.`,
    })}`,
};

const failedTitles: Record<TemplateCommand['functions'], (subject: string) => MessageDescriptor> = {
  duplicate: (subject) => msg`Could not duplicate ${subject}`,
  archive: (subject) => msg`Could not archive ${subject}`,
  restore: (subject) => msg`Could not restore ${subject}`,
  delete: (subject) => msg`Could not delete ${subject}`,
};

function StatusBadge({ status }: { status: ManagedTemplate['status'] }) {
  return status === 'active' ? (
    <span className="badge badge--success">
      <Trans>Active</Trans>
    </span>
  ) : (
    <span className="badge">
      <Trans>Archived</Trans>
    </span>
  );
}

/** Made once: the cells read the page's state through `TemplateListActions`. */
const columns: ListColumn<ManagedTemplate>[] = [
  { id: 'select', enableSorting: false, header: () => <SelectEveryTemplate />, cell: ({ row }) => <SelectTemplate template={row.original} /> },
  {
    id: 'title',
    accessorKey: 'title',
    header: () => <Trans>Template</Trans>,
    cell: (info) => <strong className="template-title">{info.getValue<string>()}</strong>,
  },
  {
    id: 'category',
    accessorKey: 'category',
    header: () => <Trans>Category</Trans>,
    cell: (info) =>
      info.getValue<string>() || (
        <span className="muted">
          <Trans>None</Trans>
        </span>
      ),
  },
  {
    id: 'status',
    accessorKey: 'status',
    header: () => <Trans>Status</Trans>,
    cell: (info) => <StatusBadge status={info.getValue<ManagedTemplate['status']>()} />,
  },
  {
    id: 'fields',
    accessorKey: 'fields',
    header: () => <Trans>Fields</Trans>,
    cell: (info) => <span className="num">{info.getValue<number>()}</span>,
  },
  { id: 'uses', accessorKey: 'uses', header: () => <Trans>Uses</Trans>, cell: (info) => <span className="num">{info.getValue<number>()}</span> },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: () => <Trans>Created</Trans>,
    cell: (info) => <span className="nowrap">{formatDate(info.getValue<string>())}</span>,
  },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: () => <Trans>Updated</Trans>,
    cell: (info) => <span className="nowrap">{formatDate(info.getValue<string>())}</span>,
  },
  {
    id: 'actions',
    header: () => <Trans>Actions</Trans>,
    enableSorting: false,
    cell: ({ row }) => <TemplateRowActionsCell template={row.original} />,
  },
];

export default function ManageTemplatePage() {
  const { t, i18n } = useLingui();
  const query = useListQuery();
  const notify = useNotify();
  const [snapshot, send, actor] = useMachine(templateListLogic, inspectOption());
  const { page, loading, error, message, command } = snapshot.context;
  const busy = command !== null;

  const view = { page: query.page, limit: query.limit, filters: query.filters };
  const viewKey = JSON.stringify(view);
  // The machine fetches each new view of the URL (compared by value).
  const refetch = useParamsEffect(view, (current) => send({ type: 'templates.fetch', view: current }));

  // Ticked rows belong to the view they were ticked in: another page or filter starts afresh.
  const [ticked, setTicked] = useState<{ view: string; ids: ReadonlySet<number> }>({ view: viewKey, ids: new Set() });
  const tickedIds = ticked.view === viewKey ? ticked.ids : new Set<number>();
  const rows = page.data;
  const selected = rows.filter((row) => tickedIds.has(row.id));
  const setTickedIds = (ids: ReadonlySet<number>): void => setTicked({ view: viewKey, ids });

  const [deleting, setDeleting] = useState<readonly ManagedTemplate[] | null>(null);
  useCancelFirst(deleting !== null);

  useEffect(() => {
    const tell = (event: TemplateListEmitted): void => {
      const { command, subject } = event;
      const count = countOf(command);
      if (event.type === 'templates.done') {
        notify({
          type: 'success',
          title: i18n._(doneTitles[command.functions](count)),
          description: event.message || i18n._(doneWords[command.functions](subject, count)),
        });
        setTicked((current) => ({ ...current, ids: new Set() }));
      } else {
        notify({ type: 'error', title: i18n._(failedTitles[command.functions](subject)), description: event.message });
      }
    };
    const done = actor.on('templates.done', tell);
    const failed = actor.on('templates.failed', tell);
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, notify, i18n]);

  /** What a command is about, in words: “Incident Report”, 3 templates. */
  const subjectOf = (templates: readonly ManagedTemplate[]): string => {
    const title = templates[0]?.title ?? '';
    const count = templates.length;
    return count === 1 ? t`“${title}”` : t`${plural(count, { one: '# template', other: '# templates' })}`;
  };

  const run = (templates: readonly ManagedTemplate[], functions: 'archive' | 'restore' | 'delete'): void => {
    if (templates.length === 0) return;
    send({ type: 'templates.command', command: { functions, ids: templates.map((template) => template.id) }, subject: subjectOf(templates) });
  };
  const duplicate = (template: ManagedTemplate): void =>
    send({ type: 'templates.command', command: { functions: 'duplicate', id: template.id }, subject: subjectOf([template]) });

  const actions: TemplateListActionsValue = {
    rows,
    ticked: tickedIds,
    setTicked: setTickedIds,
    busy,
    duplicate,
    archive: (template) => run([template], 'archive'),
    restore: (template) => run([template], 'restore'),
    askDelete: (template) => setDeleting([template]),
  };

  const filtered = Object.keys(query.filters).some((key) => key !== 'sort' && key !== 'order');
  const deletingCount = deleting?.length ?? 0;
  const subject = deleting ? subjectOf(deleting) : '';

  return (
    <div className="page manage-template">
      <div className="page__header">
        <p className="manage-template__intro">
          <Trans>Design the forms your organisation sends for signing and approval.</Trans>
        </p>
        <Link className="button" to="/template/edit/new/step1">
          <Trans>New template</Trans>
        </Link>
      </div>
      <FilterBar query={query} searchLabel={t`Search templates`}>
        <TemplateStatusFilter query={query} />
      </FilterBar>
      <TemplateListActions.Provider value={actions}>
        <DataTable
          caption={t`Templates`}
          columns={columns}
          rows={rows}
          total={page.total}
          totalExact={page.total_exact}
          loading={loading}
          error={error ? message : null}
          onRetry={refetch}
          empty={filtered ? t`No templates match these filters.` : t`There are no templates yet: start with New template.`}
          query={query}
          getRowId={(row) => String(row.id)}
        >
          <TemplateSelectionBar
            selected={selected}
            busy={busy}
            onArchive={() =>
              run(
                selected.filter((template) => template.status === 'active'),
                'archive',
              )
            }
            onRestore={() =>
              run(
                selected.filter((template) => template.status === 'archived'),
                'restore',
              )
            }
            onDelete={() => setDeleting(selected)}
            onClear={() => setTickedIds(new Set())}
          />
        </DataTable>
      </TemplateListActions.Provider>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t`Delete ${subject}?` : t`Delete`}
        confirmLabel={deletingCount > 1 ? t`Delete ${deletingCount} templates` : t`Delete template`}
        onConfirm={() => {
          if (deleting) run(deleting, 'delete');
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deletingCount > 1 ? (
            <Trans>
              These templates and their fields are deleted for good: this cannot be undone. Forms already started keep their answers. To stop using a
              template but keep it, archive it instead.
            </Trans>
          ) : (
            <Trans>
              The template and its fields are deleted for good: this cannot be undone. Forms already started keep their answers. To stop using a
              template but keep it, archive it instead.
            </Trans>
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}
