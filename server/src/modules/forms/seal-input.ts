/**
 * What the seal of a completed form is made of (its PDF shows the form, its recipients and its
 * audit trail) and what follows it: the form keeps its seal's key and checksums, and everyone
 * who took part (recipients and sender) is mailed the link to the sealed PDF, in the seal's
 * transaction. Handed to the sealing job by the composition root. The forms are also the
 * register of seals that a document is checked against (`/verify`).
 */
import { msg } from '#words';
import type { ServerContext } from '../../context.js';
import { stampKeysOf } from '../../companies/stamp.js';
import type { Database } from '../../db/database.js';
import { say, type Language } from '../../i18n/i18n.js';
import type { RenderedRecipient } from '../../sealing/render.js';
import type { SealDocument, SealSource } from '../../sealing/seal.js';
import type { SealedDocumentFacts, SealRegister } from '../../sealing/verify.js';
import { findUser } from '../users/repository.js';
import { completedMail, senderLanguage, type MailReader } from './notify.js';
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
function delegatedWords(language: Language, details: Record<string, unknown>): string {
  const to = details['to'] as { name?: unknown; email?: unknown } | undefined;
  return typeof to?.name === 'string' && typeof to.email === 'string'
    ? say(language, msg({ message: 'delegated their place to {name} <{email}>', context: 'audit trail' }), { name: to.name, email: to.email })
    : say(language, msg({ message: 'delegated their place', context: 'audit trail' }));
}

/** The trail's words for a signature: given in person (and who hosted it), with the organisation's stamp, with the signer's consent. */
function signedWords(language: Language, details: Record<string, unknown>): string {
  const host = typeof details['hostedBy'] === 'string' ? details['hostedBy'] : null;
  const stamped = typeof details['stamp'] === 'string';
  const consent = details['consent'] === true;
  const words = host
    ? stamped
      ? consent
        ? msg({
            message:
              "signed in person, hosted by {host}, applying the organisation's stamp, agreeing that the electronic signature is legally binding",
            context: 'audit trail',
          })
        : msg({ message: "signed in person, hosted by {host}, applying the organisation's stamp", context: 'audit trail' })
      : consent
        ? msg({ message: 'signed in person, hosted by {host}, agreeing that the electronic signature is legally binding', context: 'audit trail' })
        : msg({ message: 'signed in person, hosted by {host}', context: 'audit trail' })
    : stamped
      ? consent
        ? msg({
            message: "signed, applying the organisation's stamp, agreeing that the electronic signature is legally binding",
            context: 'audit trail',
          })
        : msg({ message: "signed, applying the organisation's stamp", context: 'audit trail' })
      : consent
        ? msg({ message: 'signed, agreeing that the electronic signature is legally binding', context: 'audit trail' })
        : msg({ message: 'signed', context: 'audit trail' });
  return say(language, words, { host });
}

/** The trail's words for a holder proving who they are: how, and where a code went. */
function verifiedWords(language: Language, details: Record<string, unknown>): string {
  if (details['by'] === 'email-code' && typeof details['to'] === 'string')
    return say(language, msg({ message: 'verified by a code emailed to {email}', context: 'audit trail' }), { email: details['to'] });
  if (details['by'] === 'access-code') return say(language, msg({ message: 'verified by the access code', context: 'audit trail' }));
  return say(language, msg({ message: 'verified', context: 'audit trail' }));
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
      // Its certificate and audit pages, and the words drawn on the document, in the form's language.
      language: form.language,
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
            ? signedWords(form.language, details)
            : event === 'verified'
              ? verifiedWords(form.language, details)
              : event === 'delegated'
                ? delegatedWords(form.language, details)
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
  // Its recipients read it in the form's language; its sender (told once, even as a recipient too) in their own.
  const participants = new Map<string, MailReader>(
    (await formParticipants(tx, formId))
      .filter(actsOn)
      .map((recipient) => [recipient.email.toLowerCase(), { name: recipient.name, email: recipient.email.toLowerCase(), language: facts.language }]),
  );
  const sender = form.senderId ? await findUser(tx, form.senderId) : undefined;
  if (sender)
    participants.set(sender.email.toLowerCase(), {
      name: form.senderName,
      email: sender.email.toLowerCase(),
      language: senderLanguage(facts, sender),
    });
  for (const reader of participants.values()) await ctx.mail.send(completedMail(facts, reader, link), { tx });
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
