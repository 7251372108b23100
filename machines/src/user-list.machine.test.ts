import { ApiError, errorTexts, type UserCommand, type UserPage, type UserRow, type UsersQuery } from '@formsign/sdk/contract';
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { describePath, replayPath, traversalLimit } from '../test/model-based.js';
import { applyUserCommand, applyUserCommandToRows, commandActorId, userListMachine, type UserListContext } from './index.js';

function row(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return { id, email: `user${id}@example.com`, mfa: 0, force_mfa: 'No', class: 'Staff', unit: ['North'], ...overrides };
}

const rows = [row(1), row(2, { mfa: 1 }), row(3, { class: 'Manager', unit: ['North', 'South'] })];
const userPage: UserPage = { page: 1, limit: 10, total: 3, total_exact: true, data: rows };
const params: UsersQuery = { page: 1, limit: 10 };

const remove: UserCommand = { id: 1, email: 'user1@example.com', type: 'delete', value: '' };
const mfaOn: UserCommand = { id: 2, email: 'user2@example.com', type: 'mfa', value: 1 };
const newClass: UserCommand = { id: 3, email: 'user3@example.com', type: 'class', value: 'Administrator' };
const rejected = new ApiError({ status: 403, message: 'You may not change this user.' });

describe('applyUserCommand', () => {
  it('delete removes the row', () => {
    expect(applyUserCommand(row(1), 'delete', '')).toBeNull();
  });

  it('mfa 1 turns mfa on, force_mfa No', () => {
    expect(applyUserCommand(row(1, { force_mfa: 'Yes' }), 'mfa', 1)).toEqual(row(1, { mfa: 1, force_mfa: 'No' }));
  });

  it('mfa 2 turns mfa off, force_mfa No', () => {
    expect(applyUserCommand(row(1, { mfa: 1, force_mfa: 'Yes' }), 'mfa', 2)).toEqual(row(1, { mfa: 0, force_mfa: 'No' }));
  });

  it('mfa 3 turns mfa off, force_mfa Yes', () => {
    expect(applyUserCommand(row(1, { mfa: 1 }), 'mfa', 3)).toEqual(row(1, { mfa: 0, force_mfa: 'Yes' }));
  });

  it('takes an mfa code given as a string', () => {
    expect(applyUserCommand(row(1), 'mfa', '3')).toEqual(row(1, { mfa: 0, force_mfa: 'Yes' }));
  });

  it('an unknown mfa code leaves the row as it is', () => {
    expect(applyUserCommand(row(1), 'mfa', 4)).toEqual(row(1));
    expect(applyUserCommand(row(1), 'mfa', ['1'])).toEqual(row(1));
  });

  it('a class change sets the class and empties unit', () => {
    expect(applyUserCommand(row(1), 'class', 'Manager')).toEqual(row(1, { class: 'Manager', unit: [] }));
  });

  it('any other type sets that field to the value, unit untouched', () => {
    expect(applyUserCommand(row(1), 'phone', '+44 20 7946 0000')).toEqual({ ...row(1), phone: '+44 20 7946 0000' });
    expect(applyUserCommand(row(1), 'unit', ['South'])).toEqual(row(1, { unit: ['South'] }));
  });

  it('does not change the row it is given', () => {
    const original = row(1);
    applyUserCommand(original, 'class', 'Manager');
    expect(original).toEqual(row(1));
  });

  it('applyUserCommandToRows changes only the row with the id', () => {
    expect(applyUserCommandToRows(rows, remove)).toEqual([rows[1], rows[2]]);
    expect(applyUserCommandToRows(rows, { ...newClass, id: 99 })).toEqual(rows);
  });
});

/** An actor whose fetch and commands the test settles. */
function start() {
  const control = controlledActors();
  const machine = userListMachine.provide({
    actors: { fetchUsers: control.logic<UserPage, UsersQuery>(), userCommand: control.logic<{ code: number; message: string }, UserCommand>() },
  });
  return { actor: createActor(machine).start(), control };
}

