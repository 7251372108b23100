/**
 * User groups (`POST /get-groups`): named sets of people (a shift, the managers, the people
 * who approve payroll) that forms can be sent to. Administrators add, rename and delete
 * groups and choose their members from the company's users (`POST /users`). The SDK throws on
 * a failing code with its text ('A group with this name exists.'), shown in the dialog, which
 * keeps what was typed and chosen.
 */
import { contractLimits, eachRow, type Group, type GroupsRequest, settingsApi, type UserRow, usersApi } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { area } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable, ListFailure, type ListColumn } from '../../lists/data-table.tsx';
import { type DataGroupState, tableState, useDataGroup } from '../../lists/use-data-group.ts';
import { FormDialog } from './form-dialog.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useListChanges } from './use-list-changes.tsx';
import { personName } from './person-name.ts';

const settingsCalls = area(settingsApi);
const usersCalls = area(usersApi);

const noGroups: Group[] = [];
const noPeople: UserRow[] = [];
/** The most users one `POST /users` page holds. */
const pageLimit = 100;

/** Every user of the company, a page of 100 at a time. */
async function everyUser(options: { signal: AbortSignal }): Promise<UserRow[]> {
  const people: UserRow[] = [];
  for await (const person of eachRow(usersCalls.list, { limit: pageLimit, filters: { sort: 'last_name', order: 'asc' } }, options))
    people.push(person);
  return people;
}

interface Editing {
  group: Group | null;
}

