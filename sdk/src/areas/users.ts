import { isSuccessCodeOf, textOfCode, withSuccessCodeOf } from '../api-error.js';
import { inviteUsersCodes, runUserCommandCodes } from '../generated/app-codes/users.js';
import { errorTexts } from '../generated/error-texts.js';
import type { CallOptions, Transport } from '../transport.js';
import type { CodeResult, InviteOutcome, InviteUser, UserCommand, UserPage, UsersQuery } from '../types.js';

export interface UsersApi {
  /** A page of the company's users; any failure reads 'Could not fetch users. Please try again later.' */
  list(query?: UsersQuery, options?: CallOptions): Promise<UserPage>;
  command(command: UserCommand, options?: CallOptions): Promise<CodeResult>;
  /** Invites people; one outcome per person, in the order sent, with the invite table's text. */
  invite(users: InviteUser[], options?: CallOptions): Promise<InviteOutcome[]>;
}

export function usersApi({ api, send }: Transport): UsersApi {
  return {
    list: (query = {}, options) => send((init) => api.POST('/users', { ...init, body: query }), options, 'userList'),
    command: ({ id, email, type, value }, options) =>
      withSuccessCodeOf(
        runUserCommandCodes,
        send((init) => api.POST('/users-commands', { ...init, body: { id, email, type, value } }), options),
        { preferServerMessage: true },
      ),
    async invite(users, options) {
      const { results } = await send((init) => api.POST('/invite', { ...init, body: { users } }), options);
      // A person the server gave no result for failed for an unknown reason (code 0).
      return users.map((user, index) => {
        const code = results[index] ?? 0;
        return { user, code, text: textOfCode(inviteUsersCodes, code) ?? errorTexts.unexpected, ok: isSuccessCodeOf(inviteUsersCodes, code) };
      });
    },
  };
}
