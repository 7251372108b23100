/**
 * Users (`/users/{page?}`, administrators only): the company's people, a page at a time
 * through the user list machine (`POST /users`), the page number in the path and the rest
 * of the view (rows per page, search, status, sort) in the URL query.
 *
 * Designed where the specification is silent: each row shows name, email, class, units,
 * whether multi-factor authentication is on and whether its set-up is required, status and
 * last login. A row's Actions menu runs the mfa commands 1 (on), 2 (off) and 3 (off, set-up
 * required), opens the class and units dialogs (a class change empties the units, as the
 * machine does) and deletes after a confirmation (`POST /users-commands`). "Invite people"
 * opens a form of as many rows as wanted (`POST /invite`); each row shows its own outcome and
 * the rows that failed stay to be corrected.
 */
import type { UserCommand, UserRow } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { InvitePeople } from '../features/account/invite-people.tsx';
import { ChangeClassDialog, EditUnitsDialog } from '../features/account/user-command-dialogs.tsx';
import { userColumns, type MfaCode, type UserDialog, type UserRole } from '../features/account/user-columns.tsx';
import { useViewer } from '../session/session.tsx';
import { personName } from '../features/account/person-name.ts';
import { defaultClasses, distinct, UserList } from '../features/account/user-list.ts';
import { useUsersQuery } from '../features/account/use-users-query.ts';
import { DataTable } from '../lists/data-table.tsx';
import { FilterBar } from '../lists/filter-bar.tsx';
import { useParamsEffect } from '../lists/use-params-effect.ts';
import { SelectFilter } from '../lists/select-filter.tsx';
import { inspectOption } from '../session/inspection.ts';
import '../styles/account.css';

const statuses: readonly { value: string; label: MessageDescriptor }[] = [
  { value: 'active', label: msg`Active` },
  { value: 'invited', label: msg`Invited` },
  { value: 'blocked', label: msg`Blocked` },
];

/**
 * Tells the person, in a polite live region, what the last accepted command changed. The page
 * knows what each command it sent will have done (`done`, a sentence naming the person); the
 * machine says how it ended.
 */
function useCommandOutcome(): { pending: (row: UserRow, done: string) => void; message: string | null } {
  const outcome = UserList.useSelector((snapshot) => snapshot.context.lastOutcome);
  const waiting = useRef(new Map<number, { row: UserRow; done: string }>());
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const sent = outcome && waiting.current.get(outcome.command.id);
    if (!outcome || !sent) return;
    waiting.current.delete(outcome.command.id);
    // A refused command's text is the machine's error, shown in the alert instead.
    setMessage(outcome.accepted ? sent.done : null);
  }, [outcome]);
  const pending = useCallback((row: UserRow, done: string) => {
    waiting.current.set(row.id, { row, done });
    setMessage(null);
  }, []);
  return { pending, message };
}

