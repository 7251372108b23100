/**
 * What the login page offers for a typed name or an organisation: "Sign in with <provider>"
 * when the organisation has one on. A name no one has is answered as a name whose organisation
 * has no provider, in the same shape and after the same queries' worth of work; what a name
 * does reveal (that it belongs to an organisation with a provider) is what the button itself
 * shows, and the call is rate-limited per address.
 */
import type { SingleSignOnLookup, SingleSignOnOffer } from '@formsign/sdk/contract';
import type { Database } from '../../db/database.js';
import { findByLogin } from '../users/repository.js';
import { findSsoProvider } from './repository.js';

const notOffered: SingleSignOnOffer = { offered: false, display_name: null, required: false, organisation: null };

export async function lookUpSingleSignOn(db: Database, lookup: SingleSignOnLookup): Promise<SingleSignOnOffer> {
  let companyId = lookup.organisation ?? null;
  if (companyId === null && lookup.name?.trim()) {
    const user = await findByLogin(db, lookup.name);
    companyId = user?.companyId ?? null;
  }
  // The provider is read either way, so an unknown name costs the same as a known one.
  const provider = await findSsoProvider(db, companyId ?? 0);
  if (!provider?.enabled) return notOffered;
  return { offered: true, display_name: provider.displayName, required: provider.required, organisation: provider.companyId };
}
