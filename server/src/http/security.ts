/**
 * Who may call what, enforced before a request is validated or handled, from the contract:
 * a secured operation needs a valid, unexpired token of a session that has not ended (401);
 * a signed-in change needs the XSRF cookie echoed in its header (403); `x-roles` limits an
 * operation to some roles (403). Public operations read a token when one is sent (a signed-in
 * person may sign through a link too), and ignore it when it is not valid.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleAllows } from '@formsign/sdk/contract';
import { loadPrincipal, type Principal } from '../auth/principal.js';
import { verifyAccessToken } from '../auth/tokens.js';
import type { OperationRules } from '../contract/operation-index.js';
import type { ServerContext } from '../context.js';
import { passesXsrf } from './cookies.js';

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

export async function authenticate(ctx: ServerContext, request: FastifyRequest): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const verified = await verifyAccessToken(ctx.keys, token, ctx.now());
  return verified ? loadPrincipal(ctx.db, verified) : null;
}

export function installSecurity(app: FastifyInstance, ctx: ServerContext, rulesOf: (request: FastifyRequest) => OperationRules | undefined): void {
  app.decorateRequest('principal', null);
  app.addHook('preValidation', async (request) => {
    const rules = rulesOf(request);
    if (!rules) return;
    if (rules.public) {
      request.principal = await authenticate(ctx, request);
      return;
    }
    const principal = await authenticate(ctx, request);
    if (!principal) throw new AppError(AppErrorCode.Unauthorized, failureTexts.unauthorized);
    if (rules.xsrf && !passesXsrf(request)) throw new AppError(AppErrorCode.Forbidden, failureTexts.xsrf);
    if (!rolesAllow(principal, rules.roles)) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
    request.principal = principal;
  });
}
