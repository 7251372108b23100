import type { Middleware } from 'openapi-fetch';

/** What the SDK's own middleware read and change of a request: its method and its headers. */
export interface RequestHead {
  readonly method: string;
  readonly headers: Headers;
}

/**
 * A middleware that only edits a request's headers. It is an openapi-fetch middleware (for
 * `client.raw`) and also offers `editHead`, which the friendly layer's direct calls use on
 * headers they have not turned into a `Request` yet.
 */
export type HeadMiddleware = Middleware & {
  editHead(head: RequestHead): void;
};

export function headMiddleware(editHead: (head: RequestHead) => void): HeadMiddleware {
  return {
    editHead,
    onRequest({ request }) {
      editHead(request);
      return undefined;
    },
  };
}
