import type { Middleware } from 'openapi-fetch';

/**
 * Sends `Authorization: Bearer <token>` when the token source has a token. The source is
 * asked on every request, so the app can hand it its store; a header set for the call wins.
 */
export function bearerToken(token: () => string | null | undefined): Middleware {
  return {
    onRequest({ request }) {
      const value = token();
      if (value && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${value}`);
      return undefined;
    },
  };
}
