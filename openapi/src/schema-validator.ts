/** Validates values against the contract's schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import type { FormatsPlugin } from 'ajv-formats';
import { operationsOf, resolveRef, type OpenApiDocument, type ResponseObject } from './document.js';

const base = 'https://formsign.example/openapi.json';
// ajv-formats is CommonJS: its module object is the plugin itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

export function schemaValidator(document: OpenApiDocument): (schema: unknown, value: unknown) => string[] {
  const absolute = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/components/', `"${base}#/components/`)) as T;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: base, components: { schemas: absolute(document.components.schemas) } });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(absolute(schema as object));
      cache.set(key, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}

export interface ResponseSample {
  operationId: string;
  status: number;
  /** The Content-Type header as sent. */
  contentType: string;
  /** The body as sent. */
  body: string;
}

/**
 * Checks answers against the contract: the status must be one the operation lists, and a
 * JSON body must match that response's schema. Answers the problems found (none when it is
 * right).
 */
export function responseChecker(document: OpenApiDocument): (sample: ResponseSample) => string[] {
  const validate = schemaValidator(document);
  const byId = new Map(operationsOf(document).map((entry) => [entry.operation.operationId, entry]));
  return ({ operationId, status, contentType, body }) => {
    const entry = byId.get(operationId);
    if (!entry) return [`${operationId} is not an operation of the contract`];
    const where = `${entry.method.toUpperCase()} ${entry.path} ${status}`;
    const declared = entry.operation.responses[String(status)];
    if (!declared) return [`${where}: the contract lists no ${status} answer`];
    const response = resolveRef<ResponseObject>(document, declared);
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    const media = response.content?.[mediaType] ?? response.content?.[`${mediaType.split('/')[0] ?? ''}/*`] ?? response.content?.['*/*'];
    if (!response.content) return body === '' ? [] : [`${where}: the contract gives this answer no body`];
    if (!media) return [`${where}: answered ${mediaType || 'no content type'}, the contract says ${Object.keys(response.content).join(' or ')}`];
    if (!mediaType.endsWith('json')) return [];
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    return validate(media.schema, value).map((problem) => `${where}: ${problem}`);
  };
}
