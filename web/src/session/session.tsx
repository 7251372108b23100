/**
 * The session: the auth machine (section 4), started once for the whole app with the
 * browser's local storage and the SDK's login and logout calls. Components read it with
 * `useViewer()` and `useSession()`; nothing copies it into React state.
 */
import { authMachine, fromRequest, storageKeys, type LoggedInUser } from '@formsign/machines';
import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { api } from '../api/client.ts';
import { inspectOption } from './inspection.ts';

const sessionLogic = authMachine.provide({
  actors: {
    login: fromRequest((input, options) => api.auth.login(input, options)),
    logout: fromRequest((_input: unknown, options) => api.auth.logout(options)),
  },
});

const Session = createActorContext(sessionLogic);

export function SessionProvider({ children }: { children: ReactNode }) {
  return <Session.Provider options={{ input: { storage: window.localStorage }, ...inspectOption() }}>{children}</Session.Provider>;
}

/** The signed-in user, or null. */
export function useViewer(): LoggedInUser | null {
  return Session.useSelector((snapshot) => snapshot.context.user);
}

export const useSessionSelector = Session.useSelector;
export const useSessionActor = Session.useActorRef;

/** Where a person goes once signed in: the address they first asked for, else the login's `url`, else the dashboard. */
export function takeNextAddress(redirect: string | null): string {
  const stored = window.localStorage.getItem(storageKeys.surl);
  window.localStorage.removeItem(storageKeys.surl);
  const candidate = stored || redirect || '';
  // Only paths of this app: never an absolute URL or a protocol-relative one.
  return candidate.startsWith('/') && !candidate.startsWith('//') ? candidate : '/dashboard';
}

/** Remembers the address a signed-out visitor asked for (`surl`, section 9). */
export function rememberAddress(address: string): void {
  window.localStorage.setItem(storageKeys.surl, address);
}

/** The role shown beside the user's name in the top bar. */
export function roleLabel(user: LoggedInUser): string {
  if (user.isSuper) return 'Super User';
  if (user.isPersonal) return 'Personal';
  if (user.isAdmin) return 'Administrator';
  return 'Basic User';
}
