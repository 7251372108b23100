/**
 * User groups: administrators of the company (not personal ones, who have no Users) create,
 * change (name and members) and delete them. Names are unique in a company regardless of
 * case; every member must be a user of the company. A refused action answers -1 (a value not
 * valid) or -2 (the name is taken), with the groups as they are.
 */
import { appCodes } from '@formsign/sdk/contract';
import { administersCompany, type Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';
import { type Text } from '#words';

/** The most members a group holds. */
export const largestGroup = 1000;

export function checkAdministers(principal: Principal): void {
  if (!administersCompany(principal)) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
}

export function groupInvalid(message: Text = appCodes.manageGroups['-1'].text): AppError {
  return new AppError(AppErrorCode.InvalidInput, message, { appCode: '-1' });
}

export function groupNameIsTaken(): AppError {
  return new AppError(AppErrorCode.Conflict, appCodes.manageGroups['-2'].text, { appCode: '-2' });
}
