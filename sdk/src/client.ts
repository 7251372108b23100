/**
 * `createFormsignClient`: the typed openapi-fetch client of the contract (`raw`) and the
 * friendly layer over it, one function per operation, grouped by product area.
 */
import { accountApi, type AccountApi } from './areas/account.js';
import { analyticsApi, type AnalyticsApi } from './areas/analytics.js';
import { authApi, type AuthApi } from './areas/auth.js';
import { casesApi, type CasesApi } from './areas/cases.js';
import { databaseApi, type DatabaseApi } from './areas/database.js';
import { devicesApi, type DevicesApi } from './areas/devices.js';
import { formsApi, type FormsApi } from './areas/forms.js';
import { integrationsApi, type IntegrationsApi } from './areas/integrations.js';
import { logsApi, type LogsApi } from './areas/logs.js';
import { prepopulationApi, type PrepopulationApi } from './areas/prepopulation.js';
import { settingsApi, type SettingsApi } from './areas/settings.js';
import { signingApi, type SigningApi } from './areas/signing.js';
import { storageApi, type StorageApi } from './areas/storage.js';
import { stringsApi, type StringsApi } from './areas/strings.js';
import { supportApi, type SupportApi } from './areas/support.js';
import { templatesApi, type TemplatesApi } from './areas/templates.js';
import { timeAttendanceApi, type TimeAttendanceApi } from './areas/time-attendance.js';
import { tutorialsApi, type TutorialsApi } from './areas/tutorials.js';
import { usersApi, type UsersApi } from './areas/users.js';
import { workflowApi, type WorkflowApi } from './areas/workflow.js';
import { createTransport, type FormsignClientOptions, type RawClient, type Transport } from './transport.js';

export interface FormsignClient {
  /** The openapi-fetch client: typed paths, `{ data, error, response }` results, `use()` for more middleware. */
  raw: RawClient;
  auth: AuthApi;
  account: AccountApi;
  strings: StringsApi;
  tutorials: TutorialsApi;
  forms: FormsApi;
  workflow: WorkflowApi;
  /**
   * The transport the areas call through: an area kept out of the client, so that an app loads it
   * only where it is used, is made with it (`bulkSendsApi(client.transport)`).
   */
  transport: Transport;
  templates: TemplatesApi;
  database: DatabaseApi;
  analytics: AnalyticsApi;
  devices: DevicesApi;
  storage: StorageApi;
  users: UsersApi;
  logs: LogsApi;
  integrations: IntegrationsApi;
  prepopulation: PrepopulationApi;
  timeAttendance: TimeAttendanceApi;
  cases: CasesApi;
  settings: SettingsApi;
  signing: SigningApi;
  support: SupportApi;
}

export function createFormsignClient(options: FormsignClientOptions = {}): FormsignClient {
  const transport = createTransport(options);
  return {
    raw: transport.raw,
    auth: authApi(transport),
    account: accountApi(transport),
    strings: stringsApi(transport),
    tutorials: tutorialsApi(transport),
    forms: formsApi(transport),
    workflow: workflowApi(transport),
    transport,
    templates: templatesApi(transport),
    database: databaseApi(transport),
    analytics: analyticsApi(transport),
    devices: devicesApi(transport),
    storage: storageApi(transport),
    users: usersApi(transport),
    logs: logsApi(transport),
    integrations: integrationsApi(transport),
    prepopulation: prepopulationApi(transport),
    timeAttendance: timeAttendanceApi(transport),
    cases: casesApi(transport),
    settings: settingsApi(transport),
    signing: signingApi(transport),
    support: supportApi(transport),
  };
}
