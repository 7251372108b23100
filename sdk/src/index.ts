export {
  ApiError,
  isApiError,
  type ApiErrorKind,
  assertSuccessCode,
  assertSuccessCodeOf,
  withSuccessCode,
  withSuccessCodeOf,
  codeOf,
  errorForFailure,
  errorFromCode,
  errorFromCodeOf,
  errorFromResponse,
  isSuccessCode,
  isSuccessCodeOf,
  textForCode,
  textOfCode,
  textForStatus,
  type ApiErrorInit,
  type Failure,
  type FailureRule,
} from './api-error.js';
export * from './generated/app-codes.js';
export { errorTexts, type ErrorTextKey } from './generated/error-texts.js';
export { contractLimits, emailPattern, type ContractLimitField } from './generated/limits.js';
export { operations, type OperationId } from './generated/operations.js';
export type { components, operations as operationTypes, paths } from './generated/openapi.js';

export { createFormsignClient, type FormsignClient } from './client.js';
export { eachPage, eachRow, type ListPage, type ListQuery, type PagedList, type PageOf, type RowOf } from './pages.js';
export { idempotentMethods, type RetryOptions } from './retry.js';
export {
  createTransport,
  type CallOptions,
  type Exchange,
  type FormsignClientOptions,
  type RawClient,
  type RawInit,
  type RawResult,
  type Transport,
} from './transport.js';
export { bearerToken } from './middleware/bearer-token.js';
export { defaultHeaders } from './middleware/default-headers.js';
export type { HeadersInput } from './middleware/headers-input.js';
export { stripTrailingSlash } from './middleware/strip-trailing-slash.js';
export { xsrfToken } from './middleware/xsrf-token.js';
export { readCookie, xsrfCookieName, xsrfHeaderName, xsrfSafeMethods } from './xsrf-pair.js';
export { mayCall, roleAllows, roleOfFlags, roleStanding } from './roles.js';
export { verifyWebhookSignature, type VerifyWebhookOptions } from './webhook-signature.js';

// The areas, for a client made of only the parts it needs: `authApi(createTransport(options))`.
export { accountApi, type AccountApi } from './areas/account.js';
export { analyticsApi, type AnalyticsApi } from './areas/analytics.js';
export { authApi, singleSignOnStart, type AuthApi, type LoginResult, type SessionTokens } from './areas/auth.js';
export { casesApi, type CasesApi } from './areas/cases.js';
export { databaseApi, type DatabaseApi } from './areas/database.js';
export { devicesApi, type DevicesApi } from './areas/devices.js';
export { formsApi, type FormsApi } from './areas/forms.js';
export { integrationsApi, type IntegrationsApi } from './areas/integrations.js';
export { logsApi, type LogsApi } from './areas/logs.js';
export { prepopulationApi, type PrepopulationApi } from './areas/prepopulation.js';
export { settingsApi, type SettingsApi } from './areas/settings.js';
export { signingApi, type SigningApi } from './areas/signing.js';
export { storageApi, type StorageApi } from './areas/storage.js';
export { stringsApi, type StringsApi } from './areas/strings.js';
export { supportApi, type SupportApi } from './areas/support.js';
export { templatesApi, type TemplatesApi } from './areas/templates.js';
export { timeAttendanceApi, type TimeAttendanceApi } from './areas/time-attendance.js';
export { tutorialsApi, type TutorialSave, type TutorialsApi } from './areas/tutorials.js';
export { usersApi, type UsersApi } from './areas/users.js';
export { workflowApi, type WorkflowApi } from './areas/workflow.js';
export { bulkSendsApi, type BulkSendsApi, type BulkSendUpload } from './areas/bulk-sends.js';

export type * from './types.js';
