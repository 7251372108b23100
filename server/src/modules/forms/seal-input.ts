/**
 * What the seal of a completed form is made of (its PDF shows the form, its recipients and its
 * audit trail) and what follows it: the form keeps its seal's key and checksums, and everyone
 * who took part (recipients and sender) is mailed the link to the sealed PDF, in the seal's
 * transaction. Handed to the sealing job by the composition root. The forms are also the
 * register of seals that a document is checked against (`/verify`).
 */
import type { ServerContext } from '../../context.js';
import { stampKeysOf } from '../../companies/stamp.js';
import type { Database } from '../../db/database.js';
import type { RenderedRecipient } from '../../sealing/render.js';
import type { SealDocument, SealSource } from '../../sealing/seal.js';
import type { SealedDocumentFacts, SealRegister } from '../../sealing/verify.js';
import { findUser } from '../users/repository.js';
import { completedMail } from './notify.js';
import { actsOn, mailFacts, type RecipientRecord } from './progression.js';
import { findForm, formParticipants, formToSeal, recordSeal, sealedFormWith, unsealedForms, type FormToSeal } from './completed-forms-repository.js';

/** How a recipient proved who they were: their step's own audit event says (approvers always sign in). */
function signedIn(recipient: RecipientRecord, events: FormToSeal['events']): boolean {
  const steps = ['signed', 'approved', 'disapproved', 'declined'];
  return (
    recipient.action === 'approve' ||
    events.some((event) => steps.includes(event.event) && event.details['order'] === recipient.order && event.details['via'] === 'account')
  );
}

function hostOf(recipient: RecipientRecord, events: FormToSeal['events']): string | null {
  const signed = events.find((event) => event.event === 'signed' && event.details['order'] === recipient.order);
  const host = signed?.details['hostedBy'];
  return typeof host === 'string' ? host : null;
}

function renderedRecipient(recipient: RecipientRecord, events: FormToSeal['events']): RenderedRecipient {
  const { order, label, name, email, action, status, openedAt, actedAt, ip, userAgent, comment } = recipient;
  return {
    order,
    label,
    name,
    email,
    action,
    status,
    openedAt,
    actedAt,
    ip,
    userAgent,
    comment,
    signedIn: signedIn(recipient, events),
    signature: recipient.signature ?? null,
    initials: recipient.initials ?? null,
    consented: events.some((event) => event.event === 'signed' && event.details['order'] === recipient.order && event.details['consent'] === true),
    // Proved on this place's current link (a link sent again asks again, and forgets the earlier proof).
    proved:
      recipient.verifiedAt === null || recipient.verification === 'none'
        ? null
        : recipient.verification === 'email-code'
          ? { by: 'email-code', to: recipient.email }
          : { by: 'access-code' },
    handedOn: events.flatMap(({ event, details }) => {
      if (event !== 'delegated' || details['order'] !== recipient.order) return [];
      const from = details['from'] as { name?: unknown; email?: unknown } | undefined;
      const to = details['to'] as { name?: unknown; email?: unknown } | undefined;
      return [
        {
          from: `${String(from?.name ?? '')} <${String(from?.email ?? '')}>`,
          to: `${String(to?.name ?? '')} <${String(to?.email ?? '')}>`,
          reason: String(details['reason'] ?? ''),
        },
      ];
    }),
    // Who hosted the signature, as its own event says (the place may have been hosted, then signed another way).
    hostedBy: hostOf(recipient, events),
    stamped: events.some(
      (event) => event.event === 'signed' && event.details['order'] === recipient.order && typeof event.details['stamp'] === 'string',
    ),
  };
}

/** The trail's words for a place handed on: to whom (the actor is who handed it on). */
function delegatedWords(details: Record<string, unknown>): string {
  const to = details['to'] as { name?: unknown; email?: unknown } | undefined;
  return typeof to?.name === 'string' && typeof to.email === 'string' ? `delegated their place to ${to.name} <${to.email}>` : 'delegated their place';
}

/** The trail's words for a signature: given in person (and who hosted it), with the organisation's stamp, with the signer's consent. */
function signedWords(details: Record<string, unknown>): string {
  const hosted = typeof details['hostedBy'] === 'string' ? ` in person, hosted by ${details['hostedBy']}` : '';
  const stamped = typeof details['stamp'] === 'string' ? ", applying the organisation's stamp" : '';
  if (details['consent'] === true) return `signed${hosted}${stamped}, agreeing that the electronic signature is legally binding`;
  return `signed${hosted}${stamped}`;
}

/** The trail's words for a holder proving who they are: how, and where a code went. */
function verifiedWords(details: Record<string, unknown>): string {
  if (details['by'] === 'email-code' && typeof details['to'] === 'string') return `verified by a code emailed to ${details['to']}`;
  if (details['by'] === 'access-code') return 'verified by the access code';
  return 'verified';
}

async function formDocument(db: Database, formId: number): Promise<SealDocument | null> {
  const found = await formToSeal(db, formId);
  if (!found || found.form.status !== 'completed') return null;
  const { form, events } = found;
  return {
    id: form.id,
    companyId: form.companyId,
    reference: form.reference,
    completedAt: form.completedAt,
    sealed: form.sealedKey !== null,
    pdfKey: form.pdfKey,
    // The stamp images its answers name (of its own organisation only).
    stamps: stampKeysOf(form.companyId, form.fields, form.values),
    render: {
      reference: form.reference,
      title: form.title,
      template: found.template,
      sender: form.senderName,
      sentAt: form.sentAt,
      completedAt: form.completedAt ?? form.updatedAt,
      fields: form.fields,
      values: form.values,
      recipients: found.recipients.map((recipient) => renderedRecipient(recipient, events)),
      // A signature given with the signer's consent says so in the audit trail.
      events: events.map(({ at, event, actor, ip, details }) => ({
        at,
        event:
          event === 'signed'
            ? signedWords(details)
            : event === 'verified'
              ? verifiedWords(details)
              : event === 'delegated'
                ? delegatedWords(details)
                : event,
        actor,
        ip,
      })),
    },
  };
}

async function announceSeal(ctx: Pick<ServerContext, 'mail'>, tx: Database, formId: number, link: string): Promise<void> {
  const form = await findForm(tx, formId);
  if (!form) return;
  const facts = await mailFacts(tx, form);
  // A place that receives a copy is mailed the sealed PDF itself (`send-copies.job.ts`), not this link.
  const participants = new Map(
    (await formParticipants(tx, formId)).filter(actsOn).map((recipient) => [recipient.email.toLowerCase(), recipient.name]),
  );
  const sender = form.senderId ? await findUser(tx, form.senderId) : undefined;
  if (sender) participants.set(sender.email.toLowerCase(), form.senderName);
  for (const [email, name] of participants) await ctx.mail.send(completedMail(facts, { name, email }, link), { tx });
}

async function sealedWith(db: Database, sealedSha256: string): Promise<SealedDocumentFacts | null> {
  const found = await sealedFormWith(db, sealedSha256);
  const sealedAt = found?.form.sealedAt;
  if (!found || !sealedAt) return null;
  const { form, signers } = found;
  return {
    reference: form.reference,
    title: form.title,
    companyId: form.companyId,
    completedAt: form.completedAt,
    sealedAt,
    signers: signers.filter(actsOn),
  };
}

export const formSeals: SealSource & SealRegister = {
  document: formDocument,
  record: async (tx, formId, seal) => (await recordSeal(tx, formId, seal)) !== undefined,
  announce: announceSeal,
  unsealed: unsealedForms,
  sealedWith,
};
