/**
 * The Case management operations: the company's tenants, one tenant's case with the forms
 * filed on it, and the people who work cases. Designed where the specification is silent: a
 * tenant's open cases are the forms on their case still waiting for someone (sent, in
 * progress, awaiting approval, disapproved); a caseworker's cases are the tenants they hold.
 * An administrator of the company reads every case; a basic user the cases they hold as
 * caseworker, with the forms on it they may see (personal administrators have no case
 * management). Another company's tenant, or a case beyond that, is not found.
 */
import type { Person, TenantSummary } from '@formsign/sdk/contract';
import { displayNameOf } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { caseworkers, listTenants, type TenantRecord } from './repository.js';
import { tenantCase } from './tenant-case.js';

type CasesHandlers = Pick<Handlers, 'listTenants' | 'getTenant' | 'listPeople'>;

function summaryOf({ tenant, caseworker, openCases }: TenantRecord): TenantSummary {
  return {
    id: tenant.id,
    name: tenant.name,
    address: tenant.address,
    caseworker: caseworker ? displayNameOf(caseworker) : '',
    status: tenant.status,
    open_cases: openCases,
    updated_at: tenant.updatedAt.toISOString(),
  };
}

export function casesHandlers(ctx: Pick<ServerContext, 'db'>): CasesHandlers {
  return {
    async listTenants({ principal }) {
      return { data: (await listTenants(ctx.db, principal)).map(summaryOf) };
    },
    async getTenant({ principal, body }) {
      const { found, filed } = await tenantCase(ctx.db, principal, body.id);
      const { tenant } = found;
      return {
        ...summaryOf(found),
        phone: tenant.phone,
        email: tenant.email,
        opened_at: tenant.openedAt,
        notes: tenant.notes,
        forms: filed.map((form) => ({
          id: form.id,
          reference: form.reference,
          title: form.title,
          status: form.status,
          updated_at: form.updatedAt.toISOString(),
        })),
      };
    },
    async listPeople({ principal }) {
      const people = await caseworkers(ctx.db, principal.companyId);
      return {
        data: people.map((person): Person => ({
          id: person.id,
          name: displayNameOf(person),
          email: person.email,
          role: person.jobTitle || person.class,
          cases: person.cases,
        })),
      };
    },
  };
}
