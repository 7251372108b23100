/**
 * One tenant's case as a person may read it: a tenant they may see (another company's, or a
 * case beyond what they hold, is not found), with the forms filed on it that they may see.
 */
import type { Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { findTenant, formsOfTenant, type TenantRecord } from './repository.js';

export interface TenantCase {
  found: TenantRecord;
  filed: Awaited<ReturnType<typeof formsOfTenant>>;
}

export async function tenantCase(db: Database, principal: Principal, id: number): Promise<TenantCase> {
  const found = await findTenant(db, principal, id);
  if (!found) throw notFound();
  const filed = await formsOfTenant(db, principal, found.tenant.id);
  return { found, filed };
}
