/**
 * The user list machine with the app's requests (`POST /users`, `POST /users-commands`), shared
 * by the users page and its cells: rows, `updating` and the error are read with `useSelector`.
 */
import type { UserCommand, UsersQuery } from '@formsign/sdk';
import { fromRequest, userListMachine } from '@formsign/machines';
import { createActorContext } from '@xstate/react';
import { usersApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';

const usersCalls = area(usersApi);

const userListLogic = userListMachine.provide({
  actors: {
    fetchUsers: fromRequest((params: UsersQuery, options) => usersCalls.list(params, options)),
    userCommand: fromRequest((command: UserCommand, options) => usersCalls.command(command, options)),
  },
});

export const UserList = createActorContext(userListLogic);

/** The classes offered when none of the loaded rows has one yet. */
export const defaultClasses = ['Administrator', 'Manager', 'Staff'] as const;

/** Every distinct value, sorted, for the class and unit pickers. */
export function distinct(values: Iterable<string>): string[] {
  return [...new Set([...values].map((value) => value.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}
