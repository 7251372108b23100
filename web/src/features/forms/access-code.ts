/** The access code a sender chooses for a place that asks for one, and gives its recipient another way. */
import { contractLimits } from '@formsign/sdk';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n.ts';

/** The shortest access code the server takes. */
export const accessCodeLength = contractLimits['SendFormRequest.recipients.access_code'].minLength;

/** What an access code typed by the sender lacks, or empty. */
export function accessCodeProblem(code: string): string {
  return code.trim().length < accessCodeLength
    ? i18n._(msg`Choose an access code of at least ${accessCodeLength} characters, and give it to them yourself (by phone or by text message).`)
    : '';
}
