/**
 * Forms and their audit trail, inserted straight into the database for the suites of the
 * areas that read them (logs, analytics, the form database, integrations, storage). The
 * forms lifecycle writes these rows in the product; here they are made with known values, so
 * that a test can work out what a report must answer from the same data on its own.
 */
import { eq } from 'drizzle-orm';
import type { Passwords } from '../../src/auth/passwords.js';
import type { Database } from '../../src/db/database.js';
import { defaultSettings } from '../../src/companies/settings.js';
import {
  auditEvents,
  companies,
  documents,
  forms,
  templates,
  users,
  type FieldDefinition,
  type FieldValue,
  type FormStatus,
} from '../../src/db/schema.js';
import { otherCompany } from './fixtures.js';

const hour = 60 * 60_000;
const day = 24 * hour;

export async function companyIdOf(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`No company ${name}.`);
  return row.id;
}

export async function userIdOf(db: Database, login: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.name, login));
  if (!row) throw new Error(`No user ${login}.`);
  return row.id;
}

export const timesheetFields: FieldDefinition[] = [
  { name: 'employee', label: 'Employee', type: 'text', required: true },
  { name: 'site', label: 'Site', type: 'select', required: true, options: ['Harbour House', 'Elm Court', 'Riverside Lodge'] },
  { name: 'hours', label: 'Hours', type: 'number', required: true },
  { name: 'week_ending', label: 'Week ending', type: 'date', required: true },
  { name: 'approved', label: 'Approved', type: 'checkbox', required: false },
  { name: 'notes', label: 'Notes', type: 'textarea', required: false },
  { name: 'manager_signature', label: 'Manager signature', type: 'signature', required: true },
];

export const employees = ['Amelia Hughes', 'Ethan Wright', 'Maya Fischer', 'Chloe Davies', 'Ruby Scott'];

export interface FormRow {
  id: number;
  reference: string;
  title: string;
  status: FormStatus;
  values: Record<string, FieldValue>;
  sentAt: Date | null;
  completedAt: Date | null;
  senderName: string;
  deleted: boolean;
}

export interface Timesheets {
  companyId: number;
  templateId: number;
  /** Every form inserted, in the order inserted. */
  forms: FormRow[];
  /** The submissions: completed and not deleted. */
  submissions: FormRow[];
}

/**
 * The answers of the i-th timesheet: sites in turn, hours 20 + i, every fourth not approved,
 * one of five employees, notes that start like a spreadsheet formula for the third.
 */
export function timesheetValues(i: number): Record<string, FieldValue> {
  return {
    employee: employees[i % employees.length] ?? '',
    site: ['Harbour House', 'Elm Court', 'Riverside Lodge'][i % 3] ?? '',
    hours: 20 + i,
    week_ending: new Date(Date.UTC(2026, 0, 4 + 7 * i)).toISOString().slice(0, 10),
    approved: i % 4 !== 0,
    notes: i === 2 ? '=HYPERLINK("http://evil.example","click")' : i === 5 ? 'Covered a shift, "late"' : '',
    manager_signature: 'data:image/png;base64,AAAA',
  };
}

export async function insertTemplate(db: Database, companyId: number, title: string, fields: FieldDefinition[] = timesheetFields): Promise<number> {
  const [row] = await db.insert(templates).values({ companyId, title, fields }).returning({ id: templates.id });
  if (!row) throw new Error('No template.');
  return row.id;
}

export interface NewForm {
  companyId: number;
  templateId: number;
  reference: string;
  title: string;
  status: FormStatus;
  values?: Record<string, FieldValue>;
  fields?: FieldDefinition[];
  sentAt?: Date | null;
  completedAt?: Date | null;
  senderName?: string;
  sealedKey?: string | null;
  deletedAt?: Date | null;
}

export async function insertForm(db: Database, form: NewForm): Promise<number> {
  const [row] = await db
    .insert(forms)
    .values({
      companyId: form.companyId,
      templateId: form.templateId,
      reference: form.reference,
      title: form.title,
      status: form.status,
      senderName: form.senderName ?? 'Olivia Bennett',
      fields: form.fields ?? timesheetFields,
      values: form.values ?? {},
      sentAt: form.sentAt ?? null,
      completedAt: form.completedAt ?? null,
      createdAt: form.sentAt ?? new Date(),
      sealedKey: form.sealedKey ?? null,
      deletedAt: form.deletedAt ?? null,
    })
    .returning({ id: forms.id });
  if (!row) throw new Error('No form.');
  return row.id;
}

/**
 * Northwind's "Timesheet Approval": 30 submissions sent every 10 days back from `now` and
 * completed 6, 12 or 18 hours later; and beside them forms that are no submissions (in
 * progress, sent, a draft, a completed one deleted).
 */
