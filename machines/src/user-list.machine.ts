/**
 * The user list: fetched a page at a time (a failure shows
 * 'Could not fetch users. Please try again later.'), and changed a row at a time by commands.
 * A command puts its row in updating; when the server accepts it the row is updated (delete
 * removes it; mfa 1, 2, 3 set mfa and force_mfa; any other type sets that field, and a class
 * change empties `unit`); when it fails the row stays as it was and the error is shown.
 * Commands on different rows run side by side; a row that is updating takes no other command.
 * `lastOutcome` says how the last command to finish ended, so the page can say what changed.
 */
import { errorTexts, type CodeResult, type UserCommand, type UserPage, type UserRow, type UsersQuery } from '@formsign/sdk/contract';
import { assign, enqueueActions, setup, spawnChild } from 'xstate';
import { errorMessage, notProvided } from './request-actor.js';

/** What the mfa command's numeric codes set: 1 on, 2 off, 3 off and set-up required at the next log in. */
export const mfaSettings = {
  1: { mfa: 1, force_mfa: 'No' },
  2: { mfa: 0, force_mfa: 'No' },
  3: { mfa: 0, force_mfa: 'Yes' },
} as const satisfies Record<number, Pick<UserRow, 'mfa' | 'force_mfa'>>;

function isMfaCode(value: number): value is keyof typeof mfaSettings {
  return Object.hasOwn(mfaSettings, value);
}

/**
 * The row after a command the server accepted, or null when the command deletes it. An mfa
 * command with an unknown code leaves the row as it is.
 */
export function applyUserCommand(row: UserRow, type: UserCommand['type'], value: UserCommand['value']): UserRow | null {
  if (type === 'delete') return null;
  if (type === 'mfa') {
    const code = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    return isMfaCode(code) ? { ...row, ...mfaSettings[code] } : row;
  }
  if (type === 'class') return { ...row, class: String(value), unit: [] };
  return { ...row, [type]: value } as UserRow;
}

/** The rows after a command the server accepted. */
export function applyUserCommandToRows(rows: readonly UserRow[], command: UserCommand): UserRow[] {
  return rows.flatMap((row) => {
    if (row.id !== command.id) return [row];
    const updated = applyUserCommand(row, command.type, command.value);
    return updated ? [updated] : [];
  });
}

/** The id of the actor that runs a row's command; its done and error events carry it. */
export const commandActorPrefix = 'userCommand.';
const doneCommandPrefix = `xstate.done.actor.${commandActorPrefix}`;
const failedCommandPrefix = `xstate.error.actor.${commandActorPrefix}`;

export function commandActorId(rowId: number): `userCommand.${number}` {
  return `${commandActorPrefix}${rowId}` as `userCommand.${number}`;
}

function rowIdOf(eventType: string): number {
  const prefix = eventType.startsWith(doneCommandPrefix) ? doneCommandPrefix : failedCommandPrefix;
  return Number(eventType.slice(prefix.length));
}

/** How a command ended: accepted (its row was changed or removed) or refused (the row stays). */
export interface UserCommandOutcome {
  command: UserCommand;
  accepted: boolean;
}

export interface UserListContext {
  loading: boolean;
  rows: UserRow[];
  /** Rows matching, on every page. */
  total: number;
  /** Whether `total` is exact (the response's `total_exact`); false, it is a lower bound. */
  totalExact: boolean;
  /** The parameters of the last fetch. */
  params: UsersQuery;
  /** The text of the last failure (fetch or command), or null. */
  error: string | null;
  /** The ids of the rows whose command is on its way. */
  updating: number[];
  /** The commands on their way, one per updating row. */
  commands: UserCommand[];
  /** The last command to finish, and whether the server accepted it; null before any. */
  lastOutcome: UserCommandOutcome | null;
}

/** The events a command's actor sends back (internal: the app does not send them). */
export type UserCommandDoneEvent = { type: `xstate.done.actor.userCommand.${number}`; output: CodeResult };
export type UserCommandErrorEvent = { type: `xstate.error.actor.userCommand.${number}`; error: unknown };

