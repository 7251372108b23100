/**
 * The organisation's API keys (`/api-keys`): list, make (the secret answered once) and revoke.
 * Administrators and super users only, never a key (the contract's `x-roles` and security).
 */
import { appCodes } from '@formsign/sdk/contract';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { RefusalBodies } from '../../http/errors.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

export function apiKeysHandlers(ctx: Pick<ServerContext, 'db' | 'now'>): Pick<Handlers, 'listApiKeys' | 'createApiKey' | 'revokeApiKey'> {
  return {
    async listApiKeys(request) {
      return { data: await listApiKeys(ctx, request.principal) };
    },
    async createApiKey(request) {
      const made = await createApiKey(ctx, request.principal, request.body, { ip: request.ip, userAgent: request.userAgent });
      return { code: 1, message: appCodes.createApiKey['1'].text, key: made.key, secret: made.secret };
    },
    async revokeApiKey(request) {
      const key = await revokeApiKey(ctx, request.principal, request.body.id, { ip: request.ip, userAgent: request.userAgent });
      return { code: 1, message: appCodes.revokeApiKey['1'].text, key };
    },
  };
}

/** A refused key's answer: its code and why, and no key (nor secret). */
export function apiKeysRefusalBodies(): Pick<RefusalBodies, 'createApiKey' | 'revokeApiKey'> {
  return {
    createApiKey: async (refusal) => ({ ...refusal, key: null, secret: null }),
    revokeApiKey: async (refusal) => ({ ...refusal, key: null }),
  };
}
