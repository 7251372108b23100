/**
 * Who may call what, enforced before a request is validated or handled, from the contract:
 * a secured operation needs a valid, unexpired token of a session that has not ended, or an
 * organisation's API key where the operation lists `apiKeyAuth` (401); a signed-in change
 * made with a person's token needs the XSRF cookie echoed in its header (403; a key is not a
 * cookie, so none is asked with one); `x-roles` limits an operation to some roles, read the
 * same way for a key's role as for a person's (403). Calls with a key are limited per key
 * (429). Public operations read a person's token when one is sent (a signed-in person may
 * sign through a link too), and ignore it when it is not valid; they never act for a key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAllows } from '@formsign/sdk/contract';
import { apiKeyTexts, isApiKey, resolveApiKey } from '../auth/api-keys.js';
import { loadPrincipal, type Principal } from '../auth/principal.js';
import { verifyAccessToken } from '../auth/tokens.js';
import type { OperationRules } from '../contract/operation-index.js';
import type { ServerContext } from '../context.js';
import { passesXsrf } from './cookies.js';
import { keyWindows, type RateLimit } from './rate-limits.js';

import { failureTexts } from './texts.js';
import { AppError, AppErrorCode } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Whether a person's role allows an operation limited to `roles` (the contract's `x-roles`, read as the SDK reads it). */
export function rolesAllow(principal: Pick<Principal, 'role'>, roles: readonly string[]): boolean {
  return roleAllows(principal.role, roles);
}

/** The person a token of a session names, or null; an API key is not such a token. */
export async function authenticate(ctx: ServerContext, request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token || isApiKey(token)) return null;
  const verified = await verifyAccessToken(ctx.keys, token, ctx.now());
  return verified ? loadPrincipal(ctx.db, verified) : null;
}

/** The principal of a call made with an API key; refused in the key's own words. */
async function authenticateKey(
  ctx: ServerContext,
  key: string,
  rules: OperationRules,
  countCall: (keyId: number) => number | null,
): Promise<Principal> {
  const resolved = await resolveApiKey(ctx.db, key, ctx.now());
  if ('refused' in resolved) throw new AppError(AppErrorCode.Unauthorized, apiKeyTexts[resolved.refused]);
  const { principal } = resolved;
  if (!rules.apiKey) throw new AppError(AppErrorCode.Forbidden, apiKeyTexts.refused, { detail: `${rules.operationId} takes no API key` });
  const wait = principal.apiKey ? countCall(principal.apiKey.id) : null;
  if (wait !== null) throw new AppError(AppErrorCode.TooManyRequests, failureTexts.tooManyRequests, { retryAfterSeconds: wait });
  return principal;
}

export function installSecurity(
  app: FastifyInstance,
  ctx: ServerContext,
  rulesOf: (request: FastifyRequest) => OperationRules | undefined,
  keyLimit: RateLimit,
): void {
  const countKeyCall = keyWindows(keyLimit, ctx.now);
  app.decorateRequest('principal', null);
  app.addHook('preValidation', async (request) => {
    const rules = rulesOf(request);
    if (!rules) return;
    if (rules.public) {
      request.principal = await authenticate(ctx, request);
      return;
    }
    const bearer = bearerToken(request);
    if (bearer && isApiKey(bearer)) {
      const principal = await authenticateKey(ctx, bearer, rules, countKeyCall);
      if (!rolesAllow(principal, rules.roles)) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
      request.principal = principal;
      return;
    }
    const principal = await authenticate(ctx, request);
    if (!principal) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
    if (rules.xsrf && !passesXsrf(request)) throw new AppError(AppErrorCode.Forbidden, failureTexts.xsrf);
    if (!rolesAllow(principal, rules.roles)) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
    request.principal = principal;
  });
}
