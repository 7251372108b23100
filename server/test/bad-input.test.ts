/**
 * Bad input for every operation, made from the contract: a body that is not JSON, a field of
 * the wrong type, text far too long, unknown fields, strings meant to break out of a query or
 * a page, NUL characters, query values of the wrong type. Each is answered 400 in the
 * contract's error shape (or accepted, where the contract allows it), never 500; and the
 * server still answers afterwards.
 */
import { describe, expect, it } from 'vitest';
import { resolveRef, type OperationEntry, type ParameterObject } from '@formsign/openapi';
import { contractRequest, document, operationEntries } from './support/contract-requests.js';
import { useTestServer, type CallOptions } from './support/test-server.js';

const server = useTestServer();

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
}

function resolved(schema: Schema | undefined): Schema {
  return schema ? resolveRef<Schema>(document, schema) : {};
}

function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  const node = resolved(schema);
  return { ...(node.properties ?? {}), ...Object.assign({}, ...(node.allOf ?? []).map(propertiesOf)) };
}

function typesOf(schema: Schema): string[] {
  const node = resolved(schema);
  if (node.oneOf) return node.oneOf.flatMap(typesOf);
  if (node.type) return Array.isArray(node.type) ? node.type : [node.type];
  if (node.const !== undefined) return [typeof node.const];
  return [];
}

/** A value no schema of these types accepts. */
function wrongValueFor(types: string[]): unknown {
  if (!types.includes('object')) return { wrong: true };
  if (!types.includes('number') && !types.includes('integer')) return 12345;
  return [[['nested']]];
}

const jsonOperations = operationEntries.filter((entry) => entry.operation.requestBody?.content['application/json']);
const queryOperations = operationEntries.filter((entry) =>
  (entry.operation.parameters ?? []).some((p) => resolveRef<ParameterObject>(document, p).in === 'query'),
);

const injections = [
  "' OR 1=1; drop table users; --",
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  '../../../../etc/passwd',
  '%00%27',
  '${7*7}',
  'ｄｅｍｏ',
];

interface Variant {
  name: string;
  make(base: CallOptions): CallOptions;
  /** Whether the contract's validation must refuse it. */
  refused: boolean;
}

function bodyVariants(entry: OperationEntry): Variant[] {
  const schema = entry.operation.requestBody?.content['application/json']?.schema as Schema;
  const properties = propertiesOf(schema);
  const variants: Variant[] = [
    { name: 'a body that is not JSON', refused: true, make: (base) => ({ ...base, body: undefined, payload: '{"name": "demo.admin", ' }) },
    { name: 'a JSON array instead of an object', refused: true, make: (base) => ({ ...base, body: [1, 2, 3] }) },
    { name: 'a body as plain text', refused: true, make: (base) => ({ ...base, body: undefined, payload: 'name=demo', contentType: 'text/plain' }) },
    { name: 'a body over 1 MiB', refused: true, make: (base) => ({ ...base, body: { ...(base.body as object), padding: 'x'.repeat(1_100_000) } }) },
    {
      name: 'unknown fields',
      refused: false,
      make: (base) => ({ ...base, body: { ...(base.body as object), unknownField: 'x', __proto__field: { polluted: true } } }),
    },
  ];
  for (const [name, property] of Object.entries(properties)) {
    const types = typesOf(property);
    variants.push({
      name: `${name} of the wrong type`,
      refused: true,
      make: (base) => ({ ...base, body: { ...(base.body as object), [name]: wrongValueFor(types) } }),
    });
    if (types.includes('string') && !resolved(property).enum && resolved(property).const === undefined) {
      variants.push({
        name: `${name} 200,000 characters long`,
        refused: false,
        make: (base) => ({ ...base, body: { ...(base.body as object), [name]: 'y'.repeat(200_000) } }),
      });
      variants.push({
        name: `${name} with a NUL character`,
        refused: true,
        make: (base) => ({ ...base, body: { ...(base.body as object), [name]: 'abc\u0000def' } }),
      });
      for (const injection of injections) {
        variants.push({
          name: `${name} = ${injection}`,
          refused: false,
          make: (base) => ({ ...base, body: { ...(base.body as object), [name]: injection } }),
        });
      }
    }
  }
  return variants;
}

