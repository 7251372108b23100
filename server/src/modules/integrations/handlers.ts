/**
 * Form integration (`/fetch-integratedforms`, administrators): `list` (the integrations and
 * every template), `fields` (a template's fields and its integration's map, recipient and
 * files), `save` and `delete`. The contract answers no 404 here: an integration that is not
 * the company's is refused with 400 and its words.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { deleteIntegrationSetting } from './delete-integration.js';
import { listIntegrationSettings } from './list-integrations.js';
import { saveIntegration } from './save-integration.js';
import { showIntegrationFields } from './show-integration-fields.js';

export function integrationsHandlers(ctx: Pick<ServerContext, 'db' | 'now' | 'outbound'>): Pick<Handlers, 'manageIntegrations'> {
  return {
    async manageIntegrations({ query, principal, ip, userAgent }) {
      switch (query.action ?? 'list') {
        case 'list':
          return listIntegrationSettings(ctx, principal.companyId);
        case 'fields':
          return showIntegrationFields(ctx, principal.companyId, query);
        case 'save':
          return saveIntegration(ctx, principal, query, { ip, userAgent });
        case 'delete':
          return deleteIntegrationSetting(ctx, principal, query, { ip, userAgent });
      }
    },
  };
}
