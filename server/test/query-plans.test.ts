/**
 * Every list query is served by an index: its plan, read with sequential scans turned off
 * (so that one appears only where no index can serve the query), reads forms, recipients and
 * audit events through indexes, for an administrator and a basic user, with each sort and
 * filter. A change that loses an index, or writes a filter no index covers, fails here,
 * naming the query and the table, before a large organisation waits on it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.js';
import { listTotal } from '../src/db/list-filters.js';
import { formRecipients, prepopulationRecords, prepopulationSources, users } from '../src/db/schema.js';
import { organisationsToCount, pageOfOrganisations } from '../src/companies/repository.js';
import { countFormsToRemove, dueReminders, formsPastExpiry, formsToRemove, listCompleted, listWorkflow } from '../src/modules/forms/repository.js';
import { deliveredThrough, findDelivery, listDeliveries } from '../src/modules/integrations/repository.js';
import { findWebhookDelivery, listWebhookDeliveries, nextPending, subscriptionsTaking } from '../src/modules/webhooks/repository.js';
import { pageOfRecords, recordsToCount, searchTextOf } from '../src/modules/prepopulation/repository.js';
import { hasCopyIn } from '../src/modules/storage/repository.js';
import { formEventsOfKind } from '../src/audit/repository.js';
import { handedOnLink } from '../src/modules/forms/steps-repository.js';
import { formsWithCopiesDue } from '../src/modules/forms/completed-forms-repository.js';
import { formCounts, listBulkSends, pendingRows, unsentRows } from '../src/modules/bulk-send/repository.js';
import { createOrganisation, insertForm, insertTemplate } from './support/form-rows.js';
import { listCalls, type ListViewers } from './support/list-calls.js';
import { capturingDatabase, planOf, sequentialScans, type CapturedQuery, type CapturingDatabase } from './support/query-capture.js';
import { useTestServer } from './support/test-server.js';

const server = useTestServer();
const watched = new Set(['forms', 'form_recipients', 'audit_events', 'tenant_notes']);

let viewers: ListViewers;
let capture: CapturingDatabase;
let plansCompany = 0;
let sourceId = 0;

beforeAll(async () => {
  const db = server.ctx.db;
  const { companyId, adminId } = await createOrganisation(db, server.ctx.passwords, 'Plan Street Ltd', 'plans');
  const [basic] = await db.select({ id: users.id }).from(users).where(eq(users.name, 'plans.basic'));
  plansCompany = companyId;
  const templateId = await insertTemplate(db, companyId, 'Leave Request');
  const statuses = ['sent', 'in_progress', 'awaiting_approval', 'disapproved', 'completed', 'cancelled'] as const;
  for (let i = 0; i < 24; i += 1) {
    const status = statuses[i % statuses.length] ?? 'sent';
    const sentAt = new Date(Date.UTC(2026, 0, 1 + i));
    const formId = await insertForm(db, {
      companyId,
      templateId,
      reference: `PLN-${i}`,
      title: `Leave ${i}`,
      status,
      sentAt,
      completedAt: status === 'completed' ? sentAt : null,
    });
    await db.insert(formRecipients).values({
      formId,
      companyId,
      order: 1,
      action: 'sign',
      name: 'Bo Basic',
      email: 'basic@plans.example',
      userId: i % 2 === 0 ? (basic?.id ?? null) : null,
      status: status === 'completed' ? 'signed' : 'open',
      pageId: `plans-page-${i}`,
      tokenHash: `plans-token-${i}`,
    });
  }
  const principal = (userId: number, role: 'admin' | 'basic'): Principal => ({
    userId,
    companyId,
    companyName: 'Plan Street Ltd',
    sessionId: 'plans',
    apiKey: null,
    deviceId: null,
    name: `plans.${role}`,
    displayName: role,
    email: `${role}@plans.example`,
    admin: role === 'admin',
    personal: false,
    isSuper: false,
    role,
  });
  viewers = { admin: principal(adminId, 'admin'), basic: principal(basic?.id ?? 0, 'basic'), templateId, deepPage: 200, pageSize: 1 };
  const [source] = await db
    .insert(prepopulationSources)
    .values({ companyId, name: 'Residents', templateId, headers: ['Ref', 'Name'], reference: 'Ref' })
    .returning({ id: prepopulationSources.id });
  sourceId = source?.id ?? 0;
  await db.insert(prepopulationRecords).values(
    Array.from({ length: 40 }, (_, i) => {
      const values = { Ref: `R-${i}`, Name: `Resident ${i}` };
      return { sourceId, oid: values.Ref, values, searchText: searchTextOf(values) };
    }),
  );
  capture = capturingDatabase(server.database);
});

afterAll(async () => {
  await capture?.close();
});

describe('the plans of the list queries', () => {
  it('read forms, recipients and audit events through indexes, whatever the sort, filter or person', async () => {
    const found: string[] = [];
    let queries = 0;
    for (const call of listCalls(viewers)) {
      await call.run(capture.db);
      for (const query of capture.take()) {
        queries += 1;
        const plan = await planOf(capture.db, query, { noSeqScan: true });
        for (const table of sequentialScans(plan).filter((name) => watched.has(name))) {
          found.push(`${call.name}: a sequential scan of ${table} in\n${query.sql}\n${plan}`);
        }
      }
    }
    expect(queries).toBeGreaterThan(100);
    expect(found).toEqual([]);
  }, 120_000);

  it("read a data source's records through indexes, searched or not, deep in the list", async () => {
    const found: string[] = [];
    for (const words of [null, 'resident 1']) {
      for (const page of [1, 200]) {
        // One row a page: any page with a row is full, so each is counted too (`listTotal`).
        const request = { page, limit: 1, countCap: 1_000 };
        const rows = await pageOfRecords(capture.db, sourceId, words, request);
        await listTotal(capture.db, recordsToCount(capture.db, sourceId, words), request, rows.length);
      }
    }
    const queries = capture.take();
    expect(queries.length).toBe(8);
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      if (sequentialScans(plan).includes('prepopulation_records')) found.push(`${query.sql}\n${plan}`);
    }
    expect(found).toEqual([]);
  });

  it("read the site's organisations, searched by name or email or not, deep in the list, through indexes", async () => {
    const found: string[] = [];
    for (const words of [null, 'harbour']) {
      for (const page of [1, 200]) {
        // One row a page: any page with a row is full, so each is counted too (`listTotal`).
        const request = { page, limit: 1, countCap: 1_000 };
        const rows = await pageOfOrganisations(capture.db, words, request);
        await listTotal(capture.db, organisationsToCount(capture.db, words), request, rows.length);
      }
    }
    const queries = capture.take();
    expect(queries.length).toBe(8);
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      if (sequentialScans(plan).includes('companies')) found.push(`${query.sql}\n${plan}`);
      if (/ilike/i.test(query.sql)) expect(plan, query.sql).toContain('companies_search_idx');
    }
    expect(found).toEqual([]);
  });

  it("find a form's copy saved to Documents when it was sealed through an index", async () => {
    await hasCopyIn(capture.db, 1, 'Completed forms/Leave Request');
    const [query] = capture.take();
    if (!query) throw new Error('No query was made.');
    const plan = await planOf(capture.db, query, { noSeqScan: true });
    expect(sequentialScans(plan)).toEqual([]);
    expect(plan).toContain('stored_files_form_idx');
  });
});

describe("the plans of a form's handed-on places", () => {
  it("read a form's hand-overs from the audit trail, and an old link of a handed-on place, through indexes", async () => {
    await formEventsOfKind(capture.db, 1, 'delegated');
    await handedOnLink(capture.db, 'plans-old-page');
    const queries = capture.take();
    expect(queries).toHaveLength(2);
    const [eventsQuery, linkQuery] = queries;
    if (!eventsQuery || !linkQuery) throw new Error('No query was made.');
    const events = await planOf(capture.db, eventsQuery, { noSeqScan: true });
    const link = await planOf(capture.db, linkQuery, { noSeqScan: true });
    expect(sequentialScans(events)).toEqual([]);
    expect(events).toContain('audit_form_idx');
    expect(sequentialScans(link)).toEqual([]);
    expect(link).toContain('handed_on_links_pkey');
  });
});

describe('the plans of the scheduled jobs', () => {
  it("find a company's due reminders through the index that holds them", async () => {
    const day = 24 * 60 * 60_000;
    await dueReminders(capture.db, plansCompany, new Date(), 3 * day, 500);
    const [query] = capture.take();
    if (!query) throw new Error('No query.');
    const plan = await planOf(capture.db, query, { noSeqScan: true });
    expect(sequentialScans(plan).filter((name) => watched.has(name))).toEqual([]);
    expect(plan).toContain('form_recipients_reminder_idx');
  });

  it('find the sealed forms with a copy not yet mailed through the index that holds only those places', async () => {
    await formsWithCopiesDue(capture.db, 500);
    const [query] = capture.take();
    if (!query) throw new Error('No query.');
    const plan = await planOf(capture.db, query, { noSeqScan: true });
    expect(sequentialScans(plan).filter((name) => watched.has(name))).toEqual([]);
    expect(plan).toContain('form_recipients_copy_due_idx');
  });

  it('find the waiting forms past their expiry, not yet recorded, through the index that holds them', async () => {
    await formsPastExpiry(capture.db, new Date(), 500);
    const [query] = capture.take();
    if (!query) throw new Error('No query.');
    const plan = await planOf(capture.db, query, { noSeqScan: true });
    expect(sequentialScans(plan).filter((name) => watched.has(name))).toEqual([]);
    expect(plan).toContain('forms_expiry_due_idx');
    // Ordered by the index: no sort of the candidates.
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("find and count a company's forms past retention through the index that holds them", async () => {
    await formsToRemove(capture.db, plansCompany, new Date(), 200);
    await countFormsToRemove(capture.db, plansCompany, new Date(), 1000);
    const queries = capture.take();
    expect(queries).toHaveLength(2);
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      expect(sequentialScans(plan).filter((name) => watched.has(name))).toEqual([]);
      expect(plan).toContain('forms_retention_idx');
    }
  });
});

describe('the plans of the deliveries', () => {
  it("read an integration's page of deliveries, one attempt and a form's deliveries through indexes", async () => {
    await listDeliveries(capture.db, 7, { page: 3, limit: 25, countCap: 1000 });
    await findDelivery(capture.db, 7, 41);
    await deliveredThrough(capture.db, 5120, [7, 8]);
    const queries = capture.take();
    expect(queries.length).toBeGreaterThanOrEqual(4);
    const found: string[] = [];
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      for (const table of sequentialScans(plan).filter((name) => name === 'deliveries' || name === 'forms'))
        found.push(`a sequential scan of ${table} in\n${query.sql}\n${plan}`);
      if (/order by/i.test(query.sql)) expect(plan, query.sql).toContain('deliveries_integration_at_idx');
    }
    expect(found).toEqual([]);
  });
});

describe('the plans of the webhooks', () => {
  it("read a subscription's log, its next event of a form and a company's subscriptions through indexes", async () => {
    await listWebhookDeliveries(capture.db, 3, { page: 3, limit: 25, countCap: 1000 });
    await findWebhookDelivery(capture.db, 3, 88);
    await nextPending(capture.db, 3, 'form-5120');
    await subscriptionsTaking(capture.db, 12, 'form.sent');
    const queries = capture.take();
    expect(queries.length).toBeGreaterThanOrEqual(5);
    const found: string[] = [];
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      for (const table of sequentialScans(plan).filter((name) => name === 'webhook_deliveries' || name === 'webhook_subscriptions'))
        found.push(`a sequential scan of ${table} in\n${query.sql}\n${plan}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the plans of the bulk sends', () => {
  it("read a company's bulk sends, a send's rows to send and not sent, and its forms' counts through indexes", async () => {
    await listBulkSends(capture.db, plansCompany, null, 100);
    await listBulkSends(capture.db, plansCompany, 7, 100);
    await pendingRows(capture.db, 3, 100);
    await unsentRows(capture.db, 3, 1000);
    await formCounts(capture.db, 3);
    const queries = capture.take();
    expect(queries.length).toBeGreaterThanOrEqual(6);
    const found: string[] = [];
    for (const query of queries) {
      const plan = await planOf(capture.db, query, { noSeqScan: true });
      for (const table of sequentialScans(plan).filter((name) => name === 'bulk_sends' || name === 'bulk_send_rows' || watched.has(name)))
        found.push(`a sequential scan of ${table} in\n${query.sql}\n${plan}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the plans of the counts of the lists of forms', () => {
  const counts = (queries: CapturedQuery[]) => queries.filter((query) => /^\s*select count\(\*\)/i.test(query.sql));

  it("count a basic user's forms of the Workflow and Completed Forms by merging their places, in the order of the forms' ids", async () => {
    const page = { page: 1, limit: 1, countCap: 1_000 };
    await listWorkflow(capture.db, viewers.basic, page, {});
    await listCompleted(capture.db, viewers.basic, page, {});
    const found = counts(capture.take());
    expect(found).toHaveLength(2);
    for (const query of found) {
      const plan = await planOf(capture.db, query, { noSeqScan: true, mergeJoins: true });
      // The places are read from their index in the order of the forms' ids, and merged with
      // the forms in that order: no place is gathered first, none is sorted.
      expect(plan, query.sql).toMatch(/Merge Semi Join[\s\S]*Index Only Scan using form_recipients_user_form_idx/);
      expect(
        sequentialScans(plan).filter((name) => watched.has(name)),
        plan,
      ).toEqual([]);
    }
  });
});
