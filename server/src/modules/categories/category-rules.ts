/**
 * Template categories: administrators create, rename and delete them; everyone sees them
 * with the number of templates in each. Names are unique in a company regardless of case. A
 * refused action answers -1 (a value not valid) or -2 (the name is taken), with the list as
 * it is.
 */
import { appCodes } from '@formsign/sdk/contract';
import type { Principal } from '../../auth/principal.js';
import { AppError, AppErrorCode } from '../../errors/app-error.js';
import { failureTexts } from '../../http/texts.js';

export function checkAdministrator(principal: Principal): void {
  if (!principal.admin) throw new AppError(AppErrorCode.Forbidden, failureTexts.forbidden);
}

export function categoryInvalid(): AppError {
  return new AppError(AppErrorCode.InvalidInput, appCodes.manageCategories['-1'].text, { appCode: '-1' });
}

export function categoryNameIsTaken(): AppError {
  return new AppError(AppErrorCode.Conflict, appCodes.manageCategories['-2'].text, { appCode: '-2' });
}
