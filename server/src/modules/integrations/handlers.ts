/**
 * Form integration (administrators). `/fetch-integratedforms`: `list` (the integrations and
 * every template), `fields` (a template's fields and its integration's map, recipient and
 * files), `save` and `delete`. The contract answers no 404 here: an integration that is not
 * the company's is refused with 400 and its words. `/integration-credentials`: an SFTP
 * integration's sign-in. `/integration-deliveries`: an integration's deliveries, and a failed
 * one queued to be sent again.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { pageOf } from '../../db/list-filters.js';
import { badRequest } from '../../http/errors.js';
import { deleteIntegrationSetting } from './delete-integration.js';
import { unknownIntegration } from './integration-rules.js';
import { listIntegrationSettings } from './list-integrations.js';
import { findIntegration, listDeliveries } from './repository.js';
import { saveIntegration } from './save-integration.js';
import { deliveryView, sendDeliveryAgain } from './send-again.js';
import { setIntegrationCredentials } from './set-credentials.js';
import { showIntegrationFields } from './show-integration-fields.js';

type IntegrationsHandlers = Pick<Handlers, 'manageIntegrations' | 'setIntegrationCredentials' | 'listIntegrationDeliveries' | 'sendDeliveryAgain'>;

export function integrationsHandlers(
  ctx: Pick<ServerContext, 'db' | 'now' | 'outbound' | 'keys' | 'config' | 'mail' | 'files' | 'jobs'>,
): IntegrationsHandlers {
  return {
    async manageIntegrations({ query, principal, ip, userAgent, language }) {
      switch (query.action ?? 'list') {
        case 'list':
          return listIntegrationSettings(ctx, principal.companyId);
        case 'fields':
          return showIntegrationFields(ctx, principal.companyId, query);
        case 'save':
          return saveIntegration(ctx, principal, query, { ip, userAgent }, language);
        case 'delete':
          return deleteIntegrationSetting(ctx, principal, query, { ip, userAgent }, language);
      }
    },
    async setIntegrationCredentials({ body, principal, ip, userAgent }) {
      return setIntegrationCredentials(ctx, principal, body, { ip, userAgent });
    },
    async listIntegrationDeliveries({ query, principal }) {
      const item = await findIntegration(ctx.db, principal.companyId, query.sid);
      if (!item) throw badRequest(unknownIntegration);
      const page = pageOf(query, ctx.config.listCountCap);
      const { rows, total } = await listDeliveries(ctx.db, item.id, page);
      return { page: page.page, limit: page.limit, ...total, data: rows.map(deliveryView) };
    },
    async sendDeliveryAgain({ body, principal, language }) {
      return sendDeliveryAgain(ctx, principal, body, language);
    },
  };
}
