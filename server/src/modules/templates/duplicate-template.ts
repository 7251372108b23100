/** Duplicating a template: a copy of its details, fields, places and PDF, titled as a copy. */
import { recordEvent, type Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { findTemplate, insertTemplate } from './repository.js';

/** Copies the template; answers the copy's id. */
export async function duplicateTemplate(ctx: Pick<ServerContext, 'db'>, principal: Principal, templateId: number, origin: Origin): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const source = await findTemplate(tx, principal.companyId, templateId);
    if (!source) throw notFound();
    const title = `${source.title} (copy)`;
    const { description, categoryId, fields, steps, sequential, pdfKey, pdfPages } = source;
    const id = await insertTemplate(tx, {
      companyId: principal.companyId,
      title,
      description,
      categoryId,
      fields,
      steps,
      sequential,
      pdfKey,
      pdfPages,
      createdBy: principal.userId,
    });
    await recordEvent(tx, {
      event: 'template-saved',
      companyId: principal.companyId,
      actor: principal,
      target: title,
      origin,
      details: { template: id, duplicateOf: source.id },
    });
    return id;
  });
}
