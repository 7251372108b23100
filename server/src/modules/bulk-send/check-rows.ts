/**
 * Checking a bulk send's CSV before anything is sent: read in a file worker (never on the
 * thread that answers requests), then each row checked as sending it would check it, yielding
 * to other work between slices of rows. Every bad row comes back with its number (the header
 * is row 1) and why; a column that is no place or field of the template is named on row 1.
 */
import { contractLimits } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import type { FieldDefinition, FieldValue } from '../../db/schema.js';
import { AppError, AppErrorCode, refusalWords } from '../../errors/app-error.js';
import { FileWorkRefused } from '../../files/file-work.js';
import type { UploadedFile } from '../../http/uploads.js';
import { checkAnswers } from '../forms/answers.js';
import { failureTexts } from '../../http/texts.js';
import { findTemplate, type TemplateRecord } from '../templates/repository.js';
import { stepOfField } from '../templates/steps.js';
import { activeCompanyUserByEmail } from '../users/repository.js';
import { bulkColumns, columnOf, isEmail, type BulkColumn } from './columns.js';
import { bulkSendTexts as texts } from './texts.js';
import { type Text, type Words } from '#words';
import { sayText, type Language } from '../../i18n/i18n.js';

export const bulkLimits = { rows: 10_000, columns: 200, value: 10_000 } as const;

/** Bad rows listed in one answer; `problems_total` counts them all. */
export const maxProblemsListed = 1000;

/** A row ready to send: its people, by place, and the values it gives the form's fields. */
export interface BulkRow {
  row: number;
  recipients: { name: string; email: string; accessCode?: string }[];
  values: Record<string, FieldValue>;
}

/** A row that cannot be sent, with every reason. */
export interface BulkProblem {
  row: number;
  reasons: readonly Text[];
}

/** The problems as the answer lists them: each row's reasons said in `language`, one after the other. */
export function saidProblems(language: Language, problems: readonly BulkProblem[]): { row: number; reason: string }[] {
  return problems.map(({ row, reasons }) => ({ row, reason: reasons.map((reason) => sayText(language, reason)).join(' ') }));
}

export interface CheckedFile {
  template: TemplateRecord;
  rows: BulkRow[];
  problems: BulkProblem[];
  /** The rows of the file, good and bad. */
  count: number;
}

const accessCodeLength = contractLimits['SendFormRequest.recipients.access_code'].minLength;
const badRequest = (text: Words): AppError => new AppError(AppErrorCode.InvalidInput, text);
const slice = 250;
const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The template a person may send in bulk: an active one of their organisation. */
export async function sendableTemplate(ctx: Pick<ServerContext, 'db'>, principal: Principal, id: number): Promise<TemplateRecord> {
  const template = await findTemplate(ctx.db, principal.companyId, id);
  // Another organisation's template, or one that cannot be sent, is not there to send.
  if (!template || template.status !== 'active') throw new AppError(AppErrorCode.NotFound, failureTexts.notFound);
  return template;
}