function queryVariants(entry: OperationEntry): Variant[] {
  const parameters = (entry.operation.parameters ?? [])
    .map((p) => resolveRef<ParameterObject & { schema?: Schema }>(document, p))
    .filter((p) => p.in === 'query');
  const variants: Variant[] = [];
  for (const parameter of parameters) {
    const name = parameter.name ?? '';
    const schema = resolved(parameter.schema);
    const types = typesOf(schema);
    if (name === 'filters') {
      variants.push(
        { name: 'filters[from]=yesterday', refused: true, make: (base) => ({ ...base, query: 'filters[from]=yesterday' }) },
        { name: 'filters[search] far too long', refused: true, make: (base) => ({ ...base, query: `filters[search]=${'z'.repeat(5000)}` }) },
        { name: 'filters[order]=sideways', refused: true, make: (base) => ({ ...base, query: 'filters[order]=sideways' }) },
        { name: 'deeply nested filters', refused: false, make: (base) => ({ ...base, query: 'filters[a][b][c][d][e]=1&filters[search]=x' }) },
        {
          name: 'an injection in the search',
          refused: false,
          make: (base) => ({ ...base, query: `filters[search]=${encodeURIComponent(injections[0] ?? '')}` }),
        },
        { name: 'a NUL in the search', refused: true, make: (base) => ({ ...base, query: 'filters[search]=a%00b' }) },
      );
    } else if (types.includes('integer')) {
      variants.push({ name: `${name}=abc`, refused: true, make: (base) => ({ ...base, query: `${name}=abc` }) });
      variants.push({ name: `${name}=-5`, refused: true, make: (base) => ({ ...base, query: `${name}=-5` }) });
    } else if (schema.enum) {
      variants.push({ name: `${name}=not-a-choice`, refused: true, make: (base) => ({ ...base, query: `${name}=not-a-choice` }) });
    } else if (types.includes('string')) {
      variants.push({
        name: `${name} as an injection`,
        refused: false,
        make: (base) => ({ ...base, query: `${name}=${encodeURIComponent(injections[0] ?? '')}` }),
      });
      variants.push({ name: `${name} with a NUL`, refused: true, make: (base) => ({ ...base, query: `${name}=a%00b` }) });
    }
    if (name === 'limit') variants.push({ name: 'limit=100000', refused: true, make: (base) => ({ ...base, query: 'limit=100000' }) });
  }
  return variants;
}

const cases = [
  ...jsonOperations.flatMap((entry) => bodyVariants(entry).map((variant) => ({ id: entry.operation.operationId, entry, variant }))),
  ...queryOperations.flatMap((entry) => queryVariants(entry).map((variant) => ({ id: entry.operation.operationId, entry, variant }))),
];

describe('bad input', () => {
  it('is tried in hundreds of ways across every operation that takes input', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(new Set([...jsonOperations, ...queryOperations].map((e) => e.operation.operationId)).size);
    expect(cases.length).toBeGreaterThan(500);
  });

  it.each(cases)('$id: $variant.name', async ({ entry, variant }) => {
    // Administrators reach every operation; each case on a session of its own.
    const isPublic = (entry.operation.security ?? [{}]).length === 0;
    const token = isPublic ? null : (await server.signIn('demo.super')).token;
    const { path, call } = contractRequest(entry, token);
    const answer = await server.call(path, {
      ...variant.make(call),
      ip: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
    });
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    if (variant.refused) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(400);
      const text = answer.body.message ?? answer.body.error;
      expect(typeof text === 'string' && text.length > 0, 'a failure says what was wrong').toBe(true);
    }
  });

  it('leaves the server answering', async () => {
    const session = await server.signIn('demo.admin');
    expect((await server.call('/user', { method: 'GET', token: session.token })).status).toBe(200);
  });
});
