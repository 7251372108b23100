/** What the keys area answers with: a key as the contract lists it, and its refusals. */
import { appCodes, type ApiKey } from '@formsign/sdk/contract';
import type { ListedApiKey } from '../../auth/api-key-repository.js';
import { displayNameOf } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { type Text } from '#words';

/** Keys an organisation may have that are not revoked. */
export const liveKeyLimit = 50;
/** Keys the list answers at most (newest first). */
export const listedKeyLimit = 200;

export function apiKeyOf(row: ListedApiKey): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    created_by: displayNameOf({ firstName: row.creatorFirstName, lastName: row.creatorLastName, name: row.creatorName }),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt,
    // To the minute: it is moved on at most once a minute.
    last_used_at: row.lastUsedAt ? `${row.lastUsedAt.toISOString().slice(0, 16)}:00Z` : null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export function keyInvalid(text: Text = appCodes.createApiKey['-1'].text): AppError {
  return new AppError(AppErrorCode.InvalidInput, text, { appCode: '-1' });
}
