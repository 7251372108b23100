/**
 * Every operation's handler, one area at a time. `Handlers` has a key per operationId of
 * the contract, so an operation without a handler does not compile; `checkHandlers` also
 * refuses to start when the document names one that is missing.
 */
import type { Handlers } from './contract/handler-types.js';
import type { ServerContext } from './context.js';
import type { RefusalBodies } from './http/errors.js';
import { accountHandlers } from './modules/account/handlers.js';
import { analyticsHandlers } from './modules/analytics/handlers.js';
import { apiKeysHandlers, apiKeysRefusalBodies } from './modules/api-keys/handlers.js';
import { authHandlers } from './modules/auth/handlers.js';
import { bulkSendHandlers } from './modules/bulk-send/handlers.js';
import { authRefusalBodies } from './modules/auth/refusals.js';
import { casesHandlers } from './modules/cases/handlers.js';
import { categoriesHandlers, categoriesRefusalBodies } from './modules/categories/handlers.js';
import { databaseHandlers } from './modules/database/handlers.js';
import { devicesHandlers, devicesRefusalBodies } from './modules/devices/handlers.js';
import { filesHandlers } from './modules/files/handlers.js';
import { formsHandlers, formsRefusalBodies } from './modules/forms/handlers.js';
import { groupsHandlers, groupsRefusalBodies } from './modules/groups/handlers.js';
import { webhooksHandlers } from './modules/webhooks/handlers.js';
import { integrationsHandlers } from './modules/integrations/handlers.js';
import { logsHandlers } from './modules/logs/handlers.js';
import { prepopulationHandlers, prepopulationRefusalBodies } from './modules/prepopulation/handlers.js';
import { purchasesHandlers } from './modules/purchases/handlers.js';
import { ssoHandlers } from './modules/sso/handlers.js';
import { storageHandlers } from './modules/storage/handlers.js';
import { stringsHandlers } from './modules/strings/handlers.js';
import { supportHandlers } from './modules/support/handlers.js';
import { supportingDocumentsHandlers } from './modules/supporting-documents/handlers.js';
import { templatesHandlers, templatesRefusalBodies } from './modules/templates/handlers.js';
import { timeAttendanceHandlers, timeAttendanceRefusalBodies } from './modules/time-attendance/handlers.js';
import { tutorialsHandlers } from './modules/tutorials/handlers.js';
import { usersHandlers } from './modules/users/handlers.js';
import { verificationHandlers } from './modules/verification/handlers.js';

export function createHandlers(ctx: ServerContext): Handlers {
  return {
    ...authHandlers(ctx),
    ...usersHandlers(ctx),
    ...accountHandlers(ctx),
    ...filesHandlers(ctx),
    ...templatesHandlers(ctx),
    ...formsHandlers(ctx),
    ...bulkSendHandlers(ctx),
    ...timeAttendanceHandlers(ctx),
    ...casesHandlers(ctx),
    ...devicesHandlers(ctx),
    ...tutorialsHandlers(ctx),
    ...stringsHandlers(ctx),
    ...supportHandlers(ctx),
    ...purchasesHandlers(ctx),
    ...categoriesHandlers(ctx),
    ...groupsHandlers(ctx),
    ...logsHandlers(ctx),
    ...analyticsHandlers(ctx),
    ...databaseHandlers(ctx),
    ...integrationsHandlers(ctx),
    ...webhooksHandlers(ctx),
    ...prepopulationHandlers(ctx),
    ...storageHandlers(ctx),
    ...supportingDocumentsHandlers(ctx),
    ...verificationHandlers(ctx),
    ...ssoHandlers(ctx),
    ...apiKeysHandlers(ctx),
  };
}

/**
 * The operations whose refusals with an application code answer more than `{ code, message }`
 * (their success body asks for more), each declared by its area.
 */
export function refusalBodies(ctx: ServerContext): RefusalBodies {
  return {
    ...formsRefusalBodies(ctx),
    ...templatesRefusalBodies(ctx),
    ...timeAttendanceRefusalBodies,
    ...authRefusalBodies(),
    ...devicesRefusalBodies(ctx),
    ...groupsRefusalBodies(ctx),
    ...categoriesRefusalBodies(ctx),
    ...prepopulationRefusalBodies(),
    ...apiKeysRefusalBodies(),
  };
}
