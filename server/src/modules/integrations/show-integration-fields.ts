/** A template's fields, the map of its integration and where it delivers (`fields`). */
import type { IntegrationResponse, IntegrationsQuery } from '@formsign/sdk/contract';
import type { ServerContext } from '../../context.js';
import { deliveredFiles, emptyAnswer, integrationOf, mappableFields, templateOf } from './integration-rules.js';

export async function showIntegrationFields(
  ctx: Pick<ServerContext, 'db'>,
  companyId: number,
  query: IntegrationsQuery,
): Promise<IntegrationResponse> {
  const template = await templateOf(ctx, companyId, query.id);
  const item = await integrationOf(ctx, companyId, query, template);
  return {
    ...emptyAnswer,
    type: 'fields',
    fields: mappableFields(template),
    map: item?.map ?? {},
    title: template.title,
    sid: item?.id ?? null,
    files: deliveredFiles(item?.type ?? query.type ?? 'pdf'),
    recipient: item?.recipient ?? '',
  };
}
