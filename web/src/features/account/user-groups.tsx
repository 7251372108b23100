/**
 * User groups (`POST /get-groups`): named sets of people (a shift, the managers, the people
 * who approve payroll) that forms can be sent to. Administrators add, rename and delete
 * groups and choose their members from the company's users (`POST /users`). The SDK throws on
 * a failing code with its text ('A group with this name exists.'), shown in the dialog, which
 * keeps what was typed and chosen.
 */
import { contractLimits, eachRow, type Group, type GroupsRequest, settingsApi, type UserRow, usersApi } from '@formsign/sdk';
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

function membersText(group: Group, names: Map<number, string>): string {
  if (group.members.length === 0) return 'No members';
  const known = group.members.map((member) => names.get(member)).filter((name): name is string => Boolean(name));
  if (known.length === 0) return group.members.length === 1 ? '1 member' : `${group.members.length} members`;
  const shown = known.slice(0, 3).join(', ');
  const more = group.members.length - Math.min(3, known.length);
  return more > 0 ? `${shown} and ${more} more` : shown;
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
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<number[]>(group?.members ?? []);
  const [find, setFind] = useState('');
  const [checked, setChecked] = useState(false);
  const save = useMutation((data: GroupsRequest, options) => settingsCalls.groups(data, options));
  const problem = checked && !name.trim() ? 'Enter a name for the group.' : null;
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
  return (
    <FormDialog
      open
      title={group ? `Edit the group “${group.name}”` : 'New group'}
      submitLabel={group ? 'Save group' : 'Add group'}
      busy={save.busy}
      error={problem ?? save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Group name</label>
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
        <legend className="field__label">Members</legend>
        <p id={`${id}-count`} className="field__hint">
          {members.length === 1 ? '1 person chosen' : `${members.length} people chosen`}
        </p>
        {people.error ? <ListFailure message={people.message ?? ''} onRetry={people.refetch} /> : null}
        {people.loading ? (
          <div className="spinner" role="status">
            Loading people…
          </div>
        ) : null}
        {people.data.length > 8 ? (
          <div className="field">
            <label htmlFor={`${id}-find`}>Find people</label>
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
          <p className="muted">{words ? 'Nobody matches.' : 'Your company has no users yet.'}</p>
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

function GroupMembers({ group }: { group: Group }) {
  return membersText(group, useGroupActions().names);
}

function GroupRowActions({ group }: { group: Group }) {
  const actions = useGroupActions();
  return (
    <div className="form-actions">
      <button type="button" className="button button--secondary button--small" onClick={() => actions.edit(group)}>
        Edit<span className="visually-hidden"> {group.name}</span>
      </button>
      <button type="button" className="button button--ghost button--small account-danger-text" onClick={() => actions.askDelete(group)}>
        Delete<span className="visually-hidden"> {group.name}</span>
      </button>
    </div>
  );
}

const columns: ListColumn<Group>[] = [
  { id: 'name', accessorKey: 'name', header: 'Group' },
  { id: 'members', header: 'Members', cell: ({ row }) => <GroupMembers group={row.original} /> },
  { id: 'actions', header: 'Actions', cell: ({ row }) => <GroupRowActions group={row.original} /> },
];

export default function UserGroups() {
  const id = useId();
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

  const actions: GroupActionsValue = { names, edit: (group) => setEditing({ group }), askDelete: changes.askDelete };

  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <div className="account-section__header">
        <div>
          <h2 id={`${id}-heading`}>User groups</h2>
          <p className="account-hint">Send a form to a whole group at once, or let any member of a group approve it.</p>
        </div>
        <button type="button" className="button" onClick={() => setEditing({ group: null })}>
          New group
        </button>
      </div>
      {changes.outcome}
      <GroupActions.Provider value={actions}>
        <DataTable
          caption="User groups"
          columns={columns}
          rows={groups.data}
          total={groups.data.length}
          {...tableState(groups)}
          empty="No groups yet. Add one to send forms to several people at once."
          getRowId={(row) => String(row.id)}
        />
      </GroupActions.Provider>
      {editing ? (
        <GroupDialog
          group={editing.group}
          people={people}
          onClose={() => setEditing(null)}
          onSaved={(name, list) => {
            changed(editing.group ? `The group “${name}” was saved.` : `The group “${name}” was added.`, list);
            setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the group “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete group"
        onConfirm={() => void changes.confirmDelete((group) => `The group “${group.name}” was deleted.`)}
        onCancel={changes.cancelDelete}
      >
        <p>Its members keep their accounts; forms already sent to the group are not affected.</p>
      </ConfirmDialog>
    </section>
  );
}
