/** A template change that is refused: answered with the contract's code -1, the reason and the page of templates (or no template). */
import { AppError, AppErrorCode } from '../../errors/app-error.js';

export function templateRefusal(reason: string): AppError {
  return new AppError(AppErrorCode.InvalidInput, reason, { appCode: '-1' });
}
