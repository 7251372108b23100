/**
 * The session: the auth machine (log in, log out, the stored token), started once for the whole app with the
 * browser's local storage and the SDK's login and logout calls. Components read it with
 * `useViewer()` and `useSession()`; nothing copies it into React state.
 */
import type { LoggedInUser } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { authMachine, fromRequest } from '@formsign/machines';
import { createActorContext } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { api, onSessionRejected } from '../api/client.ts';
import { keepAccountChoice } from '../shell/languages.ts';
import { inspectOption } from './inspection.ts';

/** A sign-in's answer, whose person's own language (when they chose one) becomes this browser's choice. */
function keepingLanguage<Result extends { body: { language?: string | null } }>(answer: Promise<Result>): Promise<Result> {
  return answer.then((result) => {
    keepAccountChoice(result.body.language);
    return result;
  });
}

const sessionLogic = authMachine.provide({
  actors: {
    login: fromRequest((input, options) => keepingLanguage(api.auth.login(input, options))),
    verifySecondFactor: fromRequest((input, options) => keepingLanguage(api.auth.verifySecondFactor(input, options))),
    // In a browser the refresh token is the HttpOnly cookie the login set.
    refresh: fromRequest((_input: unknown, options) => api.auth.refresh(null, options)),
    logout: fromRequest((_input: unknown, options) => api.auth.logout(options)),
  },
});

const Session = createActorContext(sessionLogic);

/** Tells the session when the server refuses its token (a call answered 401). */
function SessionRejection() {
  const session = Session.useActorRef();
  useEffect(() => onSessionRejected((message) => session.send({ type: 'auth.expired', ...(message ? { message } : {}) })), [session]);
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <Session.Provider options={{ input: { storage: window.localStorage }, ...inspectOption() }}>
      <SessionRejection />
      {children}
    </Session.Provider>
  );
}

/** Whether the session is still being resumed (an expired token being renewed on start). */
export function useSessionResuming(): boolean {
  return Session.useSelector((snapshot) => snapshot.matches('resuming'));
}

/** The signed-in user, or null. */
export function useViewer(): LoggedInUser | null {
  return Session.useSelector((snapshot) => snapshot.context.user);
}

export const useSessionSelector = Session.useSelector;
export const useSessionActor = Session.useActorRef;

const roles = { super: msg`Super User`, personal: msg`Personal`, admin: msg`Administrator`, basic: msg`Basic User` };

/** The role shown beside the user's name in the top bar. */
export function roleLabel(user: LoggedInUser): MessageDescriptor {
  if (user.isSuper) return roles.super;
  if (user.isPersonal) return roles.personal;
  if (user.isAdmin) return roles.admin;
  return roles.basic;
}
