/** Withdrawing a sent form: it is cancelled, and its links no longer work. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import { closedStatuses, formToManage, nothingToDo } from './managed-form.js';
import type { FormsContext } from './progression.js';
import { cancelForm, lockForm } from './steps-repository.js';

/** Withdraws the form; answers what the sender reads. */
export async function withdrawForm(ctx: Pick<FormsContext, 'db' | 'now'>, principal: Principal, formId: number, origin: Origin): Promise<string> {
  const form = await formToManage(ctx.db, principal, formId);
  const withdrawn = await ctx.db.transaction(async (tx) => {
    // Under the form's lock: a signature that completed or closed it first stands.
    if (closedStatuses.has((await lockForm(tx, form.id)).status)) return false;
    await cancelForm(tx, form.id, ctx.now());
    await recordEvent(tx, { event: 'cancelled', companyId: form.companyId, actor: principal, target: form.reference, formId: form.id, origin });
    return true;
  });
  if (!withdrawn) throw nothingToDo();
  return 'The form has been withdrawn: its links no longer work.';
}
