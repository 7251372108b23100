/**
 * The app's one API client: the SDK, with the signed-in user's token read from local storage
 * (where the auth flow keeps it) on every request. The SDK reads the XSRF-TOKEN cookie
 * itself and sends it back in X-XSRF-TOKEN.
 */
import { createFormsignClient } from '@formsign/sdk';
import { storageKeys } from '@formsign/machines';

export const api = createFormsignClient({
  token: () => window.localStorage.getItem(storageKeys.token),
});
