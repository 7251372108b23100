/**
 * What the machines may use of `@formsign/sdk`, for type-checking only.
 *
 * The machines are checked without the DOM and without Node's types, so that a network or DOM
 * import fails. The SDK's entry point also exports its client, whose sources use `fetch`,
 * `Request`, `document`...; checking them here would fail for reasons that are not ours. So
 * `tsconfig.json` maps `@formsign/sdk` to this file (`paths`), which re-exports only the
 * DOM-free parts: the contract's types, the generated text tables and `ApiError`. A machine
 * that imports the client fails type-checking, as it should. At run time (vitest, the web
 * build) `@formsign/sdk` is the real package; these are the same modules.
 *
 * If the SDK grows a DOM-free entry (e.g. `@formsign/sdk/contract`), import that instead and
 * delete this file and the `paths` mapping.
 */
export { ApiError, isApiError, isSuccessCode, textForCode, textForStatus, type ApiErrorInit } from '../../sdk/src/api-error.js';
export { appCodes, type AppCodeOperation } from '../../sdk/src/generated/app-codes.js';
export { errorTexts, type ErrorTextKey } from '../../sdk/src/generated/error-texts.js';
export type { components, operations as operationTypes, paths } from '../../sdk/src/generated/openapi.js';
