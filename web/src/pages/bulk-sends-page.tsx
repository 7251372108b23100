/**
 * Bulk sends (`/bulk-sends/{id?}`, designed): sending a template to many people from a CSV.
 * `?template={id}` sends one (download its CSV, check the filled file with every bad row
 * shown, send); `/bulk-sends/{id}` follows one (progress, counts, rows not sent, Cancel);
 * otherwise the newest bulk sends, each linked to its page. One page for the three, so that the
 * route table every page loads grows by one entry.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams, useSearchParams } from 'react-router-dom';
import { FormError } from '../components/form-error.tsx';
import { BulkSendList } from '../features/bulk-send/bulk-send-list.tsx';
import { BulkSendProgress } from '../features/bulk-send/bulk-send-progress.tsx';
import type { TemplateDetail } from '@formsign/sdk';
import { templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { BulkSendForm } from '../features/bulk-send/bulk-send-upload.tsx';
import { TemplateLoadState, templateIdOf } from '../features/forms/template-steps.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useReportedTitle } from '../shell/page-title.tsx';
import '../styles/forms.css';

const templatesCalls = area(templatesApi);

function SendTemplate({ templateId }: { templateId: string }) {
  const { t } = useLingui();
  const found = templateIdOf(templateId);
  const template = useDataGroup(
    'template',
    null as TemplateDetail | null,
    (id: number, options) => templatesCalls.get(id, options),
    typeof found === 'number' ? found : 0,
  );
  const title = template.data?.title;
  useReportedTitle(title !== undefined ? t`Send ${title} in bulk` : undefined);
  return (
    <>
      <TemplateLoadState loading={template.loading} error={template.error ? template.message : null} onRetry={template.refetch} />
      {template.data ? (
        template.data.status === 'archived' ? (
          <section className="card">
            <h2>
              <Trans>This template is archived</Trans>
            </h2>
            <p>
              <Trans>Restore it in Manage Template to send forms from it.</Trans>
            </p>
          </section>
        ) : (
          <BulkSendForm key={template.data.id} template={template.data} />
        )
      ) : null}
    </>
  );
}

export default function BulkSendsPage() {
  const { t } = useLingui();
  const { id } = useParams();
  const [search] = useSearchParams();
  const template = search.get('template');
  const bulkId = Number(id);
  return (
    <div className="page page--narrow">
      {id !== undefined ? (
        Number.isInteger(bulkId) && bulkId >= 1 ? (
          <BulkSendProgress key={bulkId} id={bulkId} />
        ) : (
          <FormError message={t`This bulk send does not exist.`} />
        )
      ) : template !== null ? (
        <SendTemplate key={template} templateId={template} />
      ) : (
        <BulkSendList />
      )}
    </div>
  );
}
