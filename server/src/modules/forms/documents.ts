/**
 * Supporting documents: files a person attaches to a form through its file fields, kept in
 * the file store under the form and listed in Supporting Documents.
 */
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { documents } from '../../db/schema.js';
import type { FileAnswer } from './answers.js';

function safeName(name: string): string {
  const clean = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '').slice(-100);
  return clean || 'attachment';
}

export async function storeFiles(ctx: ServerContext, tx: Database, form: { id: number; companyId: number }, files: readonly FileAnswer[], uploadedBy: string): Promise<void> {
  for (const file of files) {
    const key = `forms/${form.id}/documents/${randomBytes(6).toString('hex')}-${safeName(file.name)}`;
    await ctx.files.put(key, file.bytes, file.mime);
    await tx.insert(documents).values({ companyId: form.companyId, formId: form.id, field: file.field, name: file.name.slice(0, 200), mime: file.mime, size: file.bytes.length, fileKey: key, uploadedBy, uploadedAt: ctx.now() });
  }
}
