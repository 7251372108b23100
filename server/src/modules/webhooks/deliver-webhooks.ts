/**
 * Sending a subscription's events of one form (or template), oldest first, through the guarded
 * client: a POST of JSON signed with the subscription's secret (`signature.ts`). The body:
 * `{ id, type, created, data }`; a sealed form's PDF is given as a download address that
 * expires (`data.form.sealed_pdf`), never inline. An event that fails stops the ones after it
 * (the job is tried again, with backoff, so a form's events arrive in order); one still failing
 * a day after it was queued is given up and the next is sent. A subscription failing 20 times
 * in a row, or for a day, is paused and the person who made it is mailed.
 */
import { msg } from '#words';
import { personLanguage } from '../../companies/repository.js';
import type { JobContext } from '../../context.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { OutboundError } from '../../http/outbound.js';
import { say, type Language } from '../../i18n/i18n.js';
import type { MailMessage } from '../../mail/mailer.js';
import { hello, message } from '../../mail/messages.js';
import { findForm } from '../forms/completed-forms-repository.js';
import { findUser } from '../users/repository.js';
import {
  nextPending,
  subscriptionById,
  updateDelivery,
  updateSubscription,
  type SubscriptionRecord,
  type WebhookDeliveryRecord,
} from './repository.js';
import { signatureHeader, webhookSignature } from './signature.js';

export type WebhookDeliveryContext = Pick<JobContext, 'db' | 'outbound' | 'keys' | 'now' | 'config' | 'mail'>;

export const webhookTimeoutMs = 10_000;
/** How long an event is tried before it is given up. */
export const giveUpAfterMs = 24 * 60 * 60 * 1000;
/** Failed attempts in a row that pause a subscription (or a day of failures). */
export const pauseAfterFailures = 20;
/** How long the sealed PDF's address works. */
export const pdfLinkSeconds = 24 * 60 * 60;
const excerptLength = 200;

/** The body sent: the event as queued, with the sealed PDF's address when the form has one now. */
async function bodyOf(ctx: WebhookDeliveryContext, delivery: WebhookDeliveryRecord): Promise<string> {
  let data = delivery.payload;
  if (delivery.formId !== null) {
    const form = await findForm(ctx.db, delivery.formId);
    const now = ctx.now();
    if (form?.sealedKey && !form.dataRemovedAt && !form.deletedAt && typeof data.form === 'object' && data.form !== null) {
      const url = `${ctx.config.publicUrl}${signedFileUrl(ctx.keys, form.sealedKey, now, { seconds: pdfLinkSeconds, name: `${form.reference}.pdf`, download: true })}`;
      data = { ...data, form: { ...data.form, sealed_pdf: { url, expires_at: new Date(now.getTime() + pdfLinkSeconds * 1000).toISOString() } } };
    }
  }
  return JSON.stringify({ id: delivery.eventId, type: delivery.event, created: delivery.occurredAt.toISOString(), data });
}

interface Attempt {
  ok: boolean;
  code: number | null;
  excerpt: string;
  detail: string;
}

async function post(ctx: WebhookDeliveryContext, subscription: SubscriptionRecord, secret: string, body: string): Promise<Attempt> {
  try {
    const answer = await ctx.outbound.request(subscription.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'formsign-webhooks',
        [signatureHeader]: webhookSignature(secret, body, ctx.now()),
      },
      body,
      timeoutMs: webhookTimeoutMs,
      maxResponseBytes: 1024,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      code: answer.status,
      excerpt: answer.body.toString('utf8').slice(0, excerptLength),
      detail: `The address answered ${answer.status}.`,
    };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const detail =
      error.failure === 'timeout'
        ? `The address did not answer within ${webhookTimeoutMs / 1000} seconds.`
        : `The event was not sent: ${error.message}`;
    return { ok: false, code: null, excerpt: '', detail };
  }
}

