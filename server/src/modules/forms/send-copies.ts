/**
 * Mailing the sealed PDF to the places of a form that receive a copy, once the form is complete
 * and sealed (queued after every seal, `send-copies.job.ts`). Each copy is recorded as sent (its
 * place's `notifiedAt`, and the trail's `copy-sent`) only after the mail server took it; a mail
 * server that refuses makes the job be tried again, and the progress page says "not sent yet"
 * until then. A copy recorded is never mailed again.
 */
import { recordEvent } from '../../audit/audit.js';
import type { JobContext } from '../../context.js';
import { findForm } from './completed-forms-repository.js';
import { sealedPdfName, sealedPdfUrl } from './links.js';
import { copyMail } from './notify.js';
import { mailFacts } from './progression.js';
import { recipientsOf } from './repository.js';
import { markCopySent } from './steps-repository.js';

/** The largest sealed PDF attached to a copy; a larger one goes as a link. */
export const largestAttachedCopy = 10 * 1024 * 1024;

/** How long the link of a copy too large to attach works. */
const copyLinkSeconds = 7 * 24 * 60 * 60;

/** Mails the copies not yet sent; answers how many were mailed now. */
export async function sendCopies(ctx: Pick<JobContext, 'db' | 'mailer' | 'files' | 'keys' | 'now' | 'config'>, formId: number): Promise<number> {
  const form = await findForm(ctx.db, formId);
  if (!form || form.status !== 'completed' || !form.sealedKey || form.deletedAt || form.dataRemovedAt) return 0;
  const copies = (await recipientsOf(ctx.db, form.id)).filter(
    (recipient) => recipient.action === 'copy' && recipient.status === 'copy' && recipient.notifiedAt === null && recipient.email !== '',
  );
  if (copies.length === 0) return 0;
  const bytes = await ctx.files.get(form.sealedKey);
  if (!bytes) throw new Error(`The sealed PDF of ${form.reference} is missing: its copies wait.`);
  const link = sealedPdfUrl(ctx, form, copyLinkSeconds);
  const sealed =
    bytes.length <= largestAttachedCopy || !link
      ? { kind: 'attached' as const, filename: sealedPdfName(form), bytes }
      : { kind: 'link' as const, link: `${ctx.config.publicUrl}${link}` };
  const facts = await mailFacts(ctx.db, form);
  let sent = 0;
  for (const copy of copies) {
    // Taken by the mail server first, recorded after: a refusal leaves it to be tried again.
    await ctx.mailer.send(copyMail(facts, copy, sealed));
    await ctx.db.transaction(async (tx) => {
      if (!(await markCopySent(tx, copy.id, ctx.now()))) return;
      sent += 1;
      await recordEvent(tx, {
        event: 'copy-sent',
        companyId: form.companyId,
        actor: 'system',
        target: form.reference,
        formId: form.id,
        details: { order: copy.order, to: copy.email },
      });
    });
  }
  return sent;
}
