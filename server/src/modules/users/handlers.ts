/**
 * The Users operations: the company's people, invitations, and the commands on one person
 * (delete; mfa 1, 2, 3; block and unblock through `status`; role; class, units, names, phone).
 */
import { appCodes, roleOfFlags, type CodeResult, type UserRow } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { changeUser } from './change-user.js';
import { deleteUser } from './delete-user.js';
import { inviteUsers } from './invite-users.js';
import { listCompanyUsers } from './list-users.js';
import { statusOf, type UserRecord } from './repository.js';

type UsersHandlers = Pick<Handlers, 'listUsers' | 'inviteUsers' | 'runUserCommand'>;

export function userRow(user: UserRecord): UserRow {
  return {
    id: user.id,
    email: user.email,
    mfa: user.mfa ? 1 : 0,
    force_mfa: user.forceMfa ? 'Yes' : 'No',
    class: user.class,
    unit: user.unit,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    status: statusOf(user),
    last_login: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    role: roleOfFlags({ admin: user.role === 'admin', personal: user.personal, isSuper: user.isSuper }),
  };
}

const commandDone: CodeResult = { code: 1, message: appCodes.runUserCommand['1'].text };

export function usersHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'mail' | 'log' | 'keys' | 'config'>): UsersHandlers {
  return {
    async listUsers({ body, principal }) {
      const paging = pageOf(body ?? {}, ctx.config.listCountCap);
      const filters = body?.filters ?? {};
      const { rows, ...total } = await listCompanyUsers(ctx, principal, {
        ...paging,
        search: filters.search,
        status: filters.status,
        sort: filters.sort,
        order: filters.order,
      });
      return { page: paging.page, limit: paging.limit, ...total, data: rows.map(userRow) };
    },
    async inviteUsers(request) {
      return { results: await inviteUsers(ctx, request.principal, request.body.users, { ip: request.ip, userAgent: request.userAgent }) };
    },
    async runUserCommand(request) {
      const command = request.body;
      const origin = { ip: request.ip, userAgent: request.userAgent };
      await (command.type === 'delete' ? deleteUser(ctx, request.principal, command, origin) : changeUser(ctx, request.principal, command, origin));
      return commandDone;
    },
  };
}
