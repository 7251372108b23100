/**
 * The Templates operations: managing templates (list, create, update details, fields or
 * steps, duplicate, archive, restore, delete), one template, the light list for pickers, the
 * listing a person starts a form from, and the PDF a template's fields are placed on. Every
 * change is a use case of its own, audited; a refused change answers the contract's -1 with
 * the page of templates (or no template).
 */
import type { ManagedTemplate, ManageTemplatesRequest, ManageTemplatesResponse, TemplateDetail } from '@formsign/sdk/contract';
import type { Origin } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { pageOf } from '../../db/list-filters.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { notFound, type RefusalBodies } from '../../http/errors.js';
import { uploadedFile } from '../../http/uploads.js';
import { changeTemplatePdf } from './change-template-pdf.js';
import { changeTemplatesStatus } from './change-templates-status.js';
import { duplicateTemplate } from './duplicate-template.js';
import { fieldOf, stepOf } from './field-shapes.js';
import { findTemplate, listing, listManaged, summaries, type TemplateRecord } from './repository.js';
import { stepsOf } from './steps.js';
import { saveTemplate } from './save-template.js';
import { type Language } from '../../i18n/i18n.js';

type TemplatesContext = Pick<ServerContext, 'db' | 'now' | 'keys' | 'files' | 'fileWork' | 'config' | 'jobs'>;

type TemplateHandlers = Pick<Handlers, 'manageTemplates' | 'getTemplate' | 'listTemplateSummaries' | 'listTemplateListing' | 'manageTemplatePdf'>;

export function detailOf(ctx: Pick<ServerContext, 'keys' | 'now'>, template: TemplateRecord & { category: string }): TemplateDetail {
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    category: template.category,
    status: template.status,
    fields: template.fields.map(fieldOf),
    updated_at: template.updatedAt.toISOString(),
    steps: stepsOf(template.steps).map(stepOf),
    sequential: template.sequential,
    pdf: template.pdfKey ? signedFileUrl(ctx.keys, template.pdfKey, ctx.now(), { name: `${template.title}.pdf` }) : null,
    pdf_pages: template.pdfKey ? template.pdfPages : [],
  };
}

/** A page of the company's templates, as Manage Templates lists them. */
async function managedPage(db: Database, principal: Principal, request: ManageTemplatesRequest, countCap: number) {
  const paging = pageOf(request, countCap);
  const filters = request.filters ?? {};
  const { rows, ...total } = await listManaged(db, principal.companyId, {
    ...paging,
    search: filters.search,
    status: filters.status,
    from: filters.from,
    to: filters.to,
    sort: filters.sort,
    order: filters.order,
  });
  const data: ManagedTemplate[] = rows.map(({ template, category, uses, fields }) => ({
    id: template.id,
    title: template.title,
    category: category ?? '',
    status: template.status,
    fields: Number(fields),
    uses: Number(uses),
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  }));
  return { page: paging.page, limit: paging.limit, ...total, data };
}

/** Runs what `functions` asks; answers the id of the template it made or changed, when one. */
async function manage(
  ctx: TemplatesContext,
  principal: Principal,
  request: ManageTemplatesRequest,
  origin: Origin,
  language: Language,
): Promise<number | undefined> {
  switch (request.functions) {
    case 'list':
      return undefined;
    case 'create':
    case 'update':
      return saveTemplate(ctx, principal, request, origin, language);
    case 'duplicate':
      return duplicateTemplate(ctx, principal, request.id ?? 0, origin);
    case 'archive':
    case 'restore':
    case 'delete': {
      const ids = await changeTemplatesStatus(ctx, principal, request.functions, request.ids ?? (request.id ? [request.id] : []), origin);
      return ids.length === 1 ? ids[0] : undefined;
    }
  }
}

export function templatesHandlers(ctx: TemplatesContext): TemplateHandlers {
  return {
    async manageTemplates(request): Promise<ManageTemplatesResponse> {
      const { principal, body } = request;
      const id = await manage(ctx, principal, body, request, request.language);
      return { code: 1, message: '', ...(id !== undefined ? { id } : {}), ...(await managedPage(ctx.db, principal, body, ctx.config.listCountCap)) };
    },
    async getTemplate({ principal, body }) {
      const template = await findTemplate(ctx.db, principal.companyId, body.id);
      if (!template) throw notFound();
      return detailOf(ctx, template);
    },
    async manageTemplatePdf(request) {
      const { principal, body } = request;
      const id = Number(body.id);
      const change =
        body.function === 'upload' ? { action: 'upload' as const, file: uploadedFile(request.raw, 'file') } : { action: 'remove' as const };
      const changed = await changeTemplatePdf(ctx, principal, id, change, request);
      const template = await findTemplate(ctx.db, principal.companyId, changed);
      if (!template) throw notFound();
      return { code: 1, message: '', template: detailOf(ctx, template) };
    },
    async listTemplateSummaries({ principal }) {
      return { data: await summaries(ctx.db, principal.companyId) };
    },
    async listTemplateListing({ principal, body }) {
      const rows = await listing(ctx.db, principal.companyId, body.search);
      return {
        all: rows.map(({ template, category, fields }) => ({
          id: template.id,
          title: template.title,
          category: category ?? '',
          description: template.description,
          fields: Number(fields),
          updated_at: template.updatedAt.toISOString(),
        })),
      };
    },
  };
}

/** The refusals of template changes: the page of templates, or no template, beside the reason. */
export function templatesRefusalBodies(ctx: Pick<ServerContext, 'db' | 'config'>): RefusalBodies {
  return {
    manageTemplates: async (refusal, request) => ({
      ...refusal,
      ...(await managedPage(ctx.db, request.principal, request.body, ctx.config.listCountCap)),
    }),
    manageTemplatePdf: (refusal) => ({ ...refusal, template: null }),
  };
}
