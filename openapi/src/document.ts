/**
 * Where the contract lives, and a typed view of it for the tools that read it (the SDK's
 * generator, the mock's README, the contract tests). Applications never read the document
 * at run time: they use the SDK generated from it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const documentPath = fileURLToPath(new URL('../openapi.yaml', import.meta.url));

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** One application code of an operation: `x-codes` in the document. */
export interface AppCode {
  outcome: 'success' | 'failure';
  meaning: string;
  text: string;
  'x-spec'?: 'designed';
}

export interface ExampleObject {
  summary?: string;
  value?: unknown;
  $ref?: string;
}

export interface MediaType {
  schema?: unknown;
  examples?: Record<string, ExampleObject>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

export interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  schema?: unknown;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  'x-codes'?: Record<string, AppCode>;
  'x-roles'?: string[];
  'x-spec'?: 'designed';
  'x-form-token'?: string;
  /** Which named 200 example the mock answers, by what is asked; the first rule that matches wins. */
  'x-mock-examples'?: MockExampleRule[];
}

/**
 * A mock rule: a request whose body field or query parameter `name` has `value` (or, without
 * a value, is present) is answered with the named example `example`, unless it asks for one.
 */
export interface MockExampleRule {
  in: 'body' | 'query';
  name: string;
  value?: string;
  example: string;
}

export interface ErrorCatalogue {
  description: string;
  texts: Record<string, { when: string; text: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  'x-error-catalogue': ErrorCatalogue;
  servers: { url: string }[];
  /** The requirements of an operation that states none of its own. */
  security?: Record<string, string[]>[];
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components: {
    schemas: Record<string, unknown>;
    parameters: Record<string, ParameterObject>;
    responses: Record<string, ResponseObject>;
    examples: Record<string, ExampleObject>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: Operation;
}

export function loadDocument(path: string = documentPath): OpenApiDocument {
  return parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
}

/** Follows a local `#/components/...` reference. */
export function resolveRef<T>(document: OpenApiDocument, value: T | { $ref?: string }): T {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref) return value as T;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  return resolveRef(document, target as T);
}
