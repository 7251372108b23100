/**
 * The language of a request: its `Accept-Language` header, which the web app sets to the
 * language it shows (an API client may set it; without it, English). Read when first asked
 * for (`request.language`): the header's parse is kept per header value, so a browser that
 * sends the same header on every call costs one lookup, and a request that says nothing costs
 * nothing. The error renderer, the handlers (`HandlerRequest.language`) and the refusal bodies
 * say their texts in it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageOfHeader, type Language } from '../i18n/i18n.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request's answer is said in. */
    readonly language: Language;
  }
}

/** Headers seen, with their language; emptied when full, so that odd headers cannot grow it without end. */
const seen = new Map<string, Language>();
const mostSeen = 500;

/** The language of an `Accept-Language` header's value (English when there is none). */
export function languageOfAcceptLanguage(header: string | string[] | undefined): Language {
  if (header === undefined || header === '') return 'en';
  const value = Array.isArray(header) ? header.join(',') : header;
  let language = seen.get(value);
  if (language === undefined) {
    language = languageOfHeader(value.slice(0, 1000));
    if (seen.size >= mostSeen) seen.clear();
    seen.set(value, language);
  }
  return language;
}

/** The language of a request, whether or not `request.language` was installed (a bare Fastify in a test). */
export function languageOfRequest(request: Pick<FastifyRequest, 'headers'>): Language {
  return languageOfAcceptLanguage(request.headers['accept-language']);
}

/** Gives every request its `language`, read from its header when first asked for. */
export function installRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return languageOfRequest(this);
    },
  });
}
