/**
 * Who grants envelopes: a super user of the instance's own organisation (the first, made at
 * first start). A super user of another organisation does not, or any organisation could give
 * itself envelopes. Granting, listing the organisations to grant to, and the account's
 * `grants_envelopes` all ask here.
 */
import type { Principal } from '../../auth/principal.js';
import { instanceCompanyId } from '../../companies/repository.js';
import type { Database } from '../../db/database.js';

export async function grantsEnvelopes(db: Database, principal: Pick<Principal, 'role' | 'companyId'>): Promise<boolean> {
  return principal.role === 'super' && principal.companyId === (await instanceCompanyId(db));
}
