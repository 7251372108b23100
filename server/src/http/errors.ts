/**
 * Failures as the contract shapes them. A handler throws `HttpError` (or a service throws
 * one); the error handler turns it, a validation failure, or anything unexpected into the
 * operation's failure body: `{ message }`, `{ error }` for account saves, or
 * `{ data: null, error }` for signing. An id too large for the database (the contract gives ids
 * a minimum, not a maximum) is a bad request. Unexpected errors answer 500 without a message, so the
 * product shows its own catalogue text, and are logged.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FailureShape, OperationRules } from '../contract/operation-index.js';
import { isOutOfRange } from '../db/errors.js';
import { failureTexts } from './texts.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers to send with it (`Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = failureTexts.notFound): HttpError => new HttpError(404, message);
export const badRequest = (message: string = failureTexts.badRequest): HttpError => new HttpError(400, message);

/** The body of a failure, in the shape the operation gives that status. */
export function failureBody(rules: OperationRules | undefined, status: number, message: string): Record<string, unknown> {
  const shape: FailureShape | undefined = rules?.failureShapes[String(status)] ?? rules?.failureShapes['400'];
  switch (shape) {
    case 'error':
      return { error: message };
    case 'signing':
      return { data: null, error: message };
    case 'message':
    case undefined:
      return message === '' ? {} : { message };
  }
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The fields a validation failure names: `email`, `users[2].email`, `filters[from]`. */
export function offendingFields(issues: readonly ValidationIssue[], part: string | undefined): string[] {
  const names = issues.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'required' && typeof issue.params['missingProperty'] === 'string') segments.push(issue.params['missingProperty']);
    if (issue.keyword === 'additionalProperties' && typeof issue.params['additionalProperty'] === 'string') segments.push(issue.params['additionalProperty']);
    const [first, ...rest] = segments;
    if (first === undefined) return part === 'body' ? 'the body' : (part ?? 'the request');
    return first + rest.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : part === 'querystring' ? `[${segment}]` : `.${segment}`)).join('');
  });
  return [...new Set(names)];
}

export function installErrorHandling(app: FastifyInstance, rulesOf: (request: FastifyRequest) => OperationRules | undefined): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const rules = rulesOf(request);
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send(failureBody(rules, error.status, error.message));
    }
    if (error.validation) {
      const fields = offendingFields(error.validation as ValidationIssue[], error.validationContext);
      const message = `${failureTexts.badRequest.slice(0, -1)}: ${fields.join(', ')}.`;
      return reply.status(400).send(failureBody(rules, 400, message));
    }
    if (isOutOfRange(error)) return reply.status(400).send(failureBody(rules, 400, failureTexts.badRequest));
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(failureBody(rules, 429, failureTexts.tooManyRequests));
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a body that is not JSON, too large, of a type not accepted)
      // are bad requests in the contract's words.
      const message = status === 413 ? 'The request is too large.' : failureTexts.badRequest;
      return reply.status(400).send(failureBody(rules, 400, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failureBody(rules, 500, ''));
  });
}
