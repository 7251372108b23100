/**
 * The mock picks the named example that answers what a request asks (`x-mock-examples`), so
 * the mocked app can walk the flows whose call serves several questions: each rule names a
 * real example and a real field, a request that matches it gets that example, and a request
 * that asks for an example itself (`Prefer`) still gets what it asked for.
 */
import { describe, expect, it } from 'vitest';
import { bodyFields, selectExample } from '@formsign/mocks/example-selector';
import { resolveRef, type ExampleObject, type MockExampleRule, type ParameterObject } from '@formsign/openapi';
import { document, operations, propertyNames } from '../support/contract.js';
import { mockUrl } from '../support/mock.js';

const administratorToken = String(
  (resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as { token: string }).token,
);

const ruled = operations.flatMap((entry) =>
  (entry.operation['x-mock-examples'] ?? []).map((rule) => ({ ...entry, id: entry.operation.operationId, rule })),
);

function example200(entry: (typeof ruled)[number], name: string): unknown {
  const media = resolveRef(document, entry.operation.responses['200'] ?? {}).content?.['application/json'];
  const example = media?.examples?.[name];
  return example === undefined ? undefined : resolveRef<ExampleObject>(document, example).value;
}

describe('the x-mock-examples rules', () => {
  it('are given where a call serves several questions', () => {
    expect([...new Set(ruled.map(({ id }) => id))].sort()).toEqual([
      'fetchPrepopulation',
      'getDashboard',
      'listBulkSends',
      'manageFormProgress',
      'manageIntegrations',
      'manageProducts',
      'manageTemplates',
      'webSigning',
    ]);
  });

  it.each(
    ruled.map((entry) => ({
      ...entry,
      label: `${entry.id}: ${entry.rule.in} ${entry.rule.name}${entry.rule.value ? `=${entry.rule.value}` : ''} → ${entry.rule.example}`,
    })),
  )('$label names a 200 example and a field of the request', (entry) => {
    expect(example200(entry, entry.rule.example)).toBeDefined();
    const fields =
      entry.rule.in === 'query'
        ? (entry.operation.parameters ?? [])
            .map((p) => resolveRef<ParameterObject>(document, p))
            .filter((p) => p.in === 'query')
            .map((p) => p.name)
        : propertyNames(entry.operation.requestBody?.content['application/json']?.schema);
    expect(fields).toContain(entry.rule.name);
  });
});

describe('selectExample', () => {
  const rules: MockExampleRule[] = [
    { in: 'query', name: 'oid', example: 'record' },
    { in: 'query', name: 'id', example: 'source' },
    { in: 'body', name: 'action', value: 'status', example: 'paid' },
  ];
  const asked = (query: string, body: Record<string, unknown> | null = null) => ({
    method: 'GET',
    path: '/x',
    query: new URLSearchParams(query),
    body,
  });

  it('takes the first rule that matches: a value must be equal, a presence rule needs a value', () => {
    expect(selectExample(rules, asked('id=1&oid=T-1'))).toBe('record');
    expect(selectExample(rules, asked('id=1'))).toBe('source');
    expect(selectExample(rules, asked('oid=&id='))).toBeUndefined();
    expect(selectExample(rules, asked('', { action: 'status' }))).toBe('paid');
    expect(selectExample(rules, asked('', { action: 'list' }))).toBeUndefined();
    expect(selectExample(rules, asked('action=status'))).toBeUndefined();
  });

  it('reads JSON and form bodies, and nothing else', () => {
    expect(bodyFields('application/json; charset=utf-8', '{"action":"checkout","quantity":2}')).toEqual({ action: 'checkout', quantity: 2 });
    expect(bodyFields('application/x-www-form-urlencoded', 'token=a&x=1')).toEqual({ token: 'a', x: '1' });
    expect(bodyFields('application/json', '[1,2]')).toBeNull();
    expect(bodyFields('application/json', '{not json')).toBeNull();
    expect(bodyFields('multipart/form-data; boundary=x', '--x')).toBeNull();
    expect(bodyFields('application/json', '')).toBeNull();
  });
});

describe('the mock', () => {
  /** The operation's request as the rule describes it, signed in. */
  function requestMatching({ method, path, operation, rule }: (typeof ruled)[number], prefer?: string): [string, RequestInit] {
    const url = new URL(path, mockUrl());
    const headers = new Headers({ Authorization: `Bearer ${administratorToken}`, 'X-XSRF-TOKEN': 'm', Cookie: 'XSRF-TOKEN=m' });
    if (prefer) headers.set('Prefer', prefer);
    const value = rule.value ?? '42';
    if (rule.in === 'query') url.searchParams.set(rule.name, value);
    let body: string | undefined;
    const json = operation.requestBody?.content['application/json'];
    if (json) {
      const first = Object.values(json.examples ?? {})[0];
      const base = first ? (resolveRef<ExampleObject>(document, first).value as Record<string, unknown>) : {};
      body = JSON.stringify(rule.in === 'body' ? { ...base, [rule.name]: value } : base);
      headers.set('Content-Type', 'application/json');
    }
    return [url.toString(), { method: method.toUpperCase(), headers, body }];
  }

  it.each(ruled.map((entry) => ({ ...entry, label: `${entry.id} → ${entry.rule.example}` })))(
    'answers $label for the question the rule names',
    async (entry) => {
      const response = await fetch(...requestMatching(entry));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(example200(entry, entry.rule.example));
    },
  );

  it.each(ruled.map((entry) => ({ ...entry, label: entry.id })))('$label still answers the example a request asks for', async (entry) => {
    const response = await fetch(...requestMatching(entry, 'example=ok'));
    expect(await response.json()).toEqual(example200(entry, 'ok'));
  });

  it('answers each dashboard chart with its own example', async () => {
    const dashboard = ruled.filter(({ id }) => id === 'getDashboard');
    expect(dashboard.map(({ rule }) => rule.value)).toEqual(['formsPerMonth', 'formsByStatus', 'formsByTemplate', 'signingTime']);
    const charts = await Promise.all(
      dashboard.map(async (entry) => ((await (await fetch(...requestMatching(entry))).json()) as { chart: string }).chart),
    );
    expect(charts).toEqual(['formsPerMonth', 'formsByStatus', 'formsByTemplate', 'signingTime']);
  });

  it('answers the default example for a question no rule names', async () => {
    const products = ruled.find(({ id }) => id === 'manageProducts');
    if (!products) throw new Error('manageProducts has rules');
    const response = await fetch(...requestMatching({ ...products, rule: { in: 'body', name: 'action', value: 'list', example: 'ok' } }));
    expect(await response.json()).toEqual(example200(products, 'ok'));
  });
});
