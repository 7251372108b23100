/**
 * Saving an SFTP integration's sign-in (`setIntegrationCredentials`): the user name, and a
 * password or a private key kept sealed. A password or key sent replaces what was saved;
 * neither keeps it. The
 * audit trail records that the sign-in changed, never what it is.
 */
import type { Integration, IntegrationCredentials } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { auditTarget, integrationTexts, integrationView, unknownIntegration } from './integration-rules.js';
import { findIntegration, updateCredentials } from './repository.js';

const keyShape = /^-----BEGIN (OPENSSH|RSA|EC|DSA)? ?PRIVATE KEY-----[\s\S]+-----END (OPENSSH|RSA|EC|DSA)? ?PRIVATE KEY-----\s*$/;

export async function setIntegrationCredentials(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  principal: Principal,
  body: IntegrationCredentials,
  origin: Origin,
): Promise<Integration> {
  const item = await findIntegration(ctx.db, principal.companyId, body.sid);
  if (!item) throw badRequest(unknownIntegration);
  if (item.source !== 'sftp') throw badRequest(integrationTexts.onlySftp);
  const username = body.username.trim();
  if (username === '' || /[\s@:/]/.test(username)) throw badRequest(integrationTexts.badUsername);
  if (body.private_key !== undefined && !keyShape.test(body.private_key.trim())) throw badRequest(integrationTexts.badKey);
  // A password or a key sent replaces the sign-in saved; neither keeps it (a new user name, or the host key forgotten).
  const sent = body.password !== undefined || body.private_key !== undefined;
  const next = sent
    ? {
        ...(body.password !== undefined ? { password: body.password } : {}),
        ...(body.private_key !== undefined ? { privateKey: `${body.private_key.trim()}\n` } : {}),
      }
    : (openCredentials(ctx.keys, item.credentials) ?? {});
  if (!next.password && !next.privateKey) throw badRequest(integrationTexts.noSecret);
  await ctx.db.transaction(async (tx) => {
    await updateCredentials(tx, item.id, {
      username,
      credentials: sealCredentials(ctx.keys, next),
      ...(body.forget_host_key ? { hostKey: null } : {}),
      updatedAt: ctx.now(),
    });
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: auditTarget(item.title),
      origin,
      details: {
        area: 'integration',
        change: 'sign-in',
        integration: item.id,
        username,
        sign_in: sent ? (body.private_key !== undefined ? 'private key saved' : 'password saved') : 'kept',
        ...(body.forget_host_key ? { host_key: 'forgotten' } : {}),
      },
    });
  });
  const saved = await findIntegration(ctx.db, principal.companyId, item.id);
  if (!saved) throw badRequest(unknownIntegration);
  return integrationView(ctx.keys, saved);
}
