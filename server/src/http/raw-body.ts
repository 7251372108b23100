/**
 * The body exactly as received, for the one call whose sender signs it (Stripe's events: the
 * signature is of the bytes sent, not of JSON parsed and written again). JSON is parsed as
 * everywhere else (fastify's own parser, which refuses `__proto__` and `constructor`); the
 * raw text is kept only on the requests of the paths named.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's text as received, on the routes that keep it (`keepRawJsonBody`). */
    rawBody?: string;
  }
}

export function keepRawJsonBody(app: FastifyInstance, paths: readonly string[]): void {
  const keep = new Set(paths);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (keep.has(request.routeOptions.url ?? '')) request.rawBody = String(body);
    void parseJson(request, String(body), done);
  });
}
