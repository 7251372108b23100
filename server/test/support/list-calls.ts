/**
 * Every list query of the app, as the handlers run them: each sort and filter the contract
 * offers, for an administrator (the company's forms) and a basic user (their own), deep in
 * the list as well as on its first page. `query-plans.test.ts` reads their plans; run against
 * a seeded database they are what a person waits for.
 */
import type { ListFilters } from '@formsign/sdk/contract';
import type { Principal } from '../../src/auth/principal.js';
import type { Database } from '../../src/db/database.js';
import { searchWords } from '../../src/db/list-filters.js';
import { submissionsSelection, queryDatabase } from '../../src/modules/database/form-database.js';
import { submissionBatch } from '../../src/modules/database/repository.js';
import { formsOfTenant, notesOfTenant } from '../../src/modules/cases/repository.js';
import { listCompleted, listPending, listWorkflow } from '../../src/modules/forms/repository.js';
import { formAuditBatch, formAuditExceeds, listFormAuditEvents, listLogRecords } from '../../src/modules/logs/repository.js';
import { folderFiles } from '../../src/modules/storage/repository.js';
import { listDocuments } from '../../src/modules/supporting-documents/repository.js';
import { listUsers } from '../../src/modules/users/repository.js';

export interface ListCall {
  name: string;
  run(db: Database): Promise<unknown>;
}

export interface ListViewers {
  admin: Principal;
  basic: Principal;
  /** A template of the company with forms. */
  templateId: number;
  /** A page deep in the lists (the planner must not read every row before it). */
  deepPage: number;
  /**
   * Rows per page. A page with rows that is not full is the last one, and its list is not
   * counted (`listTotal`): a size the lists' rows fill has every count run as well.
   */
  pageSize: number;
}

const timeZone = 'Europe/London';
const range = { from: '2020-01-01', to: '2030-12-31' };
/** The server's default cap on a list's count (`ServerConfig.listCountCap`). */
const countCap = 1_000;

