/**
 * Sealing a completed document: its PDF is rendered, signed as a PAdES signature
 * (ETSI.CAdES.detached) with the instance's certificate (timestamped when a timestamp
 * authority is configured) in a file worker (`sealed-pdf.ts`), kept in the file store, and its checksums recorded; then every
 * participant is mailed a link to it. Runs as a job: a seal is safe to run again, and a document
 * is sealed once however many times it runs (the first to record its seal wins).
 *
 * What is sealed, and what follows a seal, belong to the area whose documents they are (the
 * forms): it gives a `SealSource`, handed to the sealing job by the composition root. Sealing
 * itself reads no area's tables.
 */
import { createHash } from 'node:crypto';
import { recordEvent } from '../audit/audit.js';
import { msg } from '#words';
import type { FormTrailEvent } from '../audit/form-events.js';
import { dateStyleOf } from '../companies/dates.js';
import { companyNameAndSettings } from '../companies/repository.js';
import type { ServerContext } from '../context.js';
import type { Database } from '../db/database.js';
import { FileWorkRefused } from '../files/file-work.js';
import { signedFileUrl } from '../files/signed-urls.js';
import { say } from '../i18n/i18n.js';
import type { Words } from '../i18n/words.js';
import type { RenderedEvent, RenderInput } from './render.js';

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** How long the link in the completion mail works. */
const mailedLinkSeconds = 7 * 24 * 60 * 60;
/** A seal made this long after the form was completed mails no one. */
const announceWithinMs = 24 * 60 * 60 * 1000;

/**
 * The trail's words for its events, said in the form's language (a signature's, a proof's and a
 * hand-over's own words, with consent or in person, come worded from its source). The form
 * audit's list and export word the same events for the person reading them (`form-events.ts`).
 */
const eventWords: Record<Exclude<FormTrailEvent, 'signed' | 'verified' | 'delegated'>, Words> = {
  created: msg({ message: 'created', context: 'audit trail' }),
  sent: msg({ message: 'sent', context: 'audit trail' }),
  opened: msg({ message: 'opened', context: 'audit trail' }),
  hosted: msg({ message: 'opened a place to sign in person, hosted by', context: 'audit trail' }),
  'copy-sent': msg({ message: 'mailed a copy of the sealed PDF', context: 'audit trail' }),
  saved: msg({ message: 'saved a draft', context: 'audit trail' }),
  approved: msg({ message: 'approved', context: 'audit trail' }),
  disapproved: msg({ message: 'sent back', context: 'audit trail' }),
  declined: msg({ message: 'declined', context: 'audit trail' }),
  resent: msg({ message: 'sent again', context: 'audit trail' }),
  reminded: msg({ message: 'reminded', context: 'audit trail' }),
  cancelled: msg({ message: 'withdrew', context: 'audit trail' }),
  expired: msg({ message: 'expired', context: 'audit trail' }),
  completed: msg({ message: 'completed', context: 'audit trail' }),
  downloaded: msg({ message: 'downloaded', context: 'audit trail' }),
  deleted: msg({ message: 'deleted', context: 'audit trail' }),
};

function isWorded(event: string): event is keyof typeof eventWords {
  return Object.hasOwn(eventWords, event);
}

export type SealOutcome = 'sealed' | 'already' | 'not-complete';

/** A complete document, as its seal shows it. */
export interface SealDocument {
  id: number;
  companyId: number;
  reference: string;
  completedAt: Date | null;
  /** A seal is recorded already. */
  sealed: boolean;
  /** The PDF it was sent with, in the file store (the template's may have been replaced since). */
  pdfKey: string | null;
  /** The stamp images its answers name, in the file store. */
  stamps: readonly string[];
  /** What the sealed PDF shows; events by their audit names. */
  render: Omit<RenderInput, 'company' | 'templatePdf' | 'sealedBy' | 'verifyUrl' | 'dates' | 'stamps'>;
}

/** The seal of a document, as recorded. */
export interface RecordedSeal {
  key: string;
  sealedSha256: string;
  documentSha256: string;
  at: Date;
}

/** What a seal is made of, and what follows it: given by the area whose documents are sealed. */
export interface SealSource {
  /** The complete document to seal, or null when it is not complete. */
  document(db: Database, id: number): Promise<SealDocument | null>;
  /** Records the seal in `tx` unless one is recorded already; answers whether it did. */
  record(tx: Database, id: number, seal: RecordedSeal): Promise<boolean>;
  /** Queues, in the seal's transaction, the mail telling every participant, with the link to the sealed PDF. */
  announce(ctx: Pick<ServerContext, 'mail'>, tx: Database, id: number, link: string): Promise<void>;
  /** Complete documents without a seal (their job lost, or never queued). */
  unsealed(db: Database): Promise<number[]>;
}

