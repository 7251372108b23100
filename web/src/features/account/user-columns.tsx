/**
 * The columns of the users table: who each person is, their class and units, their
 * multi-factor set-up, status and last login, and the actions on them (a keyboard-friendly
 * menu: the three mfa commands, class, units, block or unblock, delete).
 */
import type { UserRow } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { i18n } from '../../i18n/i18n.ts';
import type { ListColumn } from '../../lists/data-table.tsx';
import { formatDateTime } from '../../lists/format.ts';
import { personName } from './person-name.ts';
import { UserList } from './user-list.ts';
import { EmailAddress } from '../../components/email-address.tsx';

/** The mfa command codes: 1 on, 2 off, 3 off and the user must set it up again at the next log in. */
export type MfaCode = 1 | 2 | 3;

export const mfaChoices: readonly { code: MfaCode; label: MessageDescriptor }[] = [
  { code: 1, label: msg`Turn MFA on` },
  { code: 2, label: msg`Turn MFA off` },
  { code: 3, label: msg`Turn MFA off and require set-up` },
];

export type UserDialog = { kind: 'class' | 'units' | 'delete'; row: UserRow };

export interface UserActionHandlers {
  mfa(row: UserRow, code: MfaCode): void;
  /** Blocks the person (they can no longer sign in, and are signed out) or lets them in again. */
  block(row: UserRow, blocked: boolean): void;
  open(dialog: UserDialog): void;
  /** Gives the person a role; `super` only offered to a super user (`grantsSuper`). */
  role?(row: UserRow, role: UserRole): void;
  grantsSuper?: boolean;
}

export type UserRole = NonNullable<UserRow['role']>;

export const roleNames: Record<UserRole, MessageDescriptor> = {
  basic: msg`Basic user`,
  personal: msg`Personal administrator`,
  admin: msg`Administrator`,
  super: msg`Super user`,
};

/** The Role menu's entries, one for each role. */
const makeRole: Record<UserRole, MessageDescriptor> = {
  basic: msg`Make basic user`,
  personal: msg`Make personal administrator`,
  admin: msg`Make administrator`,
  super: msg`Make super user`,
};

type UserStatus = NonNullable<UserRow['status']>;

const statusBadge: Record<UserStatus, string> = { active: 'badge--success', invited: 'badge--info', blocked: 'badge--danger' };
const statusWords: Record<UserStatus, MessageDescriptor> = { active: msg`Active`, invited: msg`Invited`, blocked: msg`Blocked` };

function UserActions({ row, handlers }: { row: UserRow; handlers: UserActionHandlers }) {
  const updating = UserList.useSelector((snapshot) => snapshot.context.updating.includes(row.id));
  const name = personName(row);
  if (updating) {
    return (
      <span className="account-saving" role="status">
        <Trans>
          Saving…<span className="visually-hidden"> ({name})</span>
        </Trans>
      </span>
    );
  }
  const current: MfaCode = row.mfa === 1 ? 1 : row.force_mfa === 'Yes' ? 3 : 2;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button button--secondary button--small">
        <Trans>
          Actions<span className="visually-hidden"> for {name}</span>
        </Trans>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu account-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu__label">
            <Trans>Multi-factor authentication</Trans>
          </DropdownMenu.Label>
          {mfaChoices.map((choice) => (
            <DropdownMenu.Item
              key={choice.code}
              className="menu__item"
              disabled={choice.code === current}
              onSelect={() => handlers.mfa(row, choice.code)}
            >
              {i18n._(choice.label)}
            </DropdownMenu.Item>
          ))}
          {handlers.role ? (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Label className="menu__label">
                <Trans>Role</Trans>
              </DropdownMenu.Label>
              {(Object.keys(roleNames) as UserRole[])
                .filter((role) => role !== 'super' || handlers.grantsSuper)
                .map((role) => (
                  <DropdownMenu.Item key={role} className="menu__item" disabled={row.role === role} onSelect={() => handlers.role?.(row, role)}>
                    {i18n._(makeRole[role])}
                  </DropdownMenu.Item>
                ))}
            </>
          ) : null}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => handlers.open({ kind: 'class', row })}>
            <Trans>Change class…</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => handlers.open({ kind: 'units', row })}>
            <Trans>Edit units…</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          {row.status === 'blocked' ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => handlers.block(row, false)}>
              <Trans>Unblock</Trans>
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className="menu__item" onSelect={() => handlers.block(row, true)}>
              <Trans>Block</Trans>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu__item account-menu__danger" onSelect={() => handlers.open({ kind: 'delete', row })}>
            <Trans>Delete user…</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function userColumns(handlers: UserActionHandlers): ListColumn<UserRow>[] {
  return [
    {
      id: 'last_name',
      accessorFn: (row) => personName(row),
      header: () => <Trans>Name</Trans>,
      cell: ({ row }) => (
        <span className="account-person">
          <span className="account-person__name">{personName(row.original)}</span>
          <EmailAddress className="account-person__email" address={row.original.email} />
        </span>
      ),
    },
    { id: 'class', accessorKey: 'class', header: () => <Trans>Class</Trans> },
    {
      id: 'role',
      header: () => <Trans>Role</Trans>,
      enableSorting: false,
      cell: ({ row }) => (row.original.role ? i18n._(roleNames[row.original.role]) : ''),
    },
    {
      id: 'unit',
      accessorKey: 'unit',
      header: () => <Trans>Units</Trans>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.unit.length ? (
          row.original.unit.join(', ')
        ) : (
          <span className="muted">
            <Trans>None</Trans>
          </span>
        ),
    },
    {
      id: 'mfa',
      accessorKey: 'mfa',
      header: () => <Trans>MFA</Trans>,
      cell: ({ row }) => (
        <span className="account-mfa">
          <span className={`badge ${row.original.mfa === 1 ? 'badge--success' : ''}`}>
            {row.original.mfa === 1 ? <Trans>On</Trans> : <Trans>Off</Trans>}
          </span>
          {row.original.force_mfa === 'Yes' ? (
            <span className="badge badge--warning">
              <Trans>Set-up required</Trans>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: () => <Trans>Status</Trans>,
      cell: ({ row }) => {
        const status = row.original.status;
        return status ? <span className={`badge ${statusBadge[status]}`}>{i18n._(statusWords[status])}</span> : <span className="muted">—</span>;
      },
    },
    {
      id: 'last_login',
      accessorKey: 'last_login',
      header: () => <Trans>Last login</Trans>,
      cell: ({ row }) => (
        <span className="account-date">
          {row.original.last_login ? (
            formatDateTime(row.original.last_login)
          ) : (
            <span className="muted">
              <Trans>Never</Trans>
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <Trans>Actions</Trans>,
      enableSorting: false,
      cell: ({ row }) => <UserActions row={row.original} handlers={handlers} />,
    },
  ];
}
