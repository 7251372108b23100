/**
 * Template categories (`POST /categories`): every category with how many templates use it;
 * administrators add, rename and delete them. The SDK throws on a failing code with its
 * text ('A category with this name exists.'), shown where the name was typed, which stays.
 */
import { type Category, type CategoryAction, contractLimits, settingsApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext, useId, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/form-error.tsx';
import { DataTable, type ListColumn } from '../../lists/data-table.tsx';
import { tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { FormDialog } from './form-dialog.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useListChanges } from './use-list-changes.tsx';

const settingsCalls = area(settingsApi);

const none: Category[] = [];

function nameProblem(name: string): MessageDescriptor | null {
  return name.trim() ? null : msg`Enter a name for the category.`;
}

function NewCategory({ onAdded }: { onAdded(name: string, categories: Category[]): void }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [checked, setChecked] = useState(false);
  const save = useMutation((action: CategoryAction, options) => settingsCalls.categories(action, options));
  const problem = checked ? nameProblem(name) : null;
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setChecked(true);
    if (nameProblem(name)) return;
    const saved = await save.run({ action: 'save', name: name.trim() });
    if (saved) {
      onAdded(name.trim(), saved.data);
      setName('');
      setChecked(false);
    }
  };
  return (
    <form className="account-inline-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t`Add a category`}>
      <div className="toolbar">
        <div className="field account-inline-form__name">
          <label htmlFor={`${id}-name`}>
            <Trans>New category</Trans>
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={contractLimits['CategoryAction.name'].maxLength}
            aria-invalid={problem || save.error ? true : undefined}
            aria-describedby={problem || save.error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (save.error) save.reset();
            }}
          />
        </div>
        <button type="submit" className="button" disabled={save.busy}>
          {save.busy ? t`Adding…` : t`Add category`}
        </button>
      </div>
      <FormError id={`${id}-error`} message={problem ? i18n._(problem) : save.error} />
    </form>
  );
}

function RenameCategory({
  category,
  onClose,
  onRenamed,
}: {
  category: Category;
  onClose(): void;
  onRenamed(name: string, categories: Category[]): void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [name, setName] = useState(category.name);
  const [checked, setChecked] = useState(false);
  const save = useMutation((action: CategoryAction, options) => settingsCalls.categories(action, options));
  const problem = checked ? nameProblem(name) : null;
  const submit = async (): Promise<void> => {
    setChecked(true);
    if (nameProblem(name)) return;
    if (name.trim() === category.name) return onClose();
    const saved = await save.run({ action: 'save', id: category.id, name: name.trim() });
    if (saved) onRenamed(name.trim(), saved.data);
  };
  const current = category.name;
  return (
    <FormDialog
      open
      title={t`Rename “${current}”`}
      submitLabel={t`Rename`}
      busy={save.busy}
      error={problem ? i18n._(problem) : save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>
          <Trans>Name</Trans>
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={contractLimits['CategoryAction.name'].maxLength}
          autoFocus
          aria-invalid={problem || save.error ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
    </FormDialog>
  );
}

interface CategoryActionsValue {
  rename(category: Category): void;
  askDelete(category: Category): void;
}

/** What a row's buttons do, given by the list, so the columns are made once and a focused button keeps its focus. */
const CategoryActions = createContext<CategoryActionsValue | null>(null);

function CategoryRowActions({ category }: { category: Category }) {
  const actions = useContext(CategoryActions);
  if (!actions) throw new Error('CategoryRowActions needs <CategoryActions.Provider> above it.');
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary button--small" onClick={() => actions.rename(category)}>
        <Trans>Rename</Trans>
        <span className="visually-hidden"> {category.name}</span>
      </button>
      <button type="button" className="button button--ghost button--small account-danger-text" onClick={() => actions.askDelete(category)}>
        <Trans>Delete</Trans>
        <span className="visually-hidden"> {category.name}</span>
      </button>
    </div>
  );
}

const readColumns: ListColumn<Category>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Category</Trans> },
  {
    id: 'templates',
    accessorKey: 'templates',
    header: () => <Trans>Templates</Trans>,
    cell: ({ row }) => {
      const templates = row.original.templates;
      return <Plural value={templates} one="# template" other="# templates" />;
    },
  },
];
const editColumns: ListColumn<Category>[] = [
  ...readColumns,
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <CategoryRowActions category={row.original} /> },
];

export function TemplateCategories({ readOnly }: { readOnly: boolean }) {
  const id = useId();
  const { t } = useLingui();
  const categories = useDataGroup(
    'categories',
    none,
    (_params: null, options) => settingsCalls.categories({ action: 'list' }, options).then((list) => list.data),
    null,
  );
  const [renaming, setRenaming] = useState<Category | null>(null);
  const changes = useListChanges(categories, (category: Category, options) =>
    settingsCalls.categories({ action: 'delete', id: category.id }, options),
  );
  const { deleting, changed } = changes;

  const actions: CategoryActionsValue = { rename: setRenaming, askDelete: changes.askDelete };
  const categoryName = deleting?.name ?? '';
  const templates = deleting?.templates ?? 0;

  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Template categories</Trans>
      </h2>
      <p className="account-hint">
        <Trans>Categories group your templates in the template list and in the reports.</Trans>
      </p>
      {readOnly ? null : <NewCategory onAdded={(name, list) => changed(t`The category “${name}” was added.`, list)} />}
      {changes.outcome}
      <CategoryActions.Provider value={actions}>
        <DataTable
          caption={t`Template categories`}
          columns={readOnly ? readColumns : editColumns}
          rows={categories.data}
          total={categories.data.length}
          {...tableState(categories)}
          empty={t`No categories yet. Add one to group your templates.`}
          getRowId={(row) => String(row.id)}
        />
      </CategoryActions.Provider>
      {renaming ? (
        <RenameCategory
          category={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(name, list) => {
            const before = renaming.name;
            changed(t`“${before}” was renamed “${name}”.`, list);
            setRenaming(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete the category “${categoryName}”?`}
        confirmLabel={t`Delete category`}
        onConfirm={() =>
          void changes.confirmDelete((category) => {
            const name = category.name;
            return t`The category “${name}” was deleted.`;
          })
        }
        onCancel={changes.cancelDelete}
      >
        <p>
          {templates
            ? t`${plural(templates, { one: 'Its template stays, without a category.', other: 'Its # templates stay, without a category.' })}`
            : t`No template uses it.`}
        </p>
      </ConfirmDialog>
    </section>
  );
}
