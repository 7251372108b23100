/**
 * The HTTP edges of the server: request rate limits (429 with Retry-After, in the contract's
 * shape), security headers on every answer, the failure texts the contract gives, and the
 * binding of every operation to a handler.
 */
import { describe, expect, it } from 'vitest';
import { loadDocument, resolveRef, type ResponseObject } from '@formsign/openapi';
import { checkHandlers } from '../src/app.js';
import { createHandlers } from '../src/handlers.js';
import { indexOperations } from '../src/contract/operation-index.js';
import { failureTexts } from '../src/http/texts.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer({ rateLimits: { login: { max: 3, timeWindow: 60_000 }, forgotPassword: { max: 2, timeWindow: 60_000 } } });

describe('request rate limits', () => {
  it('answer the fourth login in a minute from one address with 429 and Retry-After', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 3; i += 1)
      expect((await server.call('/login', { ip, body: { name: 'x', password: 'y', challenge: false } })).status).toBe(200);
    const refused = await server.call('/login', { ip, body: { name: 'x', password: 'y', challenge: false } });
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many requests. Please wait a minute and try again.' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await server.call('/login', { ip: '192.0.2.11', body: { name: 'x', password: 'y', challenge: false } })).status).toBe(200);
  });
});

describe('every answer', () => {
  it('carries nosniff, a Referrer-Policy, no framing and a restrictive CSP', async () => {
    const answer = await server.call('/get-strings', { query: 'cid=1' });
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("answers an unknown call with 404 in the contract's shape", async () => {
    const answer = await server.call('/no-such-call', { method: 'GET' });
    expect(answer).toMatchObject({ status: 404, body: { message: 'There is no such call.' } });
  });
});

describe('the failure texts', () => {
  it("are the contract's own examples of each failure", () => {
    const document = loadDocument();
    const example = (response: string, name: string) => {
      const declared = resolveRef<ResponseObject>(document, document.components.responses[response] ?? {});
      return (resolveRef(document, declared.content?.['application/json']?.examples?.[name] ?? {}).value as { message?: string }).message;
    };
    expect(failureTexts.badRequest.message).toBe(example('BadRequest', 'badRequest'));
    expect(failureTexts.unauthorized.message).toBe(example('Unauthorized', 'unauthorized'));
    expect(failureTexts.forbidden.message).toBe(example('Forbidden', 'forbidden'));
    expect(failureTexts.xsrf.message).toBe(example('Forbidden', 'unverified'));
    expect(failureTexts.notFound.message).toBe(example('NotFound', 'notFound'));
    expect(failureTexts.tooManyRequests.message).toBe(example('TooManyRequests', 'tooMany'));
  });
});

describe('binding the contract', () => {
  it('binds a handler to every operation of the document', () => {
    const index = indexOperations();
    expect(index.ids.length).toBeGreaterThanOrEqual(50);
    expect(() => checkHandlers(index, createHandlers(server.ctx))).not.toThrow();
  });

  it('refuses to start when an operation has no handler', () => {
    const index = indexOperations();
    const handlers = Object.fromEntries(index.ids.filter((id) => id !== 'listWorkflow').map((id) => [id, () => undefined]));
    expect(() => checkHandlers(index, handlers)).toThrow('No handler for 1 operation(s) of the contract: listWorkflow.');
  });
});
