/**
 * What a request body must be before a handler runs, beyond its schema: of a media type the
 * operation takes (the schemas are per media type, so a body of another type would reach
 * the handler unchecked), present when the operation requires one, and free of NUL
 * characters, which PostgreSQL's text cannot hold. Each is a bad request, never a failure on
 * the server's side.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperationRules } from '../contract/operation-index.js';

import { msg } from '#words';
import { listOf } from '../i18n/i18n.js';
import { failureTexts } from './texts.js';

const bodyTypeTexts = {
  wrongType: msg({ message: 'The body must be sent as {types}.' }),
};
import { AppError, AppErrorCode } from '../errors/app-error.js';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value as Record<string, unknown>).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

function mediaTypeOf(request: FastifyRequest): string {
  return (
    String(request.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase() ?? ''
  );
}

export function installBodyGuard(app: FastifyInstance, rulesOf: (request: FastifyRequest) => OperationRules | undefined): void {
  app.addHook('preValidation', async (request) => {
    const rules = rulesOf(request);
    if (!rules || rules.bodyTypes.length === 0) return;
    const sent = request.body !== undefined && request.body !== null;
    if (!sent) {
      if (rules.bodyRequired) throw new AppError(AppErrorCode.InvalidInput, failureTexts.noBody);
      return;
    }
    if (!rules.bodyTypes.includes(mediaTypeOf(request)))
      throw new AppError(AppErrorCode.InvalidInput, bodyTypeTexts.wrongType, { values: { types: listOf(request.language, rules.bodyTypes, 'or') } });
  });
  app.addHook('preHandler', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query)) throw new AppError(AppErrorCode.InvalidInput, failureTexts.badRequest);
  });
}
