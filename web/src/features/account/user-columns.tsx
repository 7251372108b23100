/**
 * The columns of the users table: who each person is, their class and units, their
 * multi-factor set-up, status and last login, and the actions on them (a keyboard-friendly
 * menu: the three mfa commands, class, units, block or unblock, delete).
 */
import type { UserRow } from '@formsign/sdk';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ListColumn } from '../../lists/data-table.tsx';
import { formatDateTime, humanize } from '../../lists/format.ts';
import { personName } from './person-name.ts';
import { UserList } from './user-list.ts';
import { EmailAddress } from '../../components/email-address.tsx';

/** The mfa command codes: 1 on, 2 off, 3 off and the user must set it up again at the next log in. */
export type MfaCode = 1 | 2 | 3;

export const mfaChoices: readonly { code: MfaCode; label: string; done: string }[] = [
  { code: 1, label: 'Turn MFA on', done: 'multi-factor authentication is on' },
  { code: 2, label: 'Turn MFA off', done: 'multi-factor authentication is off' },
  { code: 3, label: 'Turn MFA off and require set-up', done: 'must set up multi-factor authentication at the next log in' },
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

export const roleNames: Record<UserRole, string> = {
  basic: 'Basic user',
  personal: 'Personal administrator',
  admin: 'Administrator',
  super: 'Super user',
};

const statusBadge: Record<string, string> = { active: 'badge--success', invited: 'badge--info', blocked: 'badge--danger' };

function UserActions({ row, handlers }: { row: UserRow; handlers: UserActionHandlers }) {
  const updating = UserList.useSelector((snapshot) => snapshot.context.updating.includes(row.id));
  const name = personName(row);
  if (updating) {
    return (
      <span className="account-saving" role="status">
        Saving…<span className="visually-hidden"> ({name})</span>
      </span>
    );
  }
  const current: MfaCode = row.mfa === 1 ? 1 : row.force_mfa === 'Yes' ? 3 : 2;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button button--secondary button--small">
        Actions<span className="visually-hidden"> for {name}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu account-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu__label">Multi-factor authentication</DropdownMenu.Label>
          {mfaChoices.map((choice) => (
            <DropdownMenu.Item
              key={choice.code}
              className="menu__item"
              disabled={choice.code === current}
              onSelect={() => handlers.mfa(row, choice.code)}
            >
              {choice.label}
            </DropdownMenu.Item>
          ))}
          {handlers.role ? (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Label className="menu__label">Role</DropdownMenu.Label>
              {(Object.keys(roleNames) as UserRole[])
                .filter((role) => role !== 'super' || handlers.grantsSuper)
                .map((role) => (
                  <DropdownMenu.Item key={role} className="menu__item" disabled={row.role === role} onSelect={() => handlers.role?.(row, role)}>
                    Make {roleNames[role].toLowerCase()}
                  </DropdownMenu.Item>
                ))}
            </>
          ) : null}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={() => handlers.open({ kind: 'class', row })}>
            Change class…
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => handlers.open({ kind: 'units', row })}>
            Edit units…
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__separator" />
          {row.status === 'blocked' ? (
            <DropdownMenu.Item className="menu__item" onSelect={() => handlers.block(row, false)}>
              Unblock
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className="menu__item" onSelect={() => handlers.block(row, true)}>
              Block
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu__item account-menu__danger" onSelect={() => handlers.open({ kind: 'delete', row })}>
            Delete user…
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
      header: 'Name',
      cell: ({ row }) => (
        <span className="account-person">
          <span className="account-person__name">{personName(row.original)}</span>
          <EmailAddress className="account-person__email" address={row.original.email} />
        </span>
      ),
    },
    { id: 'class', accessorKey: 'class', header: 'Class' },
    { id: 'role', header: 'Role', enableSorting: false, cell: ({ row }) => (row.original.role ? roleNames[row.original.role] : '') },
    {
      id: 'unit',
      accessorKey: 'unit',
      header: 'Units',
      enableSorting: false,
      cell: ({ row }) => (row.original.unit.length ? row.original.unit.join(', ') : <span className="muted">None</span>),
    },
    {
      id: 'mfa',
      accessorKey: 'mfa',
      header: 'MFA',
      cell: ({ row }) => (
        <span className="account-mfa">
          <span className={`badge ${row.original.mfa === 1 ? 'badge--success' : ''}`}>{row.original.mfa === 1 ? 'On' : 'Off'}</span>
          {row.original.force_mfa === 'Yes' ? <span className="badge badge--warning">Set-up required</span> : null}
        </span>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const status = row.original.status;
        return status ? <span className={`badge ${statusBadge[status] ?? ''}`}>{humanize(status)}</span> : <span className="muted">—</span>;
      },
    },
    {
      id: 'last_login',
      accessorKey: 'last_login',
      header: 'Last login',
      cell: ({ row }) => (
        <span className="account-date">
          {row.original.last_login ? formatDateTime(row.original.last_login) : <span className="muted">Never</span>}
        </span>
      ),
    },
    { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => <UserActions row={row.original} handlers={handlers} /> },
  ];
}