export async function seedTimesheets(
  db: Database,
  now: Date,
  options: { companyId?: number; title?: string; prefix?: string } = {},
): Promise<Timesheets> {
  const companyId = options.companyId ?? (await companyIdOf(db, 'Northwind Care Ltd'));
  const title = options.title ?? 'Timesheet Approval';
  const prefix = options.prefix ?? 'TS';
  const templateId = await insertTemplate(db, companyId, title);
  const rows: FormRow[] = [];
  const add = async (row: Omit<FormRow, 'id'>, sealedKey: string | null = null): Promise<void> => {
    const id = await insertForm(db, { companyId, templateId, ...row, sealedKey, deletedAt: row.deleted ? now : null });
    rows.push({ ...row, id });
  };
  for (let i = 0; i < 30; i += 1) {
    const sentAt = new Date(now.getTime() - i * 10 * day - 2 * day);
    await add({
      reference: `${prefix}-2026-${String(100 + i)}`,
      title,
      status: 'completed',
      values: timesheetValues(i),
      sentAt,
      completedAt: new Date(sentAt.getTime() + ((i % 3) + 1) * 6 * hour),
      senderName: employees[(i + 1) % employees.length] ?? '',
      deleted: false,
    });
  }
  const open = (i: number, status: FormStatus): Omit<FormRow, 'id'> => ({
    reference: `${prefix}-2026-${String(200 + i)}`,
    title,
    status,
    values: timesheetValues(i),
    sentAt: status === 'draft' ? null : new Date(now.getTime() - (i + 1) * day),
    completedAt: null,
    senderName: 'Olivia Bennett',
    deleted: false,
  });
  await add(open(0, 'in_progress'));
  await add(open(1, 'in_progress'));
  await add(open(2, 'in_progress'));
  await add(open(3, 'sent'));
  await add(open(4, 'awaiting_approval'));
  await add(open(5, 'draft'));
  await add({ ...open(6, 'completed'), completedAt: now, deleted: true });
  return { companyId, templateId, forms: rows, submissions: rows.filter((row) => row.status === 'completed' && !row.deleted) };
}

export interface AuditRow {
  companyId: number;
  event: (typeof auditEvents.$inferInsert)['event'];
  actor: string;
  source?: 'user' | 'system';
  userId?: number | null;
  target?: string;
  formId?: number | null;
  ip?: string;
  level?: 'info' | 'warning' | 'error';
  details?: Record<string, unknown>;
  at: Date;
}

export async function insertAuditRows(db: Database, rows: AuditRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(auditEvents)
    .values(
      rows.map((row) => ({
        ...row,
        source: row.source ?? 'user',
        target: row.target ?? '',
        ip: row.ip ?? '',
        level: row.level ?? 'info',
        details: row.details ?? {},
      })),
    )
    .returning({ id: auditEvents.id });
  return inserted.map((row) => row.id);
}

/** The trail of each submission: created, sent and completed, by known people from known addresses. */
export function submissionTrail(sheets: Timesheets): AuditRow[] {
  return sheets.submissions.flatMap((form, i) => [
    {
      companyId: sheets.companyId,
      event: 'created' as const,
      actor: 'Olivia Bennett',
      target: `${form.title} ${form.reference}`,
      formId: form.id,
      ip: `81.2.70.${i}`,
      at: new Date((form.sentAt?.getTime() ?? 0) - hour),
    },
    {
      companyId: sheets.companyId,
      event: 'sent' as const,
      actor: 'Olivia Bennett',
      target: `${form.title} ${form.reference}`,
      formId: form.id,
      ip: `81.2.70.${i}`,
      at: form.sentAt ?? new Date(),
    },
    {
      companyId: sheets.companyId,
      event: 'completed' as const,
      actor: form.senderName,
      target: `${form.title} ${form.reference}`,
      formId: form.id,
      ip: `81.2.71.${i}`,
      at: form.completedAt ?? new Date(),
    },
  ]);
}

export interface NewDocument {
  companyId: number;
  formId: number;
  name: string;
  mime: string;
  size: number;
  fileKey: string;
  uploadedBy: string;
  uploadedAt: Date;
}

export async function insertDocuments(db: Database, rows: NewDocument[]): Promise<number[]> {
  const inserted = await db.insert(documents).values(rows).returning({ id: documents.id });
  return inserted.map((row) => row.id);
}

/** Harbour Homes, the other organisation: a template of its own with five submissions. */
export async function seedOtherCompanyForms(db: Database, now: Date): Promise<Timesheets> {
  const companyId = await companyIdOf(db, otherCompany.name);
  const sheets = await seedTimesheets(db, now, { companyId, title: 'Harbour Rota', prefix: 'HH' });
  return sheets;
}

export const timeUnits = { hour, day };

export const organisationPassword = 'quayside-pass-1';

/**
 * A new organisation of its own, with an administrator (`<prefix>.admin`) and a basic user
 * (`<prefix>.basic`), password `organisationPassword`: a suite that counts rows starts from
 * nothing but what it inserts.
 */
export async function createOrganisation(
  db: Database,
  passwords: Passwords,
  name: string,
  prefix: string,
  settings: Partial<ReturnType<typeof defaultSettings>> = {},
): Promise<{ companyId: number; adminId: number }> {
  const hash = await passwords.hash(organisationPassword);
  const now = new Date();
  const [company] = await db
    .insert(companies)
    .values({ name, email: `office@${prefix}.example`, settings: { ...defaultSettings(), ...settings } })
    .returning({ id: companies.id });
  if (!company) throw new Error('No company.');
  const people = await db
    .insert(users)
    .values([
      {
        companyId: company.id,
        name: `${prefix}.admin`,
        email: `admin@${prefix}.example`,
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'admin',
        class: 'Administrator',
        activatedAt: now,
      },
      {
        companyId: company.id,
        name: `${prefix}.basic`,
        email: `basic@${prefix}.example`,
        passwordHash: hash,
        passwordChangedAt: now,
        firstName: 'Bo',
        lastName: 'Basic',
        role: 'basic',
        class: 'Staff',
        activatedAt: now,
      },
    ])
    .returning({ id: users.id });
  return { companyId: company.id, adminId: people[0]?.id ?? 0 };
}
