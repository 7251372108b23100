/** Withdrawing a sent form: it is cancelled, its links no longer work, and the recipients whose links were live are told. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { closedStatuses, formToManage, nothingToDo } from './managed-form.js';
import { withdrawnMail } from './notify.js';
import { mailFacts, queueMail, type FormsContext } from './progression.js';
import { recipientsOf } from './repository.js';
import { cancelForm, lockForm } from './steps-repository.js';

/** Withdraws the form; answers what the sender reads. */
export async function withdrawForm(
  ctx: Pick<FormsContext, 'db' | 'now' | 'mail'>,
  principal: Principal,
  formId: number,
  origin: Origin,
): Promise<string> {
  const form = await formToManage(ctx.db, principal, formId);
  const told = await ctx.db.transaction(async (tx) => {
    // Under the form's lock: a signature that completed or closed it first stands.
    const current = await lockForm(tx, form.id);
    if (closedStatuses.has(current.status)) return null;
    // Those whose turn was open had a link that worked until now; those still waiting never got one.
    const live = (await recipientsOf(tx, form.id)).filter((recipient) => recipient.status === 'open');
    await cancelForm(tx, form.id, ctx.now());
    await recordEvent(tx, { event: 'cancelled', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin });
    const facts = await mailFacts(tx, current);
    await queueMail(
      ctx,
      tx,
      live.map((recipient) => withdrawnMail(facts, recipient)),
    );
    return live.map((recipient) => recipient.name);
  });
  if (!told) throw nothingToDo();
  if (told.length === 0) return 'The form has been withdrawn: its links no longer work.';
  return `The form has been withdrawn: its links no longer work, and ${listOf(told)} ${told.length === 1 ? 'is' : 'are'} being told by email.`;
}

function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}
