/**
 * The login page's single sign-on: whether the typed name's organisation (or the one in the
 * address, `?organisation=`) offers "Sign in with <provider>", asked once typing pauses; and
 * the words of each reason the provider's sign-in came back refused (`?sso_error=`). Only the
 * names in this table are shown: the address cannot make the page say anything else.
 */
import type { SingleSignOnOffer } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';

export const singleSignOnFailures: Readonly<Record<string, MessageDescriptor>> = {
  'not-offered': msg`Your organisation does not offer signing in with its provider. Log in with your password.`,
  'provider-unreachable': msg`Your organisation’s sign-in provider could not be reached. Please try again in a minute, or ask your administrator.`,
  expired: msg`The sign-in with your organisation’s provider took too long, or was started in another browser. Please try again.`,
  'refused-by-provider': msg`Your organisation’s sign-in provider did not sign you in.`,
  'not-confirmed': msg`Your organisation’s sign-in provider did not confirm this email address.`,
  'no-account': msg`There is no formsign account for this email address in your organisation. Ask your administrator to invite you.`,
  'other-organisation': msg`This email address belongs to an account of another organisation, which cannot be signed in here.`,
  blocked: msg`Your account or this device has been blocked. Please contact your administrator.`,
  'super-user': msg`The site’s super users sign in with their password, not with an organisation’s provider.`,
  failed: msg`The sign-in with your organisation’s provider could not be completed. Please try again.`,
};

/** The words of a refusal named in the address, or null for a name that is not one. */
export function singleSignOnFailure(reason: string | null): MessageDescriptor | null {
  return reason && Object.hasOwn(singleSignOnFailures, reason) ? (singleSignOnFailures[reason] ?? null) : null;
}

/** How long typing must pause before the name is asked about. */
export const lookupPauseMs = 400;

/** What is offered for the typed name (or the organisation); null until known, or when the question failed. */
export function useSingleSignOnOffer(name: string, organisation: number | null): SingleSignOnOffer | null {
  const typed = name.trim();
  const key = typed ? `name:${typed}` : organisation !== null ? `organisation:${organisation}` : '';
  // The answer is kept with the question it answers: a changed name shows nothing until its own answer.
  const [answer, setAnswer] = useState<{ key: string; offer: SingleSignOnOffer | null }>({ key: '', offer: null });
  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => {
        api.auth
          .singleSignOn(typed ? { name: typed } : { organisation: organisation ?? 0 }, { signal: controller.signal })
          .then((offer) => setAnswer({ key, offer }))
          // Not knowing leaves the password sign-in as it is.
          .catch(() => setAnswer({ key, offer: null }));
      },
      typed ? lookupPauseMs : 0,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, typed, organisation]);
  return key && answer.key === key ? answer.offer : null;
}
