/** Withdrawing a sent form: it is cancelled, its links no longer work, and the recipients whose links were live are told. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { closedStatuses, formToManage, nothingToDo } from './managed-form.js';
import { withdrawnMail } from './notify.js';
import { mailFacts, queueMail, type FormsContext } from './progression.js';
import { recipientsOf } from './repository.js';
import { cancelForm, lockForm } from './steps-repository.js';
import { filled, msg, type Words } from '#words';

const withdrawTexts = {
  withdrawn: msg({ message: 'The form has been withdrawn: its links no longer work.' }),
  withdrawnAndTold: msg({
    message:
      'The form has been withdrawn: its links no longer work, and {count, plural, one {{names} is being told by email.} other {{names} are being told by email.}}',
  }),
};

/** Withdraws the form; answers what the sender reads. */
export async function withdrawForm(
  ctx: Pick<FormsContext, 'db' | 'now' | 'mail'>,
  principal: Principal,
  formId: number,
  origin: Origin,
): Promise<Words> {
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
  if (told.length === 0) return withdrawTexts.withdrawn;
  return filled(withdrawTexts.withdrawnAndTold, { count: told.length, names: told });
}
