/**
 * The outcome of a purchase (administrators): one still open is settled by what its provider
 * says (the test provider: paid; Stripe: open until its signed event arrives), once, however
 * many times (and however simultaneously) it is asked about (`settle-purchase.ts`).
 */
import type { PurchaseStatus } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { administratorsOnly, statusOf, type Payments } from './purchases.js';
import { findPurchase } from './repository.js';
import { settlePurchase } from './settle-purchase.js';
import { msg } from '#words';

export async function purchaseOutcome(
  ctx: Pick<ServerContext, 'db' | 'now' | 'mail'>,
  payments: Payments,
  principal: Principal,
  sessionId: string | undefined,
  origin: Origin,
): Promise<PurchaseStatus> {
  administratorsOnly(principal);
  if (!sessionId?.trim()) throw badRequest(msg({ message: 'The payment reference is missing.' }));
  const purchase = await findPurchase(ctx.db, principal.companyId, sessionId.trim());
  if (!purchase) throw badRequest(msg({ message: 'There is no such purchase.' }));
  const provider = payments.byName.get(purchase.provider);
  if (purchase.status !== 'open' || !provider) return statusOf(purchase);

  const now = ctx.now();
  const state = await provider.checkoutState({ sessionId: purchase.sessionId, createdAt: purchase.createdAt }, now);
  if (state === 'open') return statusOf(purchase);
  const settled = await ctx.db.transaction((tx) => settlePurchase(tx, ctx.mail, purchase, state, now, { actor: principal, origin }));
  // Settled by another request in the meantime: as that one left it.
  return statusOf(settled ?? (await findPurchase(ctx.db, principal.companyId, purchase.sessionId)) ?? purchase);
}
