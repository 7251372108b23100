/**
 * What the server reads from the contract about each operation before its handler runs:
 * who may call it (its security requirements and `x-roles`) and how its failures are worded.
 * The routes themselves are bound from the same document by fastify-openapi-glue.
 */
import { loadDocument, operationsOf, resolveRef, type OpenApiDocument, type ParameterObject } from '@formsign/openapi';
import type { OperationId } from '@formsign/sdk/contract';

export type SecurityScheme = 'bearerAuth' | 'apiKeyAuth' | 'xsrfHeader' | 'xsrfCookie';

export interface OperationRules {
  operationId: OperationId;
  method: string;
  /** The contract's path, without the base path. */
  path: string;
  /** No token needed (`security: []`). */
  public: boolean;
  /** The XSRF cookie and header pair is required of a person's token. */
  xsrf: boolean;
  /** An organisation's API key is accepted in place of a person's token (`apiKeyAuth`; no XSRF pair with it). */
  apiKey: boolean;
  /** The roles allowed, empty for every signed-in person. */
  roles: readonly string[];
  /**
   * How a failed call's body is shaped, by status: `{ message }` for most, `{ error }` for an
   * account save's 400 and 500, `{ data: null, error }` for signing.
   */
  failureShapes: Readonly<Record<string, FailureShape>>;
  /** The application codes its answers may carry (`x-codes`), e.g. `'-2'`. */
  appCodes: ReadonlySet<string>;
  /** The media types the request body may have (none when it takes no body). */
  bodyTypes: readonly string[];
  bodyRequired: boolean;
  /**
   * The name of the operation's only query parameter when it is a deepObject
   * (`filters[search]=...`): fastify-openapi-glue reads a lone object parameter as exploded
   * form fields (`search=...`), so its route schema is put back under the name.
   */
  soleDeepObjectQuery: string | null;
}

export type FailureShape = 'message' | 'error' | 'signing';

function failureShapes(responses: Record<string, { $ref?: string }>): Record<string, FailureShape> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const ref = response.$ref ?? '';
      return [status, /\/Signing[A-Za-z]+$/.test(ref) ? 'signing' : /\/AccountSave[A-Za-z]+$/.test(ref) ? 'error' : 'message'];
    }),
  );
}

function soleDeepObject(document: OpenApiDocument, parameters: readonly ParameterObject[]): string | null {
  const query = parameters
    .map((parameter) => resolveRef<ParameterObject & { style?: string }>(document, parameter))
    .filter((parameter) => parameter.in === 'query');
  const [only] = query;
  return query.length === 1 && only?.style === 'deepObject' ? (only.name ?? null) : null;
}

export interface OperationIndex {
  document: OpenApiDocument;
  byId: ReadonlyMap<OperationId, OperationRules>;
  ids: readonly OperationId[];
}

let contract: OperationIndex | undefined;

/** The contract's operations, read once per process: the document does not change while it runs. */
export function contractIndex(): OperationIndex {
  return (contract ??= indexOperations());
}

export function indexOperations(document: OpenApiDocument = loadDocument()): OperationIndex {
  const byId = new Map<OperationId, OperationRules>();
  for (const { method, path, operation } of operationsOf(document)) {
    const security = operation.security ?? document.security ?? [{ bearerAuth: [] }];
    // The contract states per operation: none (public), or a person's token (with the XSRF
    // pair on a change) and, where a key may call it, an API key as the other requirement.
    const schemes = new Set(Object.keys(security.find((requirement) => 'bearerAuth' in requirement) ?? {}));
    const apiKey = security.some((requirement) => 'apiKeyAuth' in requirement);
    byId.set(operation.operationId as OperationId, {
      operationId: operation.operationId as OperationId,
      method,
      path,
      public: security.length === 0,
      xsrf: schemes.has('xsrfHeader') || schemes.has('xsrfCookie'),
      apiKey,
      roles: operation['x-roles'] ?? [],
      failureShapes: failureShapes(operation.responses),
      appCodes: new Set(Object.keys(operation['x-codes'] ?? {})),
      bodyTypes: Object.keys(operation.requestBody?.content ?? {}),
      bodyRequired: operation.requestBody?.required === true,
      soleDeepObjectQuery: soleDeepObject(document, operation.parameters ?? []),
    });
  }
  return { document, byId, ids: [...byId.keys()] };
}
