/**
 * Template List (`/listing`, `POST /formlisting`): the templates a person can start a form
 * from. The search goes to the server (`search`); the server answers every match at once, so
 * the category, sorting and paging are applied in the browser. All of them are kept in the URL.
 *
 * Designed where the specification is silent: each template shows its title and description,
 * its category, how many fields it has and when it last changed. Links above the list show one
 * category at a time. "Fill in" starts a form from the template at `/open-signing/{id}`;
 * "Send" sends it to its recipients (`/send/{id}`).
 */
import type { FormListingResponse, TemplateListing } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { CategoryLinks } from '../features/lists/templates/category-links.tsx';
import { clientView } from '../features/lists/templates/client-view.ts';
import { DataTable, type ListColumn } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { formatDate } from '../lists/format.ts';
import { tableState, useDataGroup } from '../lists/use-data-group.ts';
import { useListQuery } from '../lists/use-list-query.ts';
import '../styles/lists.css';

const templatesCalls = area(templatesApi);

const noTemplates: FormListingResponse = { all: [] };

const columns: ListColumn<TemplateListing>[] = [
  {
    id: 'title',
    accessorKey: 'title',
    header: () => <Trans>Template</Trans>,
    cell: ({ row }) => (
      <>
        <span className="cell-main">{row.original.title}</span>
        <span className="lists-template-description">{row.original.description}</span>
      </>
    ),
  },
  {
    id: 'category',
    accessorKey: 'category',
    header: () => <Trans>Category</Trans>,
    cell: (info) => <span className="badge">{info.getValue<string>()}</span>,
  },
  { id: 'fields', accessorKey: 'fields', header: () => <Trans>Fields</Trans>, cell: (info) => info.getValue<number>() },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: () => <Trans>Updated</Trans>,
    cell: (info) => <span className="cell-nowrap">{formatDate(info.getValue<string>())}</span>,
  },
  {
    id: 'actions',
    header: () => <Trans>Actions</Trans>,
    enableSorting: false,
    cell: ({ row }) => (
      <div className="form-actions template-row-actions">
        <Link className="button button--small" to={`/open-signing/${row.original.id}`}>
          <Trans>Fill in</Trans>
          <span className="visually-hidden"> {row.original.title}</span>
        </Link>
        <Link className="button button--secondary button--small" to={`/send/${row.original.id}`}>
          <Trans>Send</Trans>
          <span className="visually-hidden"> {row.original.title}</span>
        </Link>
      </div>
    ),
  },
];

export default function TemplateListPage() {
  const { t } = useLingui();
  const query = useListQuery();
  const search = query.filters.search ?? '';
  const listing = useDataGroup('templates', noTemplates, (params, options) => templatesCalls.listing(params, options), { search });
  const all = listing.data.all;
  const category = query.extra.get('category') ?? '';
  // The chosen category stays offered even when a search finds none of it, so it can be left.
  const categories = [...new Set([...all.map((template) => template.category), ...(category ? [category] : [])])].sort((a, b) => a.localeCompare(b));
  const matching = category ? all.filter((template) => template.category === category) : all;

  return (
    <div className="page">
      <FilterBar query={query} dates={false} searchLabel={t`Search templates`} />
      {!listing.error ? <CategoryLinks query={query} categories={categories} current={category} /> : null}
      <DataTable
        caption={category ? t`Templates in ${category}` : t`Templates`}
        columns={columns}
        rows={clientView(matching, query)}
        total={matching.length}
        {...tableState(listing)}
        empty={search || category ? t`No templates match this search.` : t`No templates yet. Templates made in Manage Template appear here.`}
        query={query}
        getRowId={(row) => String(row.id)}
      />
    </div>
  );
}