export function listCalls({ admin, basic, templateId, deepPage, pageSize }: ListViewers): ListCall[] {
  const calls: ListCall[] = [];
  const add = (name: string, run: (db: Database) => Promise<unknown>) => calls.push({ name, run });
  const people = [
    ['admin', admin],
    ['basic user', basic],
  ] as const;
  const workflowSorts = ['reference', 'title', 'status', 'started_at', 'sent_at', 'updated_at', 'template'];
  const completedSorts = ['reference', 'title', 'completed_at', 'submitted_by', 'template'];
  for (const [who, principal] of people) {
    const variants: [string, ListFilters][] = [
      ['default', {}],
      ['status', { status: 'in_progress' }],
      ['template', { template: templateId }],
      ['dates', range],
      ['search', { search: 'Leave' }],
      ['short search', { search: 'Le' }],
      ...workflowSorts.flatMap((sort): [string, ListFilters][] => [
        [`sort ${sort} asc`, { sort, order: 'asc' }],
        [`sort ${sort} desc`, { sort, order: 'desc' }],
      ]),
    ];
    for (const [label, filters] of variants) {
      add(`workflow (${who}, ${label})`, (db) => listWorkflow(db, principal, { page: 1, limit: pageSize, countCap }, filters));
    }
    if (who === 'basic user') {
      // A person who takes part in many forms has theirs read one by one in the list's order (`manyOwnForms`).
      for (const [label, filters] of variants.filter(([label]) => ['default', 'template', 'search', 'sort title asc'].includes(label))) {
        add(`workflow (${who} in many forms, ${label})`, (db) => listWorkflow(db, principal, { page: 1, limit: pageSize, countCap }, filters, 1));
        add(`completed-forms (${who} in many forms, ${label})`, (db) =>
          listCompleted(db, principal, { page: 1, limit: pageSize, countCap }, filters, 1),
        );
      }
    }
    add(`workflow (${who}, page ${deepPage})`, (db) => listWorkflow(db, principal, { page: deepPage, limit: pageSize, countCap }, {}));
    const completed: [string, ListFilters][] = [
      ['default', {}],
      ['template', { template: templateId }],
      ['dates', range],
      ['search', { search: 'Leave' }],
      ...completedSorts.flatMap((sort): [string, ListFilters][] => [
        [`sort ${sort} asc`, { sort, order: 'asc' }],
        [`sort ${sort} desc`, { sort, order: 'desc' }],
      ]),
    ];
    for (const [label, filters] of completed) {
      add(`completed-forms (${who}, ${label})`, (db) => listCompleted(db, principal, { page: 1, limit: pageSize, countCap }, filters));
    }
    add(`completed-forms (${who}, page ${deepPage})`, (db) => listCompleted(db, principal, { page: deepPage, limit: pageSize, countCap }, {}));
    add(`pending-form (${who})`, (db) => listPending(db, principal, { page: 1, limit: pageSize, countCap }));
    const database: [string, ListFilters, 'list' | 'count'][] = [
      ['default', {}, 'list'],
      ['template, count', { template: templateId }, 'count'],
      ['search', { search: 'Leave' }, 'list'],
      ['dates', range, 'list'],
      ['sort reference', { sort: 'reference', order: 'asc' }, 'list'],
    ];
    for (const [label, filters, func] of database) {
      add(`database-forms (${who}, ${label})`, (db) => queryDatabase({ db }, principal, { page: 1, limit: pageSize, countCap, filters, func }));
    }
    add(`database-forms (${who}, page ${deepPage})`, (db) =>
      queryDatabase({ db }, principal, { page: deepPage, limit: pageSize, countCap, filters: {}, func: 'list' }),
    );
    add(`get-exports (${who}, a batch)`, async (db) => {
      const { where, sort } = await submissionsSelection(db, principal, {}, []);
      return submissionBatch(db, where, sort, null, 500);
    });
    const formAudit: [string, Parameters<typeof listFormAuditEvents>[2]][] = [
      ['default', { page: 1, limit: pageSize, countCap, search: null, timeZone }],
      ['event', { page: 1, limit: pageSize, countCap, search: null, event: 'signed', timeZone }],
      ['template', { page: 1, limit: pageSize, countCap, search: null, template: templateId, timeZone }],
      ['search', { page: 1, limit: pageSize, countCap, search: searchWords('Leave'), timeZone }],
      ['dates', { page: 1, limit: pageSize, countCap, search: null, ...range, timeZone }],
      ['deep', { page: deepPage, limit: pageSize, countCap, search: null, timeZone }],
    ];
    for (const [label, query] of formAudit) add(`fetch-formaudit (${who}, ${label})`, (db) => listFormAuditEvents(db, principal, query));
    ['form', 'dates'].forEach((label) => {
      const filters = label === 'form' ? { search: null, form: 1, timeZone } : { search: null, ...range, timeZone };
      add(`formaudit-export (${who}, ${label}, the count)`, (db) => formAuditExceeds(db, principal, filters, 2_000));
      add(`formaudit-export (${who}, ${label}, a batch)`, (db) =>
        formAuditBatch(db, principal, filters, { at: '2026-01-01T00:00:00Z', id: 1 }, 1_000),
      );
    });
    add(`get-alldocuments (${who})`, (db) => listDocuments(db, principal, { page: 1, limit: pageSize, countCap, search: null, timeZone }));
    add(`get-alldocuments (${who}, search)`, (db) => listDocuments(db, principal, { page: 1, limit: pageSize, countCap, search: 'Leave', timeZone }));
    add(`get-tenant forms (${who})`, (db) => formsOfTenant(db, principal, 1));
    add(`manage-storage (${who})`, (db) => folderFiles(db, principal, '', { page: 1, limit: pageSize, countCap }));
  }
  for (const source of ['user', 'system'] as const) {
    const logs: [string, Partial<Parameters<typeof listLogRecords>[2]>][] = [
      ['default', {}],
      ['search', { search: 'signed' }],
      ['dates', range],
      ['deep', { page: deepPage }],
      ...['at', 'user', 'action', 'target', 'level'].map((sort): [string, Partial<Parameters<typeof listLogRecords>[2]>] => [
        `sort ${sort}`,
        { sort },
      ]),
    ];
    for (const [label, query] of logs) {
      add(`fetch-logs (${source}, ${label})`, (db) =>
        listLogRecords(db, admin.companyId, { page: 1, limit: pageSize, countCap, source, search: null, timeZone, ...query }),
      );
    }
  }
  add('get-tenant notes', (db) => notesOfTenant(db, 1));
  add('users', (db) => listUsers(db, admin.companyId, { page: 1, limit: pageSize, countCap }));
  add('users (search)', (db) => listUsers(db, admin.companyId, { page: 1, limit: pageSize, countCap, search: 'bench' }));
  return calls;
}
