/**
 * Forms sent through the contract for the signing suites: a template of the demo organisation
 * with the steps and fields a test needs (inserted as rows, which is quick), sent with
 * `/send-form`, and each recipient's signing link worked out as the mailed one is.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, formRecipients, templates, type FieldDefinition, type StepDefinition } from '../../src/db/schema.js';
import { signingToken } from '../../src/modules/forms/links.js';
import { companyIdOf, createOrganisation, insertTemplate, organisationPassword } from './form-rows.js';
import type { Json, TestServer } from './test-server.js';

export interface SigningLink {
  order: number;
  pageId: string;
  token: string;
}

export interface SentForm {
  id: number;
  reference: string;
  /** Each recipient's link, in their order. */
  links: SigningLink[];
}

/** A two-by-two PNG, as a drawn signature arrives. */
export const drawn = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGMQkYv6D8IMMAYAMaQGLaMXUOwAAAAASUVORK5CYII='}`;

let made = 0;

/** A template of the company (Northwind unless named), with its steps; envelopes are topped up so sending never runs out. */
export async function signingTemplate(
  server: TestServer,
  fields: FieldDefinition[],
  steps: StepDefinition[],
  options: { sequential?: boolean; company?: string } = {},
): Promise<number> {
  const companyId = await companyIdOf(server.ctx.db, options.company ?? 'Northwind Care Ltd');
  made += 1;
  const id = await insertTemplate(server.ctx.db, companyId, `Signing ${made} ${Math.random().toString(36).slice(2, 7)}`, fields);
  await server.ctx.db
    .update(templates)
    .set({ steps, sequential: options.sequential ?? true })
    .where(eq(templates.id, id));
  await server.ctx.db
    .update(companies)
    .set({ envelopesBought: sql`${companies.envelopesBought} + 10` })
    .where(eq(companies.id, companyId));
  return id;
}

/** The one required signature a signing template asks for, unless a test names its fields. */
export const signatureOnly: FieldDefinition[] = [{ name: 'signature', label: 'Signature', type: 'signature', required: true }];

/**
 * An organisation of a test's own (`createOrganisation`, with the company settings given), its
 * administrator signed in, and a signing template of it with these steps.
 */
export async function signingOrganisation(
  server: TestServer,
  name: string,
  prefix: string,
  steps: StepDefinition[],
  settings: Parameters<typeof createOrganisation>[4] = {},
): Promise<{ companyId: number; token: string; template: number }> {
  const { companyId } = await createOrganisation(server.ctx.db, server.ctx.passwords, name, prefix, settings);
  const { token } = await server.signIn(`${prefix}.admin`, organisationPassword);
  const template = await signingTemplate(server, signatureOnly, steps, { company: name });
  return { companyId, token, template };
}

/** The links of a form's recipients, as mailed (the token is the page id's MAC). */
export async function linksOf(server: TestServer, formId: number): Promise<SigningLink[]> {
  const rows = await server.ctx.db
    .select({ order: formRecipients.order, pageId: formRecipients.pageId })
    .from(formRecipients)
    .where(eq(formRecipients.formId, formId))
    .orderBy(asc(formRecipients.order));
  return rows.map((row) => ({ order: row.order, pageId: row.pageId, token: signingToken(server.ctx.keys, row.pageId) }));
}

/** Sends a form with `/send-form` and answers its id, reference and links. */
export async function sendSigningForm(server: TestServer, token: string, body: Record<string, unknown>): Promise<SentForm> {
  const sent = await server.call('/send-form', { token, body });
  expect(sent.body, 'the form is sent').toMatchObject({ code: 1 });
  const id = sent.body.id as number;
  return { id, reference: sent.body.reference as string, links: await linksOf(server, id) };
}

/** Calls `/websigning` as a link's holder (and signed in when `signedIn` is given; in a language when the page shows one). */
export function signingCall(
  server: TestServer,
  body: Record<string, unknown>,
  options: { signedIn?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Record<string, string | string[] | undefined> }> {
  return server.call('/websigning', {
    body,
    ...(options.signedIn ? { token: options.signedIn } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** A link's holder submits their step with these answers and a drawn signature, consenting. */
export function submitDrawn(server: TestServer, link: SigningLink, values: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return signingCall(
    server,
    { function: 'submit', consent: true, id: link.pageId, token: link.token, values, signature: { kind: 'drawn', value: drawn } },
    { headers },
  );
}
