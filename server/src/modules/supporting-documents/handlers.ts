/** Supporting documents (`/get-alldocuments`): the files attached to the forms the caller may see, each with a signed address to open it. */
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { companyTimeZone } from '../../companies/repository.js';
import { pageOf, searchWords } from '../../db/list-filters.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { listDocuments } from './repository.js';

export function supportingDocumentsHandlers(ctx: Pick<ServerContext, 'db' | 'keys' | 'now' | 'config'>): Pick<Handlers, 'listSupportingDocuments'> {
  return {
    async listSupportingDocuments({ query, principal }) {
      const page = pageOf(query, ctx.config.listCountCap);
      const filters = query.filters ?? {};
      const timeZone = await companyTimeZone(ctx.db, principal.companyId);
      const { rows, ...total } = await listDocuments(ctx.db, principal, {
        ...page,
        search: searchWords(filters.search),
        template: filters.template,
        from: filters.from,
        to: filters.to,
        sort: filters.sort,
        order: filters.order,
        timeZone,
      });
      const now = ctx.now();
      return {
        page: page.page,
        limit: page.limit,
        ...total,
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          form_id: row.formId,
          form: row.form,
          reference: row.reference,
          uploaded_by: row.uploadedBy,
          uploaded_at: row.uploadedAt.toISOString(),
          size: row.size,
          mime: row.mime,
          url: signedFileUrl(ctx.keys, row.fileKey, now, { name: row.name }),
        })),
      };
    },
  };
}
