/**
 * A sent form as its sender and the company's administrators manage it (remind, withdraw):
 * the form must be one the person sees, they must manage it, and it must still be open.
 */
import { appCodes } from '@formsign/sdk/contract';
import { administersCompany, type Principal } from '../../auth/principal.js';
import type { Database } from '../../db/database.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { notFound } from '../../http/errors.js';
import { visibleForm, type FormRecord } from './repository.js';
import { msg, type Text } from '#words';

export const closedStatuses: ReadonlySet<FormRecord['status']> = new Set(['completed', 'cancelled', 'disapproved', 'declined']);

/** A form stopped by one of its recipients (sent back, or declined): its sender may correct it and send it again. */
export const stoppedStatuses: ReadonlySet<FormRecord['status']> = new Set(['disapproved', 'declined']);

const managedTexts = {
  notYours: msg({ message: 'Only the sender of this form, or an administrator, can do this.' }),
};

/** Nothing to do: the form is complete or withdrawn, or the recipient is not waiting (the contract's -3). */
export function nothingToDo(text: Text = appCodes.manageFormProgress['-3'].text): AppError {
  return new AppError(AppErrorCode.Conflict, text, { appCode: '-3' });
}

/** Only a form sent back or declined can be sent again (the contract's -5). */
export function notStopped(): AppError {
  return new AppError(AppErrorCode.Conflict, appCodes.manageFormProgress['-5'].text, { appCode: '-5' });
}

/** The sender and the company's administrators manage a sent form. */
function manages(principal: Principal, form: FormRecord): boolean {
  return form.companyId === principal.companyId && (administersCompany(principal) || form.senderId === principal.userId);
}

/** The form, when the person manages it and it is still open (or, when `only` is given, has one of those statuses). */
export async function formToManage(
  db: Database,
  principal: Principal,
  formId: number,
  only?: ReadonlySet<FormRecord['status']>,
): Promise<FormRecord> {
  const found = await visibleForm(db, principal, formId);
  if (!found) throw notFound();
  if (!manages(principal, found.form)) throw new AppError(AppErrorCode.Forbidden, managedTexts.notYours);
  if (only) {
    if (!only.has(found.form.status)) throw notStopped();
  } else if (closedStatuses.has(found.form.status)) throw nothingToDo();
  return found.form;
}
