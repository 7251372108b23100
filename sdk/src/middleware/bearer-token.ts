import { headMiddleware, type HeadMiddleware } from './head-middleware.js';

/**
 * Sends `Authorization: Bearer <token>` when the token source has a token. The source is
 * asked on every request, so the app can hand it its store; a header set for the call wins.
 */
export function bearerToken(token: () => string | null | undefined): HeadMiddleware {
  return headMiddleware(({ headers }) => {
    const value = token();
    if (value && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${value}`);
  });
}
