/**
 * The Case management operations: the company's tenants, one tenant's case with the forms
 * filed on it and its notes, the people who work cases; opening and changing a case
 * (`save-tenant.ts`), noting it (`add-tenant-note.ts`) and filing a form on it
 * (`file-form-on-case.ts`). Designed where the specification is silent: a tenant's open
 * cases are the forms on their case still waiting for someone (sent, in progress, awaiting
 * approval, disapproved); a caseworker's cases are the tenants they hold. An administrator
 * of the company reads every case; a basic user the cases they hold as caseworker, with the
 * forms on it they may see (personal administrators have no case management). Another
 * company's tenant, or a case beyond that, is not found.
 */
import type { Person, Tenant, TenantSummary } from '@formsign/sdk/contract';
import { displayNameOf, type Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { addTenantNote } from './add-tenant-note.js';
import { fileFormOnCase } from './file-form-on-case.js';
import { caseworkers, listTenants, notesOfTenant, type TenantRecord } from './repository.js';
import { saveTenant } from './save-tenant.js';
import { tenantCase } from './tenant-case.js';

type CasesHandlers = Pick<Handlers, 'listTenants' | 'getTenant' | 'listPeople' | 'saveTenant' | 'addTenantNote' | 'fileFormOnCase'>;

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

/** One case as `/get-tenant` answers it. */
async function tenantAnswer(db: ServerContext['db'], principal: Principal, id: number): Promise<Tenant> {
  const { found, filed } = await tenantCase(db, principal, id);
  const { tenant } = found;
  const notes = await notesOfTenant(db, tenant.id);
  return {
    ...summaryOf(found),
    phone: tenant.phone,
    email: tenant.email,
    opened_at: tenant.openedAt,
    notes: tenant.notes,
    caseworker_id: tenant.caseworkerId,
    case_notes: notes.map((note) => ({ id: note.id, author: note.author, text: note.text, at: note.at.toISOString() })),
    forms: filed.map((form) => ({
      id: form.id,
      reference: form.reference,
      title: form.title,
      status: form.status,
      updated_at: form.updatedAt.toISOString(),
    })),
  };
}

export function casesHandlers(ctx: Pick<ServerContext, 'db' | 'now'>): CasesHandlers {
  return {
    async listTenants({ principal }) {
      return { data: (await listTenants(ctx.db, principal)).map(summaryOf) };
    },
    getTenant: ({ principal, body }) => tenantAnswer(ctx.db, principal, body.id),
    async saveTenant({ principal, body, ip, userAgent }) {
      const id = await saveTenant(ctx, principal, body, { ip, userAgent });
      return tenantAnswer(ctx.db, principal, id);
    },
    async addTenantNote({ principal, body, ip, userAgent }) {
      await addTenantNote(ctx, principal, body, { ip, userAgent });
      return tenantAnswer(ctx.db, principal, body.tenant);
    },
    fileFormOnCase: ({ principal, body, ip, userAgent }) => fileFormOnCase(ctx, principal, body, { ip, userAgent }),
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
