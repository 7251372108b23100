/**
 * Form integration's settings: which template's completed forms go where (an email address,
 * a webhook or an SFTP server's folder), what is sent (the PDF, the data as CSV,
 * or both) and each field's name in the receiving system (the map). One integration per
 * template and destination: saving again changes it. This file holds the rules of a setting
 * and the lookups of what a request names (refused with 400 and the product's words: the
 * contract answers no 404 here).
 */
import {
  contractLimits,
  emailPattern,
  type Integration,
  type IntegrationResponse,
  type IntegrationSource,
  type IntegrationsQuery,
} from '@formsign/sdk/contract';
import type { Keys } from '../../auth/keys.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { credentialFlags } from './credentials.js';
import { sftpTarget } from '../../http/sftp.js';
import { isDataField } from '../database/submissions.js';
import { findIntegration, findTemplate, findTemplateIntegration, type IntegrationRecord, type TemplateRecord } from './repository.js';

type DeliveryType = Integration['type'];

export const emptyAnswer: IntegrationResponse = {
  message: '',
  type: 'list',
  forms: [],
  allforms: [],
  fields: [],
  map: {},
  title: '',
  sid: null,
  files: [],
  recipient: '',
};

export const unknownIntegration = 'This integration does not exist.';

/** Names in the receiving system are at most this long; a map has at most this many entries. */
const maxName = 100;
const maxEntries = 100;

export function integrationView(keys: Keys, item: IntegrationRecord): Integration {
  return {
    sid: item.id,
    template_id: item.templateId,
    title: item.title,
    source: item.source,
    type: item.type,
    recipient: item.recipient,
    updated_at: item.updatedAt.toISOString(),
    username: item.username,
    ...credentialFlags(keys, item),
    host_key: item.hostKey,
  };
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
      return emailPattern.test(recipient) && recipient.length <= contractLimits.EmailAddress.maxLength
        ? null
        : 'Enter an email address, like records@yourcompany.com.';
    case 'webhook': {
      let url: URL | null = null;
      try {
        url = new URL(recipient);
      } catch {
        url = null;
      }
      return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
        ? null
        : "Enter the webhook's address, starting with https://.";
    }
    case 'sftp':
      if (/^sftp:\/\/[^/]*@/i.test(recipient)) return 'Leave the user name and password out of the address: enter them as the sign-in.';
      return /^sftp:\/\/[^\s/]+(\/\S*)?$/.test(recipient) && sftpTarget(recipient) ? null : 'Enter the server folder as sftp://server/folder.';
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
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('The field map is not valid: send it as a JSON object.');
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

export async function templateOf(ctx: Pick<ServerContext, 'db'>, companyId: number, id: number | undefined): Promise<TemplateRecord> {
  if (!id) throw badRequest('Choose a template.');
  const template = await findTemplate(ctx.db, companyId, id);
  if (!template) throw badRequest('This template does not exist or was deleted.');
  return template;
}

/** The integration `sid` names (of the template, when one is named), or the one of the template and destination. */
export async function integrationOf(
  ctx: Pick<ServerContext, 'db'>,
  companyId: number,
  query: IntegrationsQuery,
  template: TemplateRecord | null,
): Promise<IntegrationRecord | undefined> {
  if (query.sid) {
    const item = await findIntegration(ctx.db, companyId, query.sid);
    if (!item || (template && item.templateId !== template.id)) throw badRequest(unknownIntegration);
    return item;
  }
  return template && query.source ? findTemplateIntegration(ctx.db, companyId, template.id, query.source) : undefined;
}

export const auditTarget = (title: string): string => `Form integration of ${title}`;
