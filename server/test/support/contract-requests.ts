/**
 * Requests made from the contract itself, for suites that call every operation: the first
 * named example of an operation's request body (or an empty body when it has none; a
 * multipart example's fields go as text), its
 * required query parameters from their examples, and the caller's own token where the
 * contract repeats it in a form field.
 */
import { loadDocument, operationsOf, resolveRef, type MediaType, type OperationEntry, type ParameterObject } from '@formsign/openapi';
import type { CallOptions } from './test-server.js';

export const document = loadDocument();
export const operationEntries: OperationEntry[] = operationsOf(document);

export interface ContractRequest {
  operationId: string;
  path: string;
  call: CallOptions;
}

function firstExample(media: MediaType | undefined): unknown {
  const example = Object.values(media?.examples ?? {})[0];
  return example ? resolveRef(document, example).value : undefined;
}

/** A multipart body of text fields. */
export function multipart(fields: Record<string, string>): { payload: string; contentType: string } {
  const boundary = '----formsign-test-boundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function contractRequest(entry: OperationEntry, token: string | null): ContractRequest {
  const { operation, method, path } = entry;
  const call: CallOptions = { method: method.toUpperCase() as CallOptions['method'], token };
  const query = (operation.parameters ?? [])
    .map((parameter) => resolveRef<ParameterObject & { example?: unknown }>(document, parameter))
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.example ?? 1))}`);
  if (query.length) call.query = query.join('&');

  const content = operation.requestBody?.content ?? {};
  if (content['application/json']) {
    call.body = firstExample(content['application/json']) ?? {};
  } else if (content['application/x-www-form-urlencoded']) {
    const field = operation['x-form-token'] ?? 'token';
    call.payload = `${field}=${encodeURIComponent(token ?? 'none')}`;
    call.contentType = 'application/x-www-form-urlencoded';
  } else if (content['multipart/form-data']) {
    const example = firstExample(content['multipart/form-data']) as Record<string, string> | undefined;
    const form = multipart(
      example ?? {
        function: 'subtitle',
        data: JSON.stringify({
          video: '/media/tutorials/welcome.mp4',
          label: 'English',
          srclang: 'en',
          vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello',
        }),
      },
    );
    call.payload = form.payload;
    call.contentType = form.contentType;
  }
  return { operationId: operation.operationId, path, call };
}
