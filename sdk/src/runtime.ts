/**
 * What the SDK reads of the runtime it runs in, looked up when a request is made (never at
 * import time) and without naming the DOM's globals, so its sources compile with the DOM
 * library or with Node's types alike.
 */
interface BrowserGlobals {
  document?: { cookie?: unknown };
  navigator?: { onLine?: unknown };
  location?: { href?: unknown };
}

const runtime = globalThis as unknown as BrowserGlobals;

/** `document.cookie`, or undefined where there is no document (Node). */
export function documentCookie(): string | undefined {
  const cookie = runtime.document?.cookie;
  return typeof cookie === 'string' ? cookie : undefined;
}

/** Whether a browser says it is offline (`navigator.onLine === false`); never in Node. */
export function navigatorOffline(): boolean {
  return runtime.navigator?.onLine === false;
}

/** The page's address, which relative URLs resolve against; undefined outside a page (Node, workers without one). */
export function pageAddress(): string | undefined {
  const href = runtime.location?.href;
  return typeof href === 'string' ? href : undefined;
}
