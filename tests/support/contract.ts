/** Reading the contract in tests: operations by method and path, and their payload fields. */
import { loadDocument, operationsOf, resolveRef, type OpenApiDocument, type Operation, type ParameterObject } from '@formsign/openapi';

export const document: OpenApiDocument = loadDocument();
export const operations = operationsOf(document);

/** The base path of every call (`servers[0].url`). */
export const basePath: string = document.servers[0]?.url ?? '';

/** The operation a request with this method and wire path (base path included) reaches. */
export function operationOnWire(method: string, wire: string): Operation | undefined {
  return operations.find((entry) => entry.method === method && basePath + entry.path === wire)?.operation;
}

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, unknown>;
  allOf?: SchemaNode[];
  items?: SchemaNode;
}

/** Every top-level property name of a schema, following references and `allOf`. */
export function propertyNames(schema: unknown): string[] {
  const node = resolveRef<SchemaNode>(document, schema as SchemaNode);
  const own = Object.keys(node.properties ?? {});
  return [...own, ...(node.allOf ?? []).flatMap(propertyNames)];
}

export function isArraySchema(schema: unknown): boolean {
  return resolveRef<SchemaNode>(document, schema as SchemaNode).type === 'array';
}

export function queryParameters(operation: Operation): string[] {
  return (operation.parameters ?? [])
    .map((parameter) => resolveRef<ParameterObject>(document, parameter))
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name ?? '');
}

export function bodyFields(operation: Operation, mediaType: string): string[] {
  const schema = operation.requestBody?.content[mediaType]?.schema;
  return schema ? propertyNames(schema) : [];
}

export function successSchema(operation: Operation): unknown {
  const response = resolveRef(document, operation.responses['200'] ?? {});
  return response.content?.['application/json']?.schema;
}