function GroupDialog({
  group,
  people,
  onClose,
  onSaved,
}: {
  group: Group | null;
  people: DataGroupState<UserRow[]>;
  onClose(): void;
  onSaved(name: string, groups: Group[]): void;
}) {
  const id = useId();
  const { t } = useLingui();
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<number[]>(group?.members ?? []);
  const [find, setFind] = useState('');
  const [checked, setChecked] = useState(false);
  const save = useMutation((data: GroupsRequest, options) => settingsCalls.groups(data, options));
  const problem = checked && !name.trim() ? t`Enter a name for the group.` : null;
  const words = find.trim().toLowerCase();
  const shown = words
    ? people.data.filter((person) => `${personName(person)} ${person.email} ${person.class}`.toLowerCase().includes(words))
    : people.data;
  const toggle = (member: number, on: boolean): void => setMembers((list) => (on ? [...list, member] : list.filter((item) => item !== member)));
  const submit = async (): Promise<void> => {
    setChecked(true);
    if (!name.trim()) return;
    const saved = await save.run({ action: 'save', ...(group ? { id: group.id } : {}), name: name.trim(), members });
    if (saved) onSaved(name.trim(), saved.data);
  };
  const groupName = group?.name;
  const chosen = members.length;
  return (
    <FormDialog
      open
      title={group ? t`Edit the group “${groupName}”` : t`New group`}
      submitLabel={group ? t`Save group` : t`Add group`}
      busy={save.busy}
      error={problem ?? save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>
          <Trans>Group name</Trans>
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={contractLimits['GroupsRequest.data.name'].maxLength}
          autoFocus
          aria-invalid={problem || save.error ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="account-choices account-choices--people" aria-describedby={`${id}-count`}>
        <legend className="field__label">
          <Trans>Members</Trans>
        </legend>
        <p id={`${id}-count`} className="field__hint">
          {t`${plural(chosen, { one: '# person chosen', other: '# people chosen' })}`}
        </p>
        {people.error ? <ListFailure message={people.message ?? ''} onRetry={people.refetch} /> : null}
        {people.loading ? (
          <div className="spinner" role="status">
            <Trans>Loading people…</Trans>
          </div>
        ) : null}
        {people.data.length > 8 ? (
          <div className="field">
            <label htmlFor={`${id}-find`}>
              <Trans>Find people</Trans>
            </label>
            <input id={`${id}-find`} className="input" type="search" value={find} onChange={(event) => setFind(event.target.value)} />
          </div>
        ) : null}
        <ul className="account-people">
          {shown.map((person) => (
            <li key={person.id}>
              <label className="checkbox">
                <input type="checkbox" checked={members.includes(person.id)} onChange={(event) => toggle(person.id, event.target.checked)} />
                <span>
                  {personName(person)} <span className="muted">· {person.class}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {!people.loading && !people.error && shown.length === 0 ? (
          <p className="muted">{words ? t`Nobody matches.` : t`Your company has no users yet.`}</p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

interface GroupActionsValue {
  /** The people's names by id, for the members column. */
  names: Map<number, string>;
  edit(group: Group): void;
  askDelete(group: Group): void;
}

/** What the cells need of the list, given by it, so the columns are made once and a focused button keeps its focus. */
const GroupActions = createContext<GroupActionsValue | null>(null);

function useGroupActions(): GroupActionsValue {
  const actions = useContext(GroupActions);
  if (!actions) throw new Error('The group cells need <GroupActions.Provider> above them.');
  return actions;
}

/** The members of a group: the first three by name and how many more, or how many when their names are not known. */
function GroupMembers({ group }: { group: Group }) {
  const { t } = useLingui();
  const { names } = useGroupActions();
  const count = group.members.length;
  if (count === 0) return t`No members`;
  const known = group.members.map((member) => names.get(member)).filter((name): name is string => Boolean(name));
  if (known.length === 0) return t`${plural(count, { one: '# member', other: '# members' })}`;
  const shown = known.slice(0, 3).join(', ');
  const more = count - Math.min(3, known.length);
  return more > 0 ? t`${plural(more, { one: `${shown} and # more`, other: `${shown} and # more` })}` : shown;
}

function GroupRowActions({ group }: { group: Group }) {
  const actions = useGroupActions();
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary button--small" onClick={() => actions.edit(group)}>
        <Trans>Edit</Trans>
        <span className="visually-hidden"> {group.name}</span>
      </button>
      <button type="button" className="button button--ghost button--small account-danger-text" onClick={() => actions.askDelete(group)}>
        <Trans>Delete</Trans>
        <span className="visually-hidden"> {group.name}</span>
      </button>
    </div>
  );
}

const columns: ListColumn<Group>[] = [
  { id: 'name', accessorKey: 'name', header: () => <Trans>Group</Trans> },
  { id: 'members', header: () => <Trans>Members</Trans>, cell: ({ row }) => <GroupMembers group={row.original} /> },
  { id: 'actions', header: () => <Trans>Actions</Trans>, cell: ({ row }) => <GroupRowActions group={row.original} /> },
];

export default function UserGroups() {
  const id = useId();
  const { t } = useLingui();
  const groups = useDataGroup(
    'groups',
    noGroups,
    (_params: null, options) => settingsCalls.groups({ action: 'list' }, options).then((list) => list.data),
    null,
  );
  const people = useDataGroup('people', noPeople, (_params: null, options) => everyUser(options), null);
  const names = useMemo(() => new Map(people.data.map((person) => [person.id, personName(person)])), [people.data]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const changes = useListChanges(groups, (group: Group, options) => settingsCalls.groups({ action: 'delete', id: group.id }, options));
  const { deleting, changed } = changes;

  const groupName = deleting?.name ?? '';
  const actions: GroupActionsValue = { names, edit: (group) => setEditing({ group }), askDelete: changes.askDelete };

  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <div className="account-section__header">
        <div>
          <h2 id={`${id}-heading`}>
            <Trans>User groups</Trans>
          </h2>
          <p className="account-hint">
            <Trans>Send a form to a whole group at once, or let any member of a group approve it.</Trans>
          </p>
        </div>
        <button type="button" className="button" onClick={() => setEditing({ group: null })}>
          <Trans>New group</Trans>
        </button>
      </div>
      {changes.outcome}
      <GroupActions.Provider value={actions}>
        <DataTable
          caption={t`User groups`}
          columns={columns}
          rows={groups.data}
          total={groups.data.length}
          {...tableState(groups)}
          empty={t`No groups yet. Add one to send forms to several people at once.`}
          getRowId={(row) => String(row.id)}
        />
      </GroupActions.Provider>
      {editing ? (
        <GroupDialog
          group={editing.group}
          people={people}
          onClose={() => setEditing(null)}
          onSaved={(name, list) => {
            changed(editing.group ? t`The group “${name}” was saved.` : t`The group “${name}” was added.`, list);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete the group “${groupName}”?`}
        confirmLabel={t`Delete group`}
        onConfirm={() =>
          void changes.confirmDelete((group) => {
            const name = group.name;
            return t`The group “${name}” was deleted.`;
          })
        }
        onCancel={changes.cancelDelete}
      >
        <p>
          <Trans>Its members keep their accounts; forms already sent to the group are not affected.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