export type SealContext = Pick<ServerContext, 'db' | 'config' | 'keys' | 'mail' | 'files' | 'fileWork' | 'outbound' | 'signing' | 'now'>;

/** The files of `keys` that are in the store, by key. */
export async function filesByKey(ctx: Pick<SealContext, 'files'>, keys: readonly string[]): Promise<Record<string, Uint8Array>> {
  const found: Record<string, Uint8Array> = {};
  for (const key of keys) {
    const bytes = await ctx.files.get(key);
    if (bytes) found[key] = bytes;
  }
  return found;
}

/** Renders the sealed PDF of a complete document; answers its bytes and checksums (nothing is stored). */
async function sealedPdfOf(ctx: SealContext, document: SealDocument): Promise<{ bytes: Uint8Array; documentSha256: string }> {
  const identity = await ctx.signing();
  const organisation = await companyNameAndSettings(ctx.db, document.companyId);
  const company = organisation?.name ?? '';
  const { language } = document.render;
  const events: RenderedEvent[] = document.render.events.map(({ at, event, actor, ip }) => ({
    at,
    actor,
    ip,
    event: isWorded(event) ? say(language, eventWords[event]) : event,
  }));
  const render: RenderInput = {
    ...document.render,
    company,
    events,
    templatePdf: document.pdfKey ? await ctx.files.get(document.pdfKey) : null,
    sealedBy: { commonName: identity.commonName, fingerprint: identity.fingerprint },
    verifyUrl: `${ctx.config.publicUrl}/verify`,
    // The organisation's date format now, at sealing: the sealed file never changes after.
    dates: dateStyleOf(organisation?.settings ?? null),
    stamps: await filesByKey(ctx, document.stamps),
  };
  // Made in a file worker: the template's PDF and the drawn signatures are read there. The
  // timestamp authority is reached through the guarded client, like every other system.
  const input = {
    render,
    p12: identity.p12,
    password: identity.password,
    reason: say(language, msg({ message: 'Sealed by formsign when {reference} was completed' }), { reference: document.reference }),
    location: company,
    tsaUrl: ctx.config.tsaUrl ?? null,
  };
  try {
    return await ctx.fileWork.run('sealed-pdf', input, { wait: true, fetch: ctx.outbound.fetch });
  } catch (error) {
    if (error instanceof FileWorkRefused) throw new Error(`The sealed PDF of ${document.reference} was not made: ${error.message}`);
    throw error;
  }
}

export async function sealForm(ctx: SealContext, source: SealSource, id: number): Promise<SealOutcome> {
  const document = await source.document(ctx.db, id);
  if (!document) return 'not-complete';
  if (document.sealed) return 'already';
  const sealed = await sealedPdfOf(ctx, document);
  const sealedSha256 = sha256(sealed.bytes);
  const key = `forms/${id}/sealed-${sealedSha256.slice(0, 16)}.pdf`;
  await ctx.files.put(key, sealed.bytes, 'application/pdf');
  const now = ctx.now();
  // A form completed long ago (the demo's year of forms, or one whose seal was lost for
  // days) is sealed quietly: a mail about it now would be news to no one.
  const announced = document.completedAt !== null && now.getTime() - document.completedAt.getTime() <= announceWithinMs;
  const recorded = await ctx.db.transaction(async (tx) => {
    if (!(await source.record(tx, id, { key, sealedSha256, documentSha256: sealed.documentSha256, at: now }))) return false;
    const details = { sha256: sealedSha256, documentSha256: sealed.documentSha256 };
    await recordEvent(tx, { event: 'sealed', companyId: document.companyId, actor: 'system', target: document.reference, formId: id, details });
    if (announced) {
      const link = `${ctx.config.publicUrl}${signedFileUrl(ctx.keys, key, now, { name: `${document.reference}.pdf`, seconds: mailedLinkSeconds })}`;
      await source.announce(ctx, tx, id, link);
    }
    return true;
  });
  if (!recorded) {
    // Another run sealed it first: its file stands, this one goes.
    await ctx.files.delete(key);
    return 'already';
  }
  return 'sealed';
}
