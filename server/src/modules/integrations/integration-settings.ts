/**
 * Form integration's settings: which template's completed forms go where (an email address,
 * a webhook, an SFTP folder or a SharePoint library), what is sent (the PDF, the data as CSV,
 * or both) and each field's name in the receiving system (the map). One integration per
 * template and destination: saving again changes it. Each change is recorded in the audit
 * trail in its transaction.
 */
import { contractLimits, emailPattern, type Integration, type IntegrationResponse, type IntegrationSource, type IntegrationsQuery } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { isDataField } from '../database/submissions.js';
import {
  companyTemplates,
  deleteIntegration,
  findIntegration,
  findTemplate,
  findTemplateIntegration,
  insertIntegration,
  listIntegrations,
  updateIntegration,
  type IntegrationRecord,
  type TemplateRecord,
} from './repository.js';

type DeliveryType = Integration['type'];

const emptyAnswer: IntegrationResponse = { message: '', type: 'list', forms: [], allforms: [], fields: [], map: {}, title: '', sid: null, files: [], recipient: '' };

export const unknownIntegration = 'This integration does not exist.';

/** Names in the receiving system are at most this long; a map has at most this many entries. */
const maxName = 100;
const maxEntries = 100;

function integrationView(item: IntegrationRecord): Integration {
  return { sid: item.id, template_id: item.templateId, title: item.title, source: item.source, type: item.type, recipient: item.recipient, updated_at: item.updatedAt.toISOString() };
}

/** The fields of a template an integration can send (signatures and attached files are not data). */
export function mappableFields(template: TemplateRecord): string[] {
  return template.fields.filter(isDataField).map((field) => field.name);
}

/** The files delivered for each form, by what is sent (`{reference}` stands for the form's reference). */
export function deliveredFiles(type: DeliveryType): string[] {
  return [...(type !== 'csv' ? ['{reference}.pdf'] : []), ...(type !== 'pdf' ? ['{reference}.csv'] : [])];
}

/** What is wrong with a destination's address, in the product's words, or null. */
export function recipientProblem(source: IntegrationSource, recipient: string): string | null {
  if (recipient === '') return 'Enter where completed forms go.';
  if (recipient.length > 500) return 'The address is too long.';
  switch (source) {
    case 'email':
      return emailPattern.test(recipient) && recipient.length <= contractLimits.EmailAddress.maxLength ? null : 'Enter an email address, like records@yourcompany.com.';
    case 'webhook': {
      let url: URL | null = null;
      try {
        url = new URL(recipient);
      } catch {
        url = null;
      }
      return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? null : "Enter the webhook's address, starting with https://.";
    }
    case 'sftp':
      return /^sftp:\/\/[^\s/]+(\/\S*)?$/.test(recipient) ? null : 'Enter the server folder as sftp://server/folder.';
    case 'sharepoint':
      return /^[^\s/][^\\]*$/.test(recipient) ? null : 'Enter the library folder, like Housing/Tenancies.';
  }
}

/**
 * The field map sent as JSON: an object whose keys are the template's fields and whose values
 * are their names in the receiving system (not empty, at most 100 characters, each name used
 * once), at most 100 of them.
 */
export function parseMap(data: string, fields: readonly string[]): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badRequest('The field map is not valid: send it as a JSON object.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The field map is not valid: send it as a JSON object.');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > maxEntries) throw badRequest(`A field map has at most ${maxEntries} fields.`);
  const map: Record<string, string> = {};
  const used = new Map<string, string>();
  for (const [field, value] of entries) {
    if (!fields.includes(field)) throw badRequest(`The template has no field "${field}" to send.`);
    const name = typeof value === 'string' ? value.trim() : '';
    if (name === '') throw badRequest(`Give ${field} a name in the receiving system, or leave it out of the map.`);
    if (name.length > maxName) throw badRequest(`The name of ${field} in the receiving system is too long (at most ${maxName} characters).`);
    const other = used.get(name.toLowerCase());
    if (other) throw badRequest(`${other} and ${field} can't share the name "${name}" in the receiving system.`);
    used.set(name.toLowerCase(), field);
    map[field] = name;
  }
  return map;
}

/** The integrations and every template (`list`). */
export async function integrationList(ctx: ServerContext, companyId: number, answer: Partial<IntegrationResponse> = {}): Promise<IntegrationResponse> {
  const items = await listIntegrations(ctx.db, companyId);
  const templates = await companyTemplates(ctx.db, companyId);
  return { ...emptyAnswer, ...answer, forms: items.map(integrationView), allforms: templates.map((template) => ({ id: template.id, title: template.title })) };
}

