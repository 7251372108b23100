/**
 * The app's one API client: the SDK's areas on one transport, with the signed-in user's token read from local storage
 * (where the auth flow keeps it) on every request. The SDK reads the XSRF-TOKEN cookie
 * itself and sends it back in X-XSRF-TOKEN. When a call that carried a token is answered
 * 401, the server no longer knows the session: the listeners (the session) are told.
 */
import { accountApi, authApi, createTransport, stringsApi, tutorialsApi, type Transport } from '@formsign/sdk';
import { storageKeys } from '@formsign/machines';

type RejectedListener = (message: string | undefined) => void;
const rejectedListeners = new Set<RejectedListener>();

/** Calls `listener` whenever the server refuses the session's token; answers the unsubscribe. */
export function onSessionRejected(listener: RejectedListener): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}

async function watchedFetch(request: Request): Promise<Response> {
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

/**
 * The calls of the shell and the sign-in pages, which load with the login page. Every other area
 * of the SDK is made where its pages use it (`area(templatesApi)`), so that it loads with them.
 */
export const api = {
  transport,
  auth: authApi(transport),
  account: accountApi(transport),
  strings: stringsApi(transport),
  tutorials: tutorialsApi(transport),
};

const areas = new Map<unknown, unknown>();

/** An area of the SDK on the app's transport, made once. */
export function area<Area>(make: (transport: Transport) => Area): Area {
  if (!areas.has(make)) areas.set(make, make(transport));
  return areas.get(make) as Area;
}