/** Reads and checks the file for the template; nothing is stored. */
export async function checkBulkFile(
  ctx: Pick<ServerContext, 'db' | 'fileWork'>,
  principal: Principal,
  template: TemplateRecord,
  file: UploadedFile | undefined,
  language: Language = 'en',
): Promise<CheckedFile> {
  if (!file || file.bytes.length === 0) throw badRequest(texts.noFile);
  if (file.tooLarge) throw badRequest(texts.tooLarge);
  let read;
  try {
    read = await ctx.fileWork.run('csv-table', {
      bytes: file.bytes,
      maxRows: bulkLimits.rows,
      maxColumns: bulkLimits.columns,
      maxValue: bulkLimits.value,
    });
  } catch (error) {
    if (error instanceof FileWorkRefused && error.failure === 'busy')
      throw new AppError(AppErrorCode.Unavailable, texts.busy, { retryAfterSeconds: 60 });
    if (error instanceof FileWorkRefused && (error.failure === 'time' || error.failure === 'memory')) throw badRequest(texts.tooCostly);
    throw error;
  }
  if ('refused' in read) throw badRequest(read.refused);
  const problems: BulkProblem[] = read.problems.map(({ row, reason }) => ({ row, reasons: [reason] }));
  const columns = bulkColumns(template, language);
  const found: (BulkColumn | undefined)[] = read.headers.map((header) => columnOf(columns, header));
  const headerProblems: Words[] = [];
  const unknown = read.headers.filter((header, index) => !found[index] && header !== '');
  if (unknown.length > 0) headerProblems.push(texts.unknownColumns(unknown, template.title));
  const missing = columns.filter(
    (column) =>
      (column.kind === 'email' || (column.kind === 'name' && column.step.action !== 'approve') || column.kind === 'access-code') &&
      !found.includes(column),
  );
  if (missing.length > 0) headerProblems.push(texts.missingColumns(missing.map((column) => column.header)));
  const twice = found.filter((column, index) => column && found.indexOf(column) !== index);
  if (twice.length > 0) headerProblems.push(texts.twiceColumns(twice.map((column) => (column as BulkColumn).header)));
  if (headerProblems.length > 0)
    return {
      template,
      rows: [],
      problems: [{ row: 1, reasons: headerProblems }, ...problems],
      count: read.rows.length + read.problems.length,
    };

  const places = columns.filter((column) => column.kind === 'name').length;
  const fields = template.fields;
  const senderFields = fields.filter((field) => field.step === 0);
  const given = new Set(found.flatMap((column) => (column?.kind === 'field' ? [column.field.name] : [])));
  const othersGiven = fields.filter((field) => stepOfField(field) !== 0 && given.has(field.name));
  const approvers = new Map<string, boolean>();
  const isApprover = async (email: string): Promise<boolean> => {
    const known = approvers.get(email.toLowerCase());
    if (known !== undefined) return known;
    const found = Boolean(await activeCompanyUserByEmail(ctx.db, principal.companyId, email));
    approvers.set(email.toLowerCase(), found);
    return found;
  };

  const rows: BulkRow[] = [];
  for (const [index, { row, cells }] of read.rows.entries()) {
    if (index % slice === slice - 1) await yieldToOthers();
    const recipients = Array.from({ length: places }, () => ({ name: '', email: '' }) as BulkRow['recipients'][number]);
    const values: Record<string, FieldValue> = {};
    const reasons: Text[] = [];
    for (const [at, column] of found.entries()) {
      const cell = (cells[at] ?? '').trim();
      if (!column) continue;
      if (column.kind === 'field') {
        if (cell !== '') values[column.field.name] = cell;
        continue;
      }
      const person = recipients[column.place] as BulkRow['recipients'][number];
      if (column.kind === 'name') person.name = cell;
      else if (column.kind === 'email') person.email = cell;
      else person.accessCode = cell;
    }
    for (const column of columns) {
      if (column.kind === 'field') continue;
      const person = recipients[column.place] as BulkRow['recipients'][number];
      const approver = column.step.action === 'approve';
      if (column.kind === 'name' && !approver && person.name === '') reasons.push(texts.noName(column.step.label));
      if (column.kind === 'name' && person.name.length > 200) reasons.push(texts.longName(column.step.label));
      if (column.kind === 'email') {
        if (person.email === '') reasons.push(texts.noEmail(column.header));
        else if (!isEmail(person.email)) reasons.push(texts.badEmail(column.header, person.email));
        else if (approver && !(await isApprover(person.email))) reasons.push(texts.notAUser(column.step.label, person.email));
      }
      if (column.kind === 'access-code' && (person.accessCode ?? '').length < accessCodeLength)
        reasons.push(texts.shortCode(column.step.label, accessCodeLength));
    }
    const checked = checkValues(senderFields, othersGiven, values);
    reasons.push(...checked.reasons);
    if (reasons.length > 0) problems.push({ row, reasons });
    else rows.push({ row, recipients, values: checked.values });
  }
  problems.sort((a, b) => a.row - b.row);
  return { template, rows, problems, count: read.rows.length + read.problems.length };
}

/**
 * A row's values as sending takes them (numbers as numbers, dates checked), and what is wrong
 * with them: the sender's fields in full, the recipients' as given. One field at a time, so
 * that every wrong value of the row is named.
 */
function checkValues(
  senderFields: readonly FieldDefinition[],
  othersGiven: readonly FieldDefinition[],
  values: Record<string, FieldValue>,
): { values: Record<string, FieldValue>; reasons: Text[] } {
  const reasons: Text[] = [];
  const cleaned: Record<string, FieldValue> = {};
  const prefilled = Object.fromEntries(
    senderFields.flatMap((field) => (field.value === undefined || field.value === null ? [] : [[field.name, field.value]])),
  );
  const take = (field: FieldDefinition, check: () => Record<string, FieldValue>): void => {
    try {
      const value = check()[field.name];
      if (values[field.name] !== undefined && value !== undefined) cleaned[field.name] = value;
    } catch (error) {
      if (error instanceof AppError) reasons.push(refusalWords(error));
      else throw error;
    }
  };
  for (const field of senderFields) take(field, () => checkAnswers([field], { ...prefilled, ...values }).values);
  for (const field of othersGiven) take(field, () => checkAnswers([field], values, { draft: true }).values);
  return { values: cleaned, reasons };
}