function UsersView() {
  const query = useUsersQuery();
  const users = UserList.useActorRef();
  const rows = UserList.useSelector((snapshot) => snapshot.context.rows);
  const total = UserList.useSelector((snapshot) => snapshot.context.total);
  const totalExact = UserList.useSelector((snapshot) => snapshot.context.totalExact);
  const loading = UserList.useSelector((snapshot) => snapshot.context.loading);
  const error = UserList.useSelector((snapshot) => snapshot.context.error);
  const fetchFailed = UserList.useSelector((snapshot) => snapshot.matches('failed'));
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const grantsSuper = useViewer()?.isSuper ?? false;
  const [inviting, setInviting] = useState(false);
  const { pending, message } = useCommandOutcome();
  const inviteButton = useRef<HTMLButtonElement>(null);
  const { t, i18n } = useLingui();

  const refetch = useParamsEffect({ page: query.page, limit: query.limit, filters: query.filters }, (params) =>
    users.send({ type: 'users.fetch', params }),
  );

  const send = useCallback(
    (row: UserRow, type: UserCommand['type'], value: UserCommand['value'], done: string) => {
      users.send({ type: 'users.dismissError' });
      pending(row, done);
      users.send({ type: 'users.command', command: { id: row.id, email: row.email, type, value } });
    },
    [users, pending],
  );
  const columns = useMemo(
    () =>
      userColumns({
        mfa: (row: UserRow, code: MfaCode) => {
          const name = personName(row);
          const done = {
            1: t`${name}: multi-factor authentication is on.`,
            2: t`${name}: multi-factor authentication is off.`,
            3: t`${name}: must set up multi-factor authentication at the next log in.`,
          };
          send(row, 'mfa', code, done[code]);
        },
        block: (row: UserRow, blocked: boolean) => {
          const name = personName(row);
          send(row, 'status', blocked ? 'blocked' : 'active', blocked ? t`${name}: blocked, and signed out.` : t`${name}: can log in again.`);
        },
        open: setDialog,
        role: (row: UserRow, role: UserRole) => {
          const name = personName(row);
          const done = {
            basic: t`${name}: now basic user.`,
            personal: t`${name}: now personal administrator.`,
            admin: t`${name}: now administrator.`,
            super: t`${name}: now super user.`,
          };
          send(row, 'role', role, done[role]);
        },
        grantsSuper,
      }),
    [send, grantsSuper, t],
  );
  const closeDialog = useCallback(() => {
    setDialog(null);
    users.send({ type: 'users.dismissError' });
  }, [users]);

  const classes = distinct([...defaultClasses, ...rows.map((row) => row.class)]);
  const units = distinct(rows.flatMap((row) => row.unit));
  const deleting = dialog?.kind === 'delete' ? dialog.row : null;
  const name = deleting ? personName(deleting) : '';
  const email = deleting?.email;
  const statusOptions = statuses.map((status) => ({ value: status.value, label: i18n._(status.label) }));
  const openInvite = (): void => setInviting(true);
  const closeInvite = (): void => {
    setInviting(false);
    requestAnimationFrame(() => inviteButton.current?.focus());
  };

  return (
    <div className="page">
      <div className="page__header">
        <p className="account-lead">
          <Trans>Invite colleagues, set their class and units, and decide how they sign in.</Trans>
        </p>
        <button ref={inviteButton} type="button" className="button" aria-expanded={inviting} onClick={openInvite} disabled={inviting}>
          <Trans>Invite people</Trans>
        </button>
      </div>
      {inviting ? <InvitePeople classes={classes} onInvited={refetch} onClose={closeInvite} /> : null}
      <FilterBar query={query} dates={false} searchLabel={t`Search users`}>
        <SelectFilter query={query} name="status" label={t`Status`} all={t`All statuses`} options={statusOptions} />
      </FilterBar>
      {error && !fetchFailed && !dialog ? (
        <div className="alert alert--error" role="alert">
          <div className="alert__body">{error}</div>
          <button type="button" className="button button--secondary button--small" onClick={() => users.send({ type: 'users.dismissError' })}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      ) : null}
      <p className="account-outcome" role="status">
        {message}
      </p>
      <DataTable
        caption={t`Users`}
        columns={columns}
        rows={rows}
        total={total}
        totalExact={totalExact}
        loading={loading}
        error={fetchFailed ? error : null}
        onRetry={refetch}
        empty={
          query.filters.search || query.filters.status ? t`No users match these filters.` : t`No users yet. Invite your colleagues to get started.`
        }
        query={query}
        getRowId={(row) => String(row.id)}
      />
      {dialog?.kind === 'class' ? (
        <ChangeClassDialog
          row={dialog.row}
          choices={classes}
          onSend={(type, value) => {
            const name = personName(dialog.row);
            const newClass = String(value);
            send(dialog.row, type, value, t`${name}: class changed to ${newClass}, units emptied.`);
          }}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'units' ? (
        <EditUnitsDialog
          row={dialog.row}
          choices={units}
          onSend={(type, value) => {
            const name = personName(dialog.row);
            const units = Array.isArray(value) ? value.join(', ') : '';
            send(dialog.row, type, value, units ? t`${name}: units are now ${units}.` : t`${name}: no units any more.`);
          }}
          onClose={closeDialog}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={deleting ? t`Delete ${name}?` : t`Delete user?`}
        confirmLabel={t`Delete user`}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          if (deleting) send(deleting, 'delete', '', t`${name}: deleted.`);
          setDialog(null);
        }}
      >
        <p>
          {deleting
            ? t`${email} will no longer be able to log in. Forms they completed stay in your records. This cannot be undone.`
            : t`This user will no longer be able to log in. Forms they completed stay in your records. This cannot be undone.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}

export default function UsersPage() {
  return (
    <UserList.Provider options={inspectOption()}>
      <UsersView />
    </UserList.Provider>
  );
}
