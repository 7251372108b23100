/** The company's integrations and every template it can give one (`list`). */
import type { IntegrationResponse } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import { emptyAnswer, integrationView } from './integration-rules.js';
import { companyTemplates, listIntegrations } from './repository.js';

export async function listIntegrationSettings(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  companyId: number,
  answer: Partial<IntegrationResponse> = {},
): Promise<IntegrationResponse> {
  const items = await listIntegrations(ctx.db, companyId);
  const templates = await companyTemplates(ctx.db, companyId);
  return {
    ...emptyAnswer,
    ...answer,
    forms: items.map((item) => integrationView(ctx.keys, item)),
    allforms: templates.map((template) => ({ id: template.id, title: template.title })),
  };
}
