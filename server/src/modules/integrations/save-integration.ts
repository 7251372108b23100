/** Saving an integration (`save`); the change is recorded in the audit trail in its transaction. */
import type { IntegrationResponse, IntegrationsQuery } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import {
  auditTarget,
  deliveredFiles,
  emptyAnswer,
  integrationOf,
  mappableFields,
  parseMap,
  recipientProblem,
  templateOf,
  integrationTexts,
} from './integration-rules.js';
import { insertIntegration, updateIntegration } from './repository.js';
import { sftpTarget } from '../../http/sftp.js';
import { say, type Language } from '../../i18n/i18n.js';

/** Saves an integration (`save`): a new one, or the one `sid` names or the template has for the destination. */
export async function saveIntegration(
  ctx: Pick<ServerContext, 'db' | 'now' | 'outbound'>,
  principal: Principal,
  query: IntegrationsQuery,
  origin: Origin,
  language: Language = 'en',
): Promise<IntegrationResponse> {
  const template = await templateOf(ctx, principal.companyId, query.id);
  const existing = await integrationOf(ctx, principal.companyId, query, template);
  const source = query.source ?? existing?.source;
  if (!source) throw badRequest(integrationTexts.noSource);
  const recipient = (query.recipient ?? existing?.recipient ?? '').trim();
  const problem = recipientProblem(source, recipient);
  if (problem) throw badRequest(problem);
  // Where the server itself sends (a webhook, an SFTP server): an address on the public internet, unless the operator allows it.
  const sftp = source === 'sftp' ? sftpTarget(recipient) : null;
  const refusal = source === 'webhook' ? await ctx.outbound.refusal(recipient) : sftp ? await ctx.outbound.hostRefusal(sftp.host) : null;
  if (refusal) throw badRequest(refusal);
  const fields = mappableFields(template);
  const map = query.data !== undefined ? parseMap(query.data, fields) : (existing?.map ?? {});
  const type = query.type ?? existing?.type ?? 'pdf';
  // Another server: the key pinned for the last one is not its key.
  const before = existing?.source === 'sftp' ? sftpTarget(existing.recipient) : null;
  const sameServer = before !== null && sftp !== null && before.host === sftp.host && before.port === sftp.port;
  const change = { source, type, recipient, map, updatedAt: ctx.now(), ...(existing && !sameServer ? { hostKey: null } : {}) };
  const sid = await ctx.db.transaction(async (tx) => {
    const id = existing ? existing.id : await insertIntegration(tx, principal.companyId, template.id, change);
    if (existing) await updateIntegration(tx, existing.id, change);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: auditTarget(template.title),
      origin,
      details: { area: 'integration', change: 'saved', integration: id, source, type, recipient },
    });
    return id;
  });
  return {
    ...emptyAnswer,
    message: say(language, integrationTexts.saved),
    type: 'save',
    fields,
    map,
    title: template.title,
    sid,
    files: deliveredFiles(type),
    recipient,
  };
}
