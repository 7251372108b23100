/**
 * Failures as the contract shapes them: the one place that renders an `AppError` (and every
 * other failure) into an answer.
 *
 * - A refusal that names an application code the operation has (`x-codes`) answers 200 with
 *   that code: `{ code, message }`, or the operation's own refusal body where its success
 *   body asks for more (a login's empty token, a list's current rows), which the operation's
 *   area declares beside its handlers (`RefusalBodies`).
 * - Any other `AppError` answers its status with the operation's failure body for that
 *   status: `{ message }`, `{ error }` for account saves, or `{ data: null, error }` for
 *   signing, and `Retry-After` when waiting lifts it.
 * - A request the contract's validation refused is a bad request naming the fields; an id too
 *   large for the database (the contract gives ids a minimum, not a maximum) is a bad request;
 *   Fastify's own refusals (a body that is not JSON, too large) are bad requests in the
 *   contract's words.
 * - Anything unexpected answers 500 without a message, so that the product shows its own
 *   catalogue text, and is logged with its detail.
 *
 * Every text is said here in the language of the request (`Accept-Language`, `language.ts`):
 * a refusal's words with their values, a text held as English (a contract's) found in the
 * catalogue.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '@formsign/sdk/contract';
import type { HandlerRequest, OkOf } from '../contract/handler-types.js';
import type { FailureShape, OperationRules } from '../contract/operation-index.js';
import { isOutOfRange } from '../db/errors.js';
import { AppError, AppErrorCode, refusalText } from '../errors/app-error.js';
import { filled, type Words } from '../i18n/words.js';
import { languageOfRequest } from './language.js';
import { failureTexts } from './texts.js';

export const notFound = (message: string | Words = failureTexts.notFound): AppError => new AppError(AppErrorCode.NotFound, message);
export const badRequest = (message: string | Words = failureTexts.badRequest): AppError => new AppError(AppErrorCode.InvalidInput, message);
export const forbidden = (message: string | Words = failureTexts.forbidden): AppError => new AppError(AppErrorCode.Forbidden, message);
export const unauthorized = (message: string | Words = failureTexts.unauthorized): AppError => new AppError(AppErrorCode.Unauthorized, message);

/**
 * An operation's answer to a refusal with an application code, where `{ code, message }` is
 * not its whole success body. Declared by the area that owns the operation, beside its handlers.
 */
export type RefusalBody<K extends OperationId> = (
  refusal: { code: number; message: string },
  request: HandlerRequest<K>,
) => OkOf<K> | Promise<OkOf<K>>;
export type RefusalBodies = { [K in OperationId]?: RefusalBody<K> };

/** The body of a failure, in the shape the operation gives that status. */
export function failureBody(rules: OperationRules | undefined, status: number, message: string): Record<string, unknown> {
  // A refusal answered 200 without an application code (a signing step that cannot be taken
  // now) is worded as the operation words a bad request: `{ data: null, error }` for signing.
  const shape: FailureShape | undefined = (status === 200 ? undefined : rules?.failureShapes[String(status)]) ?? rules?.failureShapes['400'];
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

/**
 * The answer to a refusal the operation gives an application code, or null when it is not
 * one (it is then rendered as an HTTP failure by the error handler).
 */
export async function refusalAnswer<K extends OperationId>(
  error: unknown,
  rules: OperationRules | undefined,
  bodies: RefusalBodies,
  request: HandlerRequest<K>,
): Promise<OkOf<K> | null> {
  if (!(error instanceof AppError) || error.appCode === undefined || !rules?.appCodes.has(error.appCode)) return null;
  const refusal = { code: Number(error.appCode), message: refusalText(error, request.language) };
  if (error.detail) request.raw.log.info({ code: error.code, appCode: error.appCode, detail: error.detail }, 'refused');
  const body = bodies[rules.operationId] as RefusalBody<K> | undefined;
  return body ? body(refusal, request) : (refusal as OkOf<K>);
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
    if (issue.keyword === 'additionalProperties' && typeof issue.params['additionalProperty'] === 'string')
      segments.push(issue.params['additionalProperty']);
    const [first, ...rest] = segments;
    if (first === undefined) return part === 'body' ? 'the body' : (part ?? 'the request');
    return first + rest.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : part === 'querystring' ? `[${segment}]` : `.${segment}`)).join('');
  });
  return [...new Set(names)];
}

function sendAppError(reply: FastifyReply, request: FastifyRequest, rules: OperationRules | undefined, error: AppError): FastifyReply {
  if (error.code === AppErrorCode.Internal) request.log.error({ err: error }, 'request failed');
  else if (error.detail) request.log.info({ code: error.code, detail: error.detail }, 'refused');
  if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  return reply.status(error.status).send(failureBody(rules, error.status, refusalText(error, languageOfRequest(request))));
}

export function installErrorHandling(app: FastifyInstance, rulesOf: (request: FastifyRequest) => OperationRules | undefined): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const rules = rulesOf(request);
    if (error instanceof AppError) return sendAppError(reply, request, rules, error);
    if (error.validation) {
      const fields = offendingFields(error.validation as ValidationIssue[], error.validationContext);
      return sendAppError(reply, request, rules, badRequest(filled(failureTexts.badFields, { fields: fields.join(', ') })));
    }
    if (isOutOfRange(error)) return sendAppError(reply, request, rules, badRequest());
    const status = error.statusCode ?? 500;
    if (status === 429) return sendAppError(reply, request, rules, new AppError(AppErrorCode.TooManyRequests, failureTexts.tooManyRequests));
    // Fastify's own refusals (a body that is not JSON, too large, of a type not accepted).
    if (status === 413) return sendAppError(reply, request, rules, new AppError(AppErrorCode.TooLarge, failureTexts.tooLarge));
    if (status >= 400 && status < 500) return sendAppError(reply, request, rules, badRequest());
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failureBody(rules, 500, ''));
  });
}