async function templateOf(ctx: ServerContext, companyId: number, id: number | undefined): Promise<TemplateRecord> {
  if (!id) throw badRequest('Choose a template.');
  const template = await findTemplate(ctx.db, companyId, id);
  if (!template) throw badRequest('This template does not exist or was deleted.');
  return template;
}

/** The integration `sid` names (of the template, when one is named), or the one of the template and destination. */
async function integrationOf(ctx: ServerContext, companyId: number, query: IntegrationsQuery, template: TemplateRecord | null): Promise<IntegrationRecord | undefined> {
  if (query.sid) {
    const item = await findIntegration(ctx.db, companyId, query.sid);
    if (!item || (template && item.templateId !== template.id)) throw badRequest(unknownIntegration);
    return item;
  }
  return template && query.source ? findTemplateIntegration(ctx.db, companyId, template.id, query.source) : undefined;
}

/** A template's fields, the map of its integration and where it delivers (`fields`). */
export async function integrationFields(ctx: ServerContext, companyId: number, query: IntegrationsQuery): Promise<IntegrationResponse> {
  const template = await templateOf(ctx, companyId, query.id);
  const item = await integrationOf(ctx, companyId, query, template);
  return {
    ...emptyAnswer,
    type: 'fields',
    fields: mappableFields(template),
    map: item?.map ?? {},
    title: template.title,
    sid: item?.id ?? null,
    files: deliveredFiles(item?.type ?? query.type ?? 'pdf'),
    recipient: item?.recipient ?? '',
  };
}

const auditTarget = (title: string): string => `Form integration of ${title}`;

/** Saves an integration (`save`): a new one, or the one `sid` names or the template has for the destination. */
export async function saveIntegration(ctx: ServerContext, principal: Principal, query: IntegrationsQuery, origin: Origin): Promise<IntegrationResponse> {
  const template = await templateOf(ctx, principal.companyId, query.id);
  const existing = await integrationOf(ctx, principal.companyId, query, template);
  const source = query.source ?? existing?.source;
  if (!source) throw badRequest('Choose where completed forms go.');
  const recipient = (query.recipient ?? existing?.recipient ?? '').trim();
  const problem = recipientProblem(source, recipient);
  if (problem) throw badRequest(problem);
  // Where the server itself sends (a webhook): an address on the public internet, unless the operator allows it.
  const refusal = source === 'webhook' ? await ctx.outbound.refusal(recipient) : null;
  if (refusal) throw badRequest(refusal);
  const fields = mappableFields(template);
  const map = query.data !== undefined ? parseMap(query.data, fields) : (existing?.map ?? {});
  const type = query.type ?? existing?.type ?? 'pdf';
  const change = { source, type, recipient, map, updatedAt: ctx.now() };
  const sid = await ctx.db.transaction(async (tx) => {
    const id = existing ? existing.id : await insertIntegration(tx, principal.companyId, template.id, change);
    if (existing) await updateIntegration(tx, existing.id, change);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: auditTarget(template.title),
      origin,
      details: { area: 'integration', change: 'saved', integration: id, source, type, recipient },
    });
    return id;
  });
  return { ...emptyAnswer, message: 'The integration has been saved.', type: 'save', fields, map, title: template.title, sid, files: deliveredFiles(type), recipient };
}

/** Deletes an integration (`delete`); the answer is the list as it is afterwards. */
export async function removeIntegration(ctx: ServerContext, principal: Principal, query: IntegrationsQuery, origin: Origin): Promise<IntegrationResponse> {
  if (!query.sid) throw badRequest('Choose the integration to delete.');
  const item = await findIntegration(ctx.db, principal.companyId, query.sid);
  if (!item) throw badRequest(unknownIntegration);
  await ctx.db.transaction(async (tx) => {
    await deleteIntegration(tx, item.id);
    await recordEvent(tx, {
      event: 'settings-saved',
      companyId: principal.companyId,
      actor: principal,
      target: auditTarget(item.title),
      origin,
      details: { area: 'integration', change: 'deleted', integration: item.id, source: item.source, recipient: item.recipient },
    });
  });
  return integrationList(ctx, principal.companyId, { message: 'The integration has been deleted.', type: 'delete' });
}
