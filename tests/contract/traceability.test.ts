import { describe, expect, it } from 'vitest';
import { adminOperations, callTable, designedOperations, loginHeaders, publicOperations, statedResponses, wirePath } from './call-table.js';
import {
  basePath,
  bodyFields,
  document,
  isArraySchema,
  operationOnWire,
  operations,
  propertyNames,
  queryParameters,
  successSchema,
} from '../support/contract.js';

const operationAt = (method: string, tablePath: string) => operationOnWire(method, wirePath(tablePath));

const mediaTypeOf = { body: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

describe('the contract holds every call of the specification', () => {
  it('serves everything under the base path /api', () => {
    expect(document.servers).toEqual([{ url: '/api', description: expect.any(String) }]);
  });

  it.each(callTable)('$method $path is an operation with an id, a tag, a summary and its security', (row) => {
    const operation = operationAt(row.method, row.path);
    expect(operation, `${row.method.toUpperCase()} ${row.path} is missing`).toBeDefined();
    expect(operation?.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(operation?.tags).toHaveLength(1);
    expect(operation?.summary).toBeTruthy();
    expect(operation?.security, 'security is stated on the operation').toBeDefined();
  });

  it.each(callTable.filter((row) => row.payload))('$method $path takes the payload fields of the table', (row) => {
    const operation = operationAt(row.method, row.path);
    if (!operation || !row.payload || !row.in) throw new Error(`${row.path} has no stated payload`);
    const fields = row.in === 'query' ? queryParameters(operation) : bodyFields(operation, mediaTypeOf[row.in]);
    expect(fields).toEqual(expect.arrayContaining([...row.payload]));
  });

  it('has no operation beyond the table but the designed ones', () => {
    const known = [...callTable, ...designedOperations].map((row) => `${row.method} ${wirePath(row.path)}`).sort();
    const present = operations.map((entry) => `${entry.method} ${basePath}${entry.path}`).sort();
    expect(present).toEqual(known);
  });

  it('puts the four /api/ rows on the wire once under the base path, never /api/api/', () => {
    for (const tablePath of ['/api/envelopes', '/api/video-tutorial', '/api/pdf-tutorial', '/api/save']) {
      expect(operationOnWire('post', tablePath), tablePath).toBeDefined();
    }
    expect(operations.filter((entry) => entry.path.startsWith('/api/'))).toEqual([]);
  });

  it('marks the operations the table does not list as designed', () => {
    for (const row of designedOperations) expect(operationAt(row.method, row.path)?.['x-spec']).toBe('designed');
  });

  it('sends login with challenge always false', () => {
    const schema = document.components.schemas.LoginRequest as { properties: { challenge: { const: boolean } } };
    expect(schema.properties.challenge.const).toBe(false);
  });

  it('has unique operation ids', () => {
    const ids = operations.map((entry) => entry.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the contract keeps the stated response shapes', () => {
  it.each(statedResponses)('$method $path answers its stated fields', (row) => {
    const operation = operationAt(row.method, row.path);
    const schema = operation && successSchema(operation);
    expect(schema).toBeDefined();
    if (row.list) expect(isArraySchema(schema)).toBe(true);
    if (row.fields) expect(propertyNames(schema)).toEqual(expect.arrayContaining([...row.fields]));
  });

  it('returns the access-token, id-token and refresh-token headers from login', () => {
    const headers = Object.keys(operationAt('post', '/login')?.responses['200']?.headers ?? {});
    expect(headers).toEqual(expect.arrayContaining([...loginHeaders]));
  });

  it('sends the envelope token as a form field', () => {
    const operation = operationAt('post', '/api/envelopes');
    expect(operation?.['x-form-token']).toBe('token');
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
  });

  it('sends /api/save as multipart with function subtitle', () => {
    const schema = document.components.schemas.SaveSubtitleRequest as { properties: { function: { const: string } } };
    expect(Object.keys(operationAt('post', '/api/save')?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(schema.properties.function.const).toBe('subtitle');
  });
});

describe('the contract states who may call what', () => {
  it.each(publicOperations)('%s is public', (path) => {
    expect(operationAt('post', path)?.security).toEqual([]);
  });

  it('requires the bearer token on every other operation', () => {
    const open = new Set<string>([...publicOperations, '/activate', '/confirm-email', '/file', '/sso/start', '/sso/callback'].map(wirePath));
    for (const { path, operation } of operations) {
      if (open.has(basePath + path)) continue;
      expect(operation.security?.[0], path).toHaveProperty('bearerAuth');
    }
  });

  it('requires the XSRF cookie and header pair on every signed-in change', () => {
    for (const { method, path, operation } of operations) {
      if (method === 'get' || operation.security?.length === 0) continue;
      expect(operation.security?.[0], path).toMatchObject({ bearerAuth: [], xsrfHeader: [], xsrfCookie: [] });
    }
    expect(document.components.securitySchemes).toMatchObject({
      xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      xsrfCookie: { type: 'apiKey', in: 'cookie', name: 'XSRF-TOKEN' },
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
  });

  it.each(adminOperations)('%s is limited to administrators, personal ones included', (path) => {
    expect(operationAt('post', path)?.['x-roles']).toEqual(['admin', 'personal']);
  });
});