async function startReady() {
  const started = start();
  started.actor.send({ type: 'users.fetch', params });
  await flush();
  started.control.resolve('fetchUsers', userPage);
  await waitFor(started.actor, (s) => s.matches('ready'));
  return started;
}

async function startFailed() {
  const started = start();
  started.actor.send({ type: 'users.fetch', params });
  await flush();
  started.control.reject('fetchUsers', new ApiError({ status: 500, message: errorTexts.usersFetchFailed }));
  await waitFor(started.actor, (s) => s.matches('failed'));
  return started;
}

const ok = { code: 1, message: '' };

describe('user list machine transitions', () => {
  it('starts idle: loading, no rows, nothing updating', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      loading: true,
      rows: [],
      total: 0,
      totalExact: true,
      params: {},
      error: null,
      updating: [],
      commands: [],
      lastOutcome: null,
    });
  });

  it('idle → fetching (users.fetch): fetches with page, limit and filters', async () => {
    const { actor, control } = start();
    const withFilters = { ...params, filters: { search: 'grace' } };
    actor.send({ type: 'users.fetch', params: withFilters });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, params: withFilters });
    await flush();
    expect(control.started).toEqual([{ id: 'fetchUsers', input: withFilters }]);
  });

  it('fetching → ready (done): the rows and total', async () => {
    const { actor } = await startReady();
    expect(actor.getSnapshot().context).toEqual({
      loading: false,
      rows,
      total: 3,
      totalExact: true,
      params,
      error: null,
      updating: [],
      commands: [],
      lastOutcome: null,
    });
  });

  it("fetching → failed (error): no rows and 'Could not fetch users. Please try again later.'", async () => {
    const { actor } = await startFailed();
    expect(actor.getSnapshot().context).toMatchObject({
      loading: false,
      rows: [],
      total: 0,
      totalExact: true,
      error: 'Could not fetch users. Please try again later.',
    });
  });

  it("fetching → failed (error): the text is the catalogue's whatever the error", async () => {
    const machine = userListMachine.provide({
      actors: { fetchUsers: fromPromise<UserPage, UsersQuery>(() => Promise.reject(new Error('offline'))) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'users.fetch', params });
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(snapshot.context.error).toBe(errorTexts.usersFetchFailed);
  });

  it('fetching → fetching (users.fetch): refetches with the new params', async () => {
    const { actor, control } = start();
    actor.send({ type: 'users.fetch', params });
    await flush();
    actor.send({ type: 'users.fetch', params: { ...params, page: 2 } });
    await flush();
    expect(control.started.map((run) => run.input)).toEqual([params, { ...params, page: 2 }]);
    expect(actor.getSnapshot().context.params).toEqual({ ...params, page: 2 });
  });

  it('ready → fetching (users.fetch): loading, rows kept meanwhile', async () => {
    const { actor } = await startReady();
    actor.send({ type: 'users.fetch', params: { ...params, page: 2 } });
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, rows, params: { ...params, page: 2 } });
  });

  it('failed → fetching (users.fetch): tries again', async () => {
    const { actor, control } = await startFailed();
    actor.send({ type: 'users.fetch', params });
    expect(actor.getSnapshot().value).toBe('fetching');
    await flush();
    control.resolve('fetchUsers', userPage);
    const snapshot = await waitFor(actor, (s) => s.matches('ready'));
    expect(snapshot.context).toMatchObject({ rows, error: null });
  });

  it('ready (users.command, rowIdle): puts the row in updating and sends the command; the row is unchanged meanwhile', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: mfaOn });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ rows, updating: [2], commands: [mfaOn] });
    await flush();
    expect(control.started.at(-1)).toEqual({ id: commandActorId(2), input: mfaOn });
  });

  it('ready (users.command): a row already updating takes no other command', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: mfaOn });
    actor.send({ type: 'users.command', command: { ...mfaOn, value: 3 } });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ updating: [2], commands: [mfaOn] });
    expect(control.started.filter((run) => run.id === commandActorId(2))).toHaveLength(1);
  });

  it('(command done): a delete removes the row and counts one less', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: remove });
    await flush();
    control.resolve(commandActorId(1), ok);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      rows: [rows[1], rows[2]],
      total: 2,
      totalExact: true,
      updating: [],
      commands: [],
      lastOutcome: { command: remove, accepted: true },
    });
  });

  it('(command done): an mfa command sets mfa and force_mfa', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: { ...mfaOn, id: 1, value: 3 } });
    await flush();
    control.resolve(commandActorId(1), ok);
    await flush();
    expect(actor.getSnapshot().context.rows[0]).toEqual(row(1, { mfa: 0, force_mfa: 'Yes' }));
    expect(actor.getSnapshot().context.updating).toEqual([]);
  });

  it('(command done): reports the command accepted even when the row reads the same', async () => {
    const { actor, control } = await startReady();
    const unknownCode: UserCommand = { ...mfaOn, id: 1, value: 9 };
    actor.send({ type: 'users.command', command: unknownCode });
    await flush();
    control.resolve(commandActorId(1), ok);
    await flush();
    expect(actor.getSnapshot().context.rows[0]).toEqual(row(1));
    expect(actor.getSnapshot().context.lastOutcome).toEqual({ command: unknownCode, accepted: true });
  });

  it('(command done): a class change sets the class and empties unit', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: newClass });
    await flush();
    control.resolve(commandActorId(3), ok);
    await flush();
    expect(actor.getSnapshot().context.rows[2]).toEqual(row(3, { class: 'Administrator', unit: [] }));
  });

  it('(command error): the row stays as it was, leaves updating, and the error is shown', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: newClass });
    await flush();
    control.reject(commandActorId(3), rejected);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      rows,
      total: 3,
      totalExact: true,
      updating: [],
      commands: [],
      error: 'You may not change this user.',
      lastOutcome: { command: newClass, accepted: false },
    });
  });

  it("(command error): anything but an ApiError gives the catalogue's unexpected text", async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: remove });
    await flush();
    control.reject(commandActorId(1), new Error('offline'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ rows, error: errorTexts.unexpected });
  });

  it('commands on different rows run side by side and settle in any order', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: remove });
    actor.send({ type: 'users.command', command: mfaOn });
    actor.send({ type: 'users.command', command: newClass });
    expect(actor.getSnapshot().context.updating).toEqual([1, 2, 3]);
    await flush();
    control.resolve(commandActorId(3), ok);
    control.reject(commandActorId(1), rejected);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ updating: [2], rows: [rows[0], rows[1], row(3, { class: 'Administrator', unit: [] })] });
    control.resolve(commandActorId(2), ok);
    await flush();
    expect(actor.getSnapshot().context.updating).toEqual([]);
    expect(actor.getSnapshot().context.rows[1]).toEqual(row(2, { mfa: 1, force_mfa: 'No' }));
  });

  it('a row can take another command once the first has settled', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: { ...mfaOn, value: 3 } });
    await flush();
    control.resolve(commandActorId(2), ok);
    await flush();
    actor.send({ type: 'users.command', command: { ...mfaOn, value: 2 } });
    await flush();
    control.resolve(commandActorId(2), ok);
    await flush();
    expect(actor.getSnapshot().context.rows[1]).toEqual(row(2, { mfa: 0, force_mfa: 'No' }));
  });

  it('ready (users.dismissError): clears the error of a command', async () => {
    const { actor, control } = await startReady();
    actor.send({ type: 'users.command', command: remove });
    await flush();
    control.reject(commandActorId(1), rejected);
    await flush();
    actor.send({ type: 'users.dismissError' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('failed: keeps the fetch error on users.dismissError (only a new fetch clears it)', async () => {
    const { actor } = await startFailed();
    actor.send({ type: 'users.dismissError' });
    expect(actor.getSnapshot().context.error).toBe(errorTexts.usersFetchFailed);
  });

  it('ignores commands while fetching, failed or idle', async () => {
    const idle = start().actor;
    idle.send({ type: 'users.command', command: remove });
    expect(idle.getSnapshot().context.updating).toEqual([]);
    const { actor } = await startFailed();
    actor.send({ type: 'users.command', command: remove });
    expect(actor.getSnapshot().context.updating).toEqual([]);
  });
});

describe('user list machine, model-based', () => {
  type ListSnapshot = SnapshotFrom<typeof userListMachine>;
  type ListEvent = EventFromLogic<typeof userListMachine>;

  const commands = [remove, mfaOn, newClass];
  const sampleEvents = (snapshot: ListSnapshot): ListEvent[] => {
    const events: ListEvent[] = [{ type: 'users.fetch', params }, { type: 'users.dismissError' }];
    if (snapshot.matches('fetching')) {
      events.push(
        { type: 'xstate.done.actor.fetchUsers', output: userPage } as unknown as ListEvent,
        { type: 'xstate.error.actor.fetchUsers', error: new Error('offline') } as unknown as ListEvent,
      );
    }
    for (const command of commands) {
      if (snapshot.context.updating.includes(command.id)) {
        events.push(
          { type: `xstate.done.actor.${commandActorId(command.id)}`, output: ok } as ListEvent,
          { type: `xstate.error.actor.${commandActorId(command.id)}`, error: rejected } as ListEvent,
        );
      } else {
        events.push({ type: 'users.command', command });
      }
    }
    return events;
  };

  // The last outcome is history, not state: leaving it out keeps the paths to the states that differ.
  const serializeState = (snapshot: ListSnapshot) =>
    JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, lastOutcome: undefined } });
  const paths = getShortestPaths(userListMachine, { events: sampleEvents, serializeState, limit: traversalLimit });

  it('reaches every state, and every combination of rows updating', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(['idle', 'fetching', 'ready', 'failed']));
    const updatingSets = new Set(paths.map((path) => JSON.stringify([...path.state.context.updating].sort())));
    expect(updatingSets.size).toBe(8);
  });

  /** What must hold in every state. */
  function checkInvariants(snapshot: ListSnapshot) {
    const { context } = snapshot;
    expect(context.loading).toBe(snapshot.matches('idle') || snapshot.matches('fetching'));
    expect([...context.updating].sort()).toEqual(context.commands.map((command) => command.id).sort());
    if (snapshot.matches('failed')) {
      expect(context.rows).toEqual([]);
      expect(context.error).not.toBeNull();
    }
    for (const current of context.rows) {
      const original = rows.find((candidate) => candidate.id === current.id);
      const command = commands.find((candidate) => candidate.id === current.id);
      if (!original || !command) throw new Error(`unexpected row ${current.id}`);
      expect([original, applyUserCommand(original, command.type, command.value)]).toContainEqual(current);
    }
  }

  for (const path of paths) {
    it(`path ${describePath(path)}`, async () => {
      const control = controlledActors();
      const machine = userListMachine.provide({
        actors: { fetchUsers: control.logic<UserPage, UsersQuery>(), userCommand: control.logic<{ code: number; message: string }, UserCommand>() },
      });
      let previousOutcome: UserListContext['lastOutcome'] = null;
      await replayPath(machine, path, {
        control,
        check: (actual, expected, event) => {
          expect(actual.value).toEqual(expected.value);
          expect({ ...actual.context, lastOutcome: undefined }).toEqual({ ...expected.context, lastOutcome: undefined });
          checkInvariants(actual);
          // The last outcome is the command that just finished, or stays as it was.
          const finished = commands.find((command) => event.type.endsWith(commandActorId(command.id)));
          const accepted = event.type.startsWith('xstate.done.actor.');
          expect(actual.context.lastOutcome).toEqual(finished ? { command: finished, accepted } : previousOutcome);
          previousOutcome = actual.context.lastOutcome;
        },
      });
    });
  }
});
