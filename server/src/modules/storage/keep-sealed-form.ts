/**
 * Saving a sealed form's PDF into Documents when its company saves every completed form there
 * (`storage_auto_save`): in the folder `Completed forms/<form title>`, named as a person's save
 * names it, once per form. The sealed PDF stays with the form whatever happens here: when the
 * storage is full, the copy is skipped and the system log says why. A seal made more than a
 * day after the form was completed (the demo's year of forms on a first start, or a seal held
 * up for days) saves no copy, as it mails no one: the form is saved to Documents by hand.
 */
import { recordEvent, systemMessage } from '../../audit/audit.js';
import { companySettings } from '../../companies/repository.js';
import type { ServerContext } from '../../context.js';
import { folderName, hasRoomFor, keepFile, storageQuota } from './document-storage.js';
import { hasCopyIn, sealedFormToKeep } from './repository.js';
import { msg } from '#words';

const keepTexts = {
  storageFull: msg({
    message: 'The sealed PDF of {reference} was not saved to Documents: the storage is full ({size} GB). It is kept with the form.',
  }),
};

/** The folder of Documents where the sealed forms of a title are saved. */
export const autoSaveFolder = (title: string): string => `Completed forms/${folderName(title)}`;

/** A seal made this long after the form was completed saves no copy. */
const keepWithinMs = 24 * 60 * 60 * 1000;

export type KeepOutcome = 'saved' | 'off' | 'already' | 'late' | 'not-sealed' | 'full';

export async function keepSealedForm(ctx: Pick<ServerContext, 'db' | 'files'>, formId: number): Promise<KeepOutcome> {
  const form = await sealedFormToKeep(ctx.db, formId);
  if (!form?.sealedKey || !form.sealedAt || form.status !== 'completed') return 'not-sealed';
  if ((await companySettings(ctx.db, form.companyId))?.storage_auto_save !== true) return 'off';
  if (form.completedAt && form.sealedAt.getTime() - form.completedAt.getTime() > keepWithinMs) return 'late';
  const folder = autoSaveFolder(form.title);
  if (await hasCopyIn(ctx.db, form.id, folder)) return 'already';
  const bytes = await ctx.files.get(form.sealedKey);
  if (!bytes) return 'not-sealed';
  return ctx.db.transaction(async (tx) => {
    if (!(await hasRoomFor(tx, form.companyId, bytes.length))) {
      const gib = storageQuota / 1024 ** 3;
      await recordEvent(tx, {
        event: 'system',
        companyId: form.companyId,
        actor: 'system',
        level: 'warning',
        target: form.reference,
        formId: form.id,
        details: systemMessage(keepTexts.storageFull, { reference: form.reference, size: gib }),
      });
      return 'full';
    }
    const file = await keepFile(ctx, tx, {
      companyId: form.companyId,
      folder,
      name: `${form.title} ${form.reference}.pdf`,
      mime: 'application/pdf',
      bytes,
      formId: form.id,
      createdBy: 'formsign',
    });
    await recordEvent(tx, {
      event: 'file-saved',
      companyId: form.companyId,
      actor: 'system',
      target: file.name,
      formId: form.id,
      details: { folder, file: file.id, automatic: true },
    });
    return 'saved';
  });
}
