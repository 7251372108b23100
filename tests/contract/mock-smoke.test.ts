/**
 * Starts Prism on the contract and asks it, for every operation, for its default response
 * and for every named example (with `Prefer: code=..., example=...`). Each answer must carry
 * the status and the example asked for, valid against the operation's schema.
 */
import { describe, expect, it } from 'vitest';
import { resolveRef, type ExampleObject, type Operation, type OperationEntry, type ParameterObject } from '@formsign/openapi';
import { document, operations } from '../support/contract.js';
import { mockUrl } from '../support/mock.js';
import { schemaValidator } from '@formsign/openapi/schema-validator';

const validate = schemaValidator(document);
const administratorToken = String(
  (resolveRef<ExampleObject>(document, document.components.examples.LoginAdministrator ?? {}).value as { token: string }).token,
);

/** A request the mock accepts: the operation's first request example, its required query, and credentials. */
function requestFor({ method, path, operation }: OperationEntry, prefer?: string): { url: string; init: RequestInit } {
  const headers = new Headers({ Authorization: `Bearer ${administratorToken}`, 'X-XSRF-TOKEN': 'smoke', Cookie: 'XSRF-TOKEN=smoke' });
  if (prefer) headers.set('Prefer', prefer);
  const url = new URL(path, mockUrl());
  for (const parameter of (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p))) {
    if (parameter.in === 'query' && parameter.required) url.searchParams.set(parameter.name ?? '', '42');
  }
  let body: RequestInit['body'];
  const content = operation.requestBody?.content ?? {};
  if (content['application/json']) {
    const first = Object.values(content['application/json'].examples ?? {})[0];
    body = JSON.stringify(first ? resolveRef<ExampleObject>(document, first).value : {});
    headers.set('Content-Type', 'application/json');
  } else if (content['application/x-www-form-urlencoded']) {
    body = new URLSearchParams({ token: administratorToken });
  } else if (content['multipart/form-data']) {
    const form = new FormData();
    const first = Object.values(content['multipart/form-data'].examples ?? {})[0];
    const fields = first
      ? (resolveRef<ExampleObject>(document, first).value as Record<string, string>)
      : {
          function: 'subtitle',
          data: JSON.stringify({ video: '/media/tutorials/welcome-to-formsign.mp4', label: 'English', srclang: 'en', vtt: 'WEBVTT' }),
        };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    body = form;
  }
  return { url: url.toString(), init: { method: method.toUpperCase(), headers, body } };
}

async function read(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

interface NamedExample {
  status: string;
  mediaType: string;
  name: string;
  value: unknown;
  schema: unknown;
}

function namedExamples(operation: Operation): NamedExample[] {
  return Object.entries(operation.responses).flatMap(([status, reference]) => {
    const response = resolveRef(document, reference);
    return Object.entries(response.content ?? {}).flatMap(([mediaType, media]) =>
      Object.entries(media.examples ?? {}).map(([name, example]) => ({
        status,
        mediaType,
        name,
        value: resolveRef<ExampleObject>(document, example).value,
        schema: media.schema,
      })),
    );
  });
}

describe.each(operations.map((entry) => ({ ...entry, id: entry.operation.operationId })))('mock of $id', (entry) => {
  // A call that only sends the browser on (single sign-on's start and return) answers its
  // redirect, which is not followed here: it leads out of the mock.
  const success = Object.keys(entry.operation.responses).find((status) => status.startsWith('2')) ?? '303';
  it(`answers its default response (${success}), valid against its schema`, async () => {
    const { url, init } = requestFor(entry);
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const body = await read(response);
    expect(response.status, JSON.stringify(body)).toBe(Number(success));
    const schema = Object.values(resolveRef(document, entry.operation.responses[success] ?? {}).content ?? {})[0]?.schema;
    if (success === '303') expect(response.headers.get('location')).toBeTruthy();
    else expect(validate(schema, body)).toEqual([]);
  });

  const examples = namedExamples(entry.operation);
  it('has a named example for success and for every failure status', () => {
    const statuses = new Set(examples.map((example) => example.status));
    // A redirect has no body, so no example: its Location header is what it answers.
    const withBodies = Object.entries(entry.operation.responses).filter(([, response]) => resolveRef(document, response).content);
    expect([...statuses].sort()).toEqual(withBodies.map(([status]) => status).sort());
  });

  it.each(examples.map((example) => ({ ...example, label: `${example.status} ${example.name}` })))(
    'serves example $label on request, valid against its schema',
    async (example) => {
      const { url, init } = requestFor(entry, `code=${example.status}, example=${example.name}`);
      const response = await fetch(url, init);
      const body = await read(response);
      expect(response.status).toBe(Number(example.status));
      expect(body).toEqual(example.value);
      expect(validate(example.schema, body)).toEqual([]);
    },
  );
});
