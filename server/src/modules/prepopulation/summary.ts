/** A data source as the contract lists it. */
import type { PrepopulationSourceSummary } from '@formsign/sdk/contract';
import type { SourceRecord } from './repository.js';

export function summary(source: SourceRecord): PrepopulationSourceSummary {
  return {
    id: source.id,
    name: source.name,
    template_id: source.templateId,
    template: source.template,
    records: source.records,
    updated_at: (source.loadedAt ?? source.updatedAt).toISOString(),
  };
}
