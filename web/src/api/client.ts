/**
 * The app's one API client: the SDK's areas on one transport, with the signed-in user's token read from local storage
 * (where the auth flow keeps it) on every request. The SDK reads the XSRF-TOKEN cookie
 * itself and sends it back in X-XSRF-TOKEN. When a call that carried a token is answered
 * 401, the server no longer knows the session: the listeners (the session) are told.
 *
 * Every call asks the server to answer in the language shown (`Accept-Language`), and a
 * failure's text is said in it: the server's own texts come back in it, and the contract's,
 * which the SDK words a failure with in English, are said here (`sayText`).
 */
import { ApiError, authApi, createTransport, isApiError, stringsApi, type Transport } from '@formsign/sdk';
import { storageKeys } from '@formsign/machines';
import { wantedLanguage } from '../i18n/i18n.ts';
import { sayText } from '../i18n/say-text.ts';

type RejectedListener = (message: string | undefined) => void;
const rejectedListeners = new Set<RejectedListener>();

/** Calls `listener` whenever the server refuses the session's token; answers the unsubscribe. */
export function onSessionRejected(listener: RejectedListener): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}

async function watchedFetch(request: Request): Promise<Response> {
  request.headers.set('accept-language', wantedLanguage());
  const response = await globalThis.fetch(request);
  if (response.status === 401 && request.headers.has('authorization')) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const message =
      typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : undefined;
    for (const listener of rejectedListeners) listener(message);
  }
  return response;
}

const transport = createTransport({
  fetch: watchedFetch,
  token: () => window.localStorage.getItem(storageKeys.token),
});

/** A failure whose text is said in the language shown. */
function toldInLanguage(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const message = sayText(error.message);
  return message === error.message
    ? error
    : new ApiError({ kind: error.kind, status: error.status, code: error.code, body: error.body, cause: error.cause, message });
}

/** An area of the SDK whose calls' failures are said in the language shown. */
function inLanguage<Area extends object>(made: Area): Area {
  const calls = Object.entries(made).map(([name, call]: [string, unknown]) => [
    name,
    typeof call === 'function'
      ? (...args: unknown[]) => {
          const answer: unknown = call.apply(made, args);
          return answer instanceof Promise
            ? answer.catch((error: unknown) => {
                throw toldInLanguage(error);
              })
            : answer;
        }
      : call,
  ]);
  return Object.fromEntries(calls) as Area;
}

/**
 * The calls of the shell and the sign-in pages, which load with the login page (sign-in, and the
 * organisation's strings). Every other area
 * of the SDK is made where its pages use it (`area(templatesApi)`), so that it loads with them.
 */
export const api = {
  transport,
  auth: inLanguage(authApi(transport)),
  strings: inLanguage(stringsApi(transport)),
};

const areas = new Map<unknown, unknown>();

/** An area of the SDK on the app's transport, made once. */
export function area<Area extends object>(make: (transport: Transport) => Area): Area {
  if (!areas.has(make)) areas.set(make, inLanguage(make(transport)));
  return areas.get(make) as Area;
}
