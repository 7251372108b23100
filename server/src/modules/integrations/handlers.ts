/**
 * Form integration (`/fetch-integratedforms`, administrators): `list` (the integrations and
 * every template), `fields` (a template's fields and its integration's map, recipient and
 * files), `save` and `delete`. The contract answers no 404 here: an integration that is not
 * the company's is refused with 400 and its words.
 */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { integrationFields, integrationList, removeIntegration, saveIntegration } from './integration-settings.js';

export function integrationsHandlers(ctx: ServerContext): Pick<Handlers, 'manageIntegrations'> {
  return {
    async manageIntegrations({ query, principal, ip, userAgent }) {
      switch (query.action ?? 'list') {
        case 'list':
          return integrationList(ctx, principal.companyId);
        case 'fields':
          return integrationFields(ctx, principal.companyId, query);
        case 'save':
          return saveIntegration(ctx, principal, query, { ip, userAgent });
        case 'delete':
          return removeIntegration(ctx, principal, query, { ip, userAgent });
      }
    },
  };
}
