/**
 * The Templates operations: managing templates (list, create, update details, fields or
 * steps, duplicate, archive, restore, delete), one template, the light list for pickers, the
 * listing a person starts a form from, and the PDF a template's fields are placed on. Every
 * change is audited.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FormField, ManagedTemplate, ManageTemplatesRequest, ManageTemplatesResponse, TemplateDetail, TemplateDetails, TemplateStepsUpdate } from '@formsign/sdk/contract';
import { recordEvent } from '../../audit/audit.js';
import type { Principal } from '../../auth/principal.js';
import type { Handlers } from '../../contract/handler-types.js';
import type { ServerContext } from '../../context.js';
import { templates } from '../../db/schema.js';
import { signedFileUrl } from '../../files/signed-urls.js';
import { notFound } from '../../http/errors.js';
import { categoryFor, companyUserIds, findTemplate, listing, listManaged, ownTemplateIds, summaries, type TemplateRecord } from './repository.js';
import { definitionOf, fieldOf, stepOf } from './field-shapes.js';
import { checkFields, checkSteps, stepsOf } from './rules.js';
import { changeSourcePdf } from './source-pdf.js';
import { uploadedFile } from '../../http/uploads.js';

type TemplateHandlers = Pick<Handlers, 'manageTemplates' | 'getTemplate' | 'listTemplateSummaries' | 'listTemplateListing' | 'manageTemplatePdf'>;

export function detailOf(ctx: ServerContext, template: TemplateRecord & { category: string }): TemplateDetail {
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

type Value = NonNullable<ManageTemplatesRequest['value']>;
const isFields = (value: Value): value is FormField[] => Array.isArray(value);
const isSteps = (value: Value): value is TemplateStepsUpdate => !Array.isArray(value) && 'steps' in value;
const isDetails = (value: Value): value is TemplateDetails => !Array.isArray(value) && 'title' in value;

class Refusal extends Error {}

export function templatesHandlers(ctx: ServerContext): TemplateHandlers {
  async function page(principal: Principal, request: ManageTemplatesRequest) {
    const pageNumber = request.page ?? 1;
    const limit = request.limit ?? 25;
    const filters = request.filters ?? {};
    const { total, rows } = await listManaged(ctx.db, principal.companyId, { page: pageNumber, limit, search: filters.search, status: filters.status, from: filters.from, to: filters.to, sort: filters.sort, order: filters.order });
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
    return { page: pageNumber, limit, total, data };
  }

  /** Applies `create` or `update`; answers the template's id. */
  async function save(principal: Principal, request: ManageTemplatesRequest, origin: { ip: string; userAgent: string }): Promise<number> {
    const value = request.value;
    if (!value || !request.type) throw new Refusal('Say what to save: the details, the fields or the recipients.');
    return ctx.db.transaction(async (tx) => {
      const existing = request.functions === 'update' ? await findTemplate(tx, principal.companyId, request.id ?? 0) : undefined;
      if (request.functions === 'update' && !existing) throw notFound();
      const change: Partial<typeof templates.$inferInsert> = { updatedAt: ctx.now() };
      if (request.type === 'details' && isDetails(value)) {
        if (!value.title.trim()) throw new Refusal('Please give the template a title.');
        change.title = value.title.trim();
        change.description = value.description.trim();
        change.categoryId = await categoryFor(tx, principal.companyId, value.category);
      } else if (request.type === 'fields' && isFields(value)) {
        const checked = checkFields(value.map(definitionOf), stepsOf(existing?.steps ?? []).length, existing?.pdfPages ?? []);
        if (!checked.ok) throw new Refusal(checked.reason);
        change.fields = checked.value;
      } else if (request.type === 'steps' && isSteps(value)) {
        const checked = checkSteps(
          value.steps.map((step) => ({ label: step.label, action: step.action, userId: step.user_id ?? null })),
          await companyUserIds(tx, principal.companyId),
        );
        if (!checked.ok) throw new Refusal(checked.reason);
        const beyond = (existing?.fields ?? []).find((field) => (field.step ?? 1) > checked.value.length);
        if (beyond) throw new Refusal(`The field "${beyond.label}" is answered by place ${beyond.step}: keep that place, or change who answers the field first.`);
        change.steps = checked.value;
        change.sequential = value.sequential;
      } else {
        throw new Refusal('What was sent does not match what it says it is.');
      }
      let id: number;
      if (existing) {
        await tx.update(templates).set(change).where(eq(templates.id, existing.id));
        id = existing.id;
      } else {
        const [created] = await tx
          .insert(templates)
          .values({ title: 'Untitled template', ...change, companyId: principal.companyId, createdBy: principal.userId })
          .returning({ id: templates.id, title: templates.title });
        if (!created) throw new Error('The template was not created.');
        id = created.id;
      }
      await recordEvent(tx, { event: 'template-saved', companyId: principal.companyId, actor: principal, target: change.title ?? existing?.title ?? 'Untitled template', origin, details: { template: id, part: request.type, created: !existing } });
      return id;
    });
  }

  async function act(principal: Principal, request: ManageTemplatesRequest, origin: { ip: string; userAgent: string }): Promise<number | undefined> {
    switch (request.functions) {
      case 'list':
        return undefined;
      case 'create':
      case 'update':
        return save(principal, request, origin);
      case 'duplicate': {
        return ctx.db.transaction(async (tx) => {
          const source = await findTemplate(tx, principal.companyId, request.id ?? 0);
          if (!source) throw notFound();
          const [copy] = await tx
            .insert(templates)
            .values({ companyId: principal.companyId, title: `${source.title} (copy)`, description: source.description, categoryId: source.categoryId, fields: source.fields, steps: source.steps, sequential: source.sequential, pdfKey: source.pdfKey, pdfPages: source.pdfPages, createdBy: principal.userId })
            .returning({ id: templates.id });
          if (!copy) throw new Error('The template was not copied.');
          await recordEvent(tx, { event: 'template-saved', companyId: principal.companyId, actor: principal, target: `${source.title} (copy)`, origin, details: { template: copy.id, duplicateOf: source.id } });
          return copy.id;
        });
      }
      case 'archive':
      case 'restore':
      case 'delete': {
        const ids = await ownTemplateIds(ctx.db, principal.companyId, request.ids ?? (request.id ? [request.id] : []));
        if (ids.length === 0) throw notFound();
        await ctx.db.transaction(async (tx) => {
          const now = ctx.now();
          const change = request.functions === 'delete' ? { deletedAt: now, updatedAt: now } : { status: request.functions === 'archive' ? ('archived' as const) : ('active' as const), updatedAt: now };
          await tx.update(templates).set(change).where(and(eq(templates.companyId, principal.companyId), inArray(templates.id, ids)));
          await recordEvent(tx, { event: request.functions === 'delete' ? 'template-deleted' : 'template-saved', companyId: principal.companyId, actor: principal, target: `${ids.length} template(s)`, origin, details: { templates: ids, action: request.functions } });
        });
        return ids.length === 1 ? ids[0] : undefined;
      }
    }
  }

  return {
    async manageTemplates(request): Promise<ManageTemplatesResponse> {
      const { principal, body } = request;
      try {
        const id = await act(principal, body, request);
        return { code: 1, message: '', ...(id !== undefined ? { id } : {}), ...(await page(principal, body)) };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return { code: -1, message: error.message, ...(await page(principal, body)) };
      }
    },
    async getTemplate({ principal, body }) {
      const template = await findTemplate(ctx.db, principal.companyId, body.id);
      if (!template) throw notFound();
      return detailOf(ctx, template);
    },
    async manageTemplatePdf(request) {
      const { principal, body } = request;
      const id = Number(body.id);
      const change = body.function === 'upload' ? { action: 'upload' as const, file: uploadedFile(request.raw, 'file') } : { action: 'remove' as const };
      const outcome = await changeSourcePdf(ctx, principal, id, change, request);
      if (outcome.code !== 1) return { ...outcome, template: null };
      const template = await findTemplate(ctx.db, principal.companyId, outcome.templateId);
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
