/**
 * How a link's holder proves they are a place's recipient before the form opens (a template's
 * place, and the organisation's default for new templates), in the words the sender reads.
 */
import { contractLimits, type TemplateStep } from '@formsign/sdk';

export type Verification = NonNullable<TemplateStep['verification']>;

export const verificationChoices: ReadonlyArray<{ value: Verification; label: string }> = [
  { value: 'none', label: 'The signing link alone' },
  { value: 'email-code', label: 'A code emailed to them' },
  { value: 'access-code', label: 'An access code you give them' },
];

/** The shortest access code the server takes. */
export const accessCodeLength = contractLimits['SendFormRequest.recipients.access_code'].minLength;

/** What an access code typed by the sender lacks, or empty. */
export function accessCodeProblem(code: string): string {
  return code.trim().length < accessCodeLength
    ? `Choose an access code of at least ${accessCodeLength} characters, and give it to them yourself (by phone or by text message).`
    : '';
}
