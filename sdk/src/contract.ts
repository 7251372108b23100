/**
 * `@formsign/sdk/contract`: the parts of the SDK that need no network and no DOM — the
 * contract's types, the generated code and text tables, the bounds of what requests send
 * (`contractLimits`, `emailPattern`), `ApiError` with its mapping of the error catalogue,
 * the XSRF pair's names with the one cookie reader, and who may call what (servers use them).
 * Packages that must not reach the network (the flow machines) import this entry; the client
 * is in the main entry.
 */
export {
  ApiError,
  isApiError,
  type ApiErrorKind,
  isSuccessCode,
  isSuccessCodeOf,
  textForCode,
  textOfCode,
  textForStatus,
  type ApiErrorInit,
} from './api-error.js';
export * from './generated/app-codes.js';
export { errorTexts, type ErrorTextKey } from './generated/error-texts.js';
export { contractLimits, emailPattern, type ContractLimitField } from './generated/limits.js';
export { operations, type OperationId } from './generated/operations.js';
export type { components, operations as operationTypes, paths } from './generated/openapi.js';
export { readCookie, xsrfCookieName, xsrfHeaderName, xsrfSafeMethods } from './xsrf-pair.js';
export { mayCall, roleAllows, roleOfFlags, roleStanding } from './roles.js';
export { verifyWebhookSignature, type VerifyWebhookOptions } from './webhook-signature.js';
export type * from './types.js';