/** To the person who made a subscription, in their language: it is paused, and why. */
function pausedMail(language: Language, owner: { email: string; name: string }, url: string, failures: number, link: string): MailMessage {
  return message(
    owner.email,
    say(language, msg({ message: 'A webhook subscription is paused' })),
    [
      hello(language, owner.name),
      failures >= pauseAfterFailures
        ? say(language, msg({ message: 'formsign could not deliver events to {url}. Paused after {failures} failed attempts in a row.' }), {
            url,
            failures,
          })
        : say(language, msg({ message: 'formsign could not deliver events to {url}. Paused after failing for a day.' }), { url }),
      say(
        language,
        msg({
          message:
            'The events wait for it. Once the address answers again, resume the subscription on the Webhooks page: the events are then sent in order.',
        }),
      ),
    ],
    { label: say(language, msg({ message: 'Open Webhooks' })), link },
  );
}

/** Pauses a subscription that keeps failing, and mails the person who made it, in the same transaction. */
async function pauseFailing(ctx: WebhookDeliveryContext, subscription: SubscriptionRecord, failures: number, since: Date): Promise<void> {
  const now = ctx.now();
  if (failures < pauseAfterFailures && now.getTime() - since.getTime() < giveUpAfterMs) return;
  const reason = failures >= pauseAfterFailures ? `Paused after ${failures} failed attempts in a row.` : 'Paused after failing for a day.';
  await ctx.db.transaction(async (tx) => {
    await updateSubscription(tx, subscription.id, { pausedAt: now, pausedReason: reason });
    const owner = subscription.createdBy === null ? undefined : await findUser(tx, subscription.createdBy);
    if (!owner) return;
    await ctx.mail.send(pausedMail(await personLanguage(tx, owner), owner, subscription.url, failures, `${ctx.config.publicUrl}/webhooks`), { tx });
  });
}

export interface WebhookRun {
  sent: number;
  /** The event that failed and waits to be tried again, if one did. */
  failed: string | null;
}

/** Sends the subscription's events of one form (or template) in order, until one fails or none is left. */
export async function deliverWebhooks(ctx: WebhookDeliveryContext, subscriptionId: number, orderKey: string): Promise<WebhookRun> {
  let sent = 0;
  for (;;) {
    const subscription = await subscriptionById(ctx.db, subscriptionId);
    if (!subscription || subscription.pausedAt) return { sent, failed: null };
    const delivery = await nextPending(ctx.db, subscriptionId, orderKey);
    if (!delivery) return { sent, failed: null };
    let secret: string;
    try {
      secret = ctx.keys.credentials.unseal(subscription.secret);
    } catch {
      await updateDelivery(ctx.db, delivery.id, { detail: 'The secret could not be read (another instance’s key): roll it.' });
      return { sent, failed: `The secret of subscription ${subscription.id} could not be read.` };
    }
    const attempt = await post(ctx, subscription, secret, await bodyOf(ctx, delivery));
    const now = ctx.now();
    const givenUp = !attempt.ok && now.getTime() - delivery.queuedAt.getTime() >= giveUpAfterMs;
    const failures = attempt.ok ? 0 : subscription.failures + 1;
    const failingSince = attempt.ok ? null : (subscription.failingSince ?? now);
    await ctx.db.transaction(async (tx) => {
      await updateDelivery(tx, delivery.id, {
        status: attempt.ok ? 'delivered' : givenUp ? 'failed' : 'pending',
        attempts: delivery.attempts + 1,
        at: now,
        responseCode: attempt.code,
        responseExcerpt: attempt.excerpt,
        detail: attempt.ok
          ? attempt.detail
          : givenUp
            ? `${attempt.detail} Given up after a day of attempts.`
            : `${attempt.detail} Tried again later.`,
      });
      await updateSubscription(tx, subscription.id, { failures, failingSince });
    });
    if (attempt.ok) {
      sent += 1;
      continue;
    }
    await pauseFailing(ctx, subscription, failures, failingSince ?? now);
    if (givenUp) continue;
    return { sent, failed: `${delivery.event} ${delivery.eventId} to ${subscription.url}: ${attempt.detail}` };
  }
}
