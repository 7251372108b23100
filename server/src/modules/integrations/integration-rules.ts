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
import { filled, msg, type Words } from '#words';

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

/** What a person reads about a form integration. */
export const integrationTexts = {
  unknown: msg({ message: 'This integration does not exist.' }),
  noRecipient: msg({ message: 'Enter where completed forms go.' }),
  recipientTooLong: msg({ message: 'The address is too long.' }),
  badEmail: msg({ message: 'Enter an email address, like records@yourcompany.com.' }),
  badWebhook: msg({ message: "Enter the webhook's address, starting with https://." }),
  sftpCredentials: msg({ message: 'Leave the user name and password out of the address: enter them as the sign-in.' }),
  badSftp: msg({ message: 'Enter the server folder as sftp://server/folder.' }),
  badMap: msg({ message: 'The field map is not valid: send it as a JSON object.' }),
  mapTooLarge: msg({ message: 'A field map has at most {most} fields.' }),
  noField: msg({ message: 'The template has no field "{field}" to send.' }),
  noName: msg({ message: 'Give {field} a name in the receiving system, or leave it out of the map.' }),
  nameTooLong: msg({ message: 'The name of {field} in the receiving system is too long (at most {most} characters).' }),
  nameShared: msg({ message: '{other} and {field} can\'t share the name "{name}" in the receiving system.' }),
  noTemplate: msg({ message: 'Choose a template.' }),
  unknownTemplate: msg({ message: 'This template does not exist or was deleted.' }),
  noSource: msg({ message: 'Choose where completed forms go.' }),
  saved: msg({ message: 'The integration has been saved.' }),
  noneChosen: msg({ message: 'Choose the integration to delete.' }),
  deleted: msg({ message: 'The integration has been deleted.' }),
  onlySftp: msg({ message: 'Only an SFTP integration signs in with a user name and password.' }),
  badUsername: msg({ message: 'Enter the user name alone, without spaces, @, : or /.' }),
  badKey: msg({ message: 'Paste the whole private key, from -----BEGIN to PRIVATE KEY-----.' }),
  noSecret: msg({ message: 'Enter the password or paste the private key the server accepts.' }),
  noDelivery: msg({ message: 'This delivery does not exist.' }),
  delivered: msg({ message: 'This delivery succeeded: there is nothing to send again.' }),
  deliveredSince: msg({ message: '{reference} has been delivered through this integration since.' }),
  notDeliverable: msg({ message: '{reference} can no longer be delivered: it is not a completed form of {title} any more.' }),
  queued: msg({ message: '{reference} is queued to be sent again. Its new attempt is listed here once it is made.' }),
};

export const unknownIntegration = integrationTexts.unknown;

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
export function recipientProblem(source: IntegrationSource, recipient: string): Words | null {
  if (recipient === '') return integrationTexts.noRecipient;
  if (recipient.length > 500) return integrationTexts.recipientTooLong;
  switch (source) {
    case 'email':
      return emailPattern.test(recipient) && recipient.length <= contractLimits.EmailAddress.maxLength ? null : integrationTexts.badEmail;
    case 'webhook': {
      let url: URL | null = null;
      try {
        url = new URL(recipient);
      } catch {
        url = null;
      }
      return url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? null : integrationTexts.badWebhook;
    }
    case 'sftp':
      if (/^sftp:\/\/[^/]*@/i.test(recipient)) return integrationTexts.sftpCredentials;
      return /^sftp:\/\/[^\s/]+(\/\S*)?$/.test(recipient) && sftpTarget(recipient) ? null : integrationTexts.badSftp;
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
    throw badRequest(integrationTexts.badMap);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(integrationTexts.badMap);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > maxEntries) throw badRequest(filled(integrationTexts.mapTooLarge, { most: maxEntries }));
  const map: Record<string, string> = {};
  const used = new Map<string, string>();
  for (const [field, value] of entries) {
    if (!fields.includes(field)) throw badRequest(filled(integrationTexts.noField, { field }));
    const name = typeof value === 'string' ? value.trim() : '';
    if (name === '') throw badRequest(filled(integrationTexts.noName, { field }));
    if (name.length > maxName) throw badRequest(filled(integrationTexts.nameTooLong, { field, most: maxName }));
    const other = used.get(name.toLowerCase());
    if (other) throw badRequest(filled(integrationTexts.nameShared, { other, field, name }));
    used.set(name.toLowerCase(), field);
    map[field] = name;
  }
  return map;
}

export async function templateOf(ctx: Pick<ServerContext, 'db'>, companyId: number, id: number | undefined): Promise<TemplateRecord> {
  if (!id) throw badRequest(integrationTexts.noTemplate);
  const template = await findTemplate(ctx.db, companyId, id);
  if (!template) throw badRequest(integrationTexts.unknownTemplate);
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