export type UserListEvent =
  | { type: 'users.fetch'; params: UsersQuery }
  | { type: 'users.command'; command: UserCommand }
  | { type: 'users.dismissError' }
  | UserCommandDoneEvent
  | UserCommandErrorEvent;

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent,
  },
  actors: {
    /** `client.users.list({ page, limit, filters })`. */
    fetchUsers: notProvided<UserPage, UsersQuery>('fetchUsers'),
    /** `client.users.command({ id, email, type, value })`. */
    userCommand: notProvided<CodeResult, UserCommand>('userCommand'),
  },
  guards: {
    rowIdle: ({ context, event }) => event.type === 'users.command' && !context.updating.includes(event.command.id),
  },
  actions: {
    setParams: assign((_, params: { params: UsersQuery }) => ({ params: params.params })),
    startLoading: assign({ loading: true }),
    showPage: assign((_, params: { page: UserPage }) => ({
      loading: false,
      rows: params.page.data,
      total: params.page.total,
      totalExact: params.page.total_exact,
      error: null,
    })),
    showFetchFailure: assign({ loading: false, rows: [], total: 0, totalExact: true, error: errorTexts.usersFetchFailed }),
    startCommand: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'users.command') return;
      const { command } = event;
      enqueue.assign(({ context }) => ({
        updating: [...context.updating, command.id],
        commands: [...context.commands, command],
      }));
      enqueue(spawnChild('userCommand', { id: commandActorId(command.id), input: command }));
    }),
    finishCommand: assign(({ context, event }) => {
      const rowId = rowIdOf(event.type);
      const command = context.commands.find((pending) => pending.id === rowId);
      return {
        rows: command ? applyUserCommandToRows(context.rows, command) : context.rows,
        // A lower bound stays one after a deletion: more rows matched than were counted.
        total: command?.type === 'delete' && context.totalExact && context.rows.some((row) => row.id === rowId) ? context.total - 1 : context.total,
        updating: context.updating.filter((id) => id !== rowId),
        commands: context.commands.filter((pending) => pending.id !== rowId),
        lastOutcome: command ? { command, accepted: true } : context.lastOutcome,
      };
    }),
    failCommand: assign(({ context, event }) => {
      const rowId = rowIdOf(event.type);
      const command = context.commands.find((pending) => pending.id === rowId);
      return {
        error: errorMessage('error' in event ? event.error : undefined),
        updating: context.updating.filter((id) => id !== rowId),
        commands: context.commands.filter((pending) => pending.id !== rowId),
        lastOutcome: command ? { command, accepted: false } : context.lastOutcome,
      };
    }),
    dismissError: assign({ error: null }),
  },
}).createMachine({
  id: 'userList',
  context: { loading: true, rows: [], total: 0, totalExact: true, params: {}, error: null, updating: [], commands: [], lastOutcome: null },
  initial: 'idle',
  on: {
    'xstate.done.actor.userCommand.*': { actions: 'finishCommand' },
    'xstate.error.actor.userCommand.*': { actions: 'failCommand' },
  },
  states: {
    idle: {
      description: 'Loading with no rows until the page asks for its first fetch.',
      on: { 'users.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
    },
    fetching: {
      entry: 'startLoading',
      invoke: {
        id: 'fetchUsers',
        src: 'fetchUsers',
        input: ({ context }) => context.params,
        onDone: { target: 'ready', actions: { type: 'showPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: 'showFetchFailure' },
      },
      on: {
        'users.fetch': { target: 'fetching', reenter: true, actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
      },
    },
    ready: {
      on: {
        'users.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } },
        'users.command': { guard: 'rowIdle', actions: 'startCommand' },
        'users.dismissError': { actions: 'dismissError' },
      },
    },
    failed: {
      on: { 'users.fetch': { target: 'fetching', actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) } } },
    },
  },
});
