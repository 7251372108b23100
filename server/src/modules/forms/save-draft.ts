/** A recipient saves their answers through their link, to finish later (at most 20 times an hour, `save-limit.ts`). */
import type { WebSigningRequest, WebSigningResponse } from '@formsign/sdk/contract';
import { recordEvent, type Origin } from '../../audit/audit.js';
import { checkAnswers } from './answers.js';
import { removeUnused, storeFiles } from './documents.js';
import type { FormsContext } from './progression.js';
import type { FormRecord, RecipientRecord } from './repository.js';
import { checkSaveLimit } from './save-limit.js';
import {
  checkInitials,
  checkStepOpen,
  clearedFiles,
  editableFields,
  receipt,
  signingCompany,
  signingRefusal,
  signingTexts,
} from './signing-rules.js';
import { lockStep, takeStep } from './steps-repository.js';
import { AppErrorCode } from '../../errors/app-error.js';
import { msg } from '#words';
import { say, type Language } from '../../i18n/i18n.js';
import { sayRuleIn } from '../../i18n/rule-words.js';

const draftTexts = {
  saved: msg({ message: 'Your answers have been saved. Open this link again to finish.' }),
};

export async function saveDraft(
  ctx: FormsContext,
  request: WebSigningRequest,
  form: FormRecord,
  recipient: RecipientRecord,
  origin: Origin,
  language: Language,
): Promise<WebSigningResponse> {
  const now = ctx.now();
  const fields = editableFields(form, recipient);
  const answers = checkAnswers(fields, request.values, { draft: true, form, say: sayRuleIn(language) });
  // The initials given so far are kept with the draft, checked as at signing (none may be given yet).
  const initialsFields = fields.filter((field) => field.type === 'initials');
  const initials = checkInitials(initialsFields, request.initials, (await signingCompany(ctx, form.companyId)).typedSignature, { draft: true });
  const stored = await ctx.db.transaction(async (tx) => {
    const current = await lockStep(tx, form.id, recipient.id);
    checkStepOpen(current.form, current.recipient, now);
    await checkSaveLimit(tx, form.id, recipient.order);
    if (!(await takeStep(tx, recipient.id, { draft: answers.values, initials, openedAt: current.recipient.openedAt ?? now })))
      throw signingRefusal(signingTexts.alreadySigned, AppErrorCode.Conflict);
    const kept = await storeFiles(ctx, tx, form, answers.files, { name: recipient.name, attacher: 'signer' }, clearedFiles(fields, answers.values));
    await recordEvent(tx, {
      event: 'saved',
      companyId: form.companyId,
      actor: { userId: recipient.userId, name: recipient.name },
      target: form.reference,
      formId: form.id,
      origin,
      details: { order: recipient.order },
    });
    return kept;
  });
  await removeUnused(ctx, form.id, stored);
  return receipt('saved', false, '', say(language, draftTexts.saved));
}
