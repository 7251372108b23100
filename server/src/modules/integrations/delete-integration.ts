/** Deleting an integration (`delete`); recorded in the audit trail in its transaction. */
import type { IntegrationResponse, IntegrationsQuery } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { auditTarget, integrationTexts, unknownIntegration } from './integration-rules.js';
import { listIntegrationSettings } from './list-integrations.js';
import { deleteIntegration, findIntegration } from './repository.js';
import { say, type Language } from '../../i18n/i18n.js';

/** Deletes an integration (`delete`); the answer is the list as it is afterwards. */
export async function deleteIntegrationSetting(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  principal: Principal,
  query: IntegrationsQuery,
  origin: Origin,
  language: Language = 'en',
): Promise<IntegrationResponse> {
  if (!query.sid) throw badRequest(integrationTexts.noneChosen);
  const item = await findIntegration(ctx.db, principal.companyId, query.sid);
  if (!item) throw badRequest(unknownIntegration);
  await ctx.db.transaction(async (tx) => {
    await deleteIntegration(tx, item.id);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: auditTarget(item.title),
      origin,
      details: { area: 'integration', change: 'deleted', integration: item.id, source: item.source, recipient: item.recipient },
    });
  });
  return listIntegrationSettings(ctx, principal.companyId, { message: say(language, integrationTexts.deleted), type: 'delete' });
}
