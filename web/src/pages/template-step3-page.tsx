/**
 * Template editing, step 3 of 3 (`/template/edit/{id}/step3`, designed): who a form from the
 * template goes to, in order, and whether they act one after the other. Administrators may
 * name the colleague each place goes to by default (the company's users, `POST /users`).
 */
import type { Settings, TemplateDetail, UserRow } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'react-router-dom';
import { FormSuccess } from '../components/form-error.tsx';
import { settingsApi, templatesApi, usersApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { RecipientsForm } from '../features/forms/recipients-form.tsx';
import { EditorFrame, NotATemplate, TemplateLoadState, templateIdOf } from '../features/forms/template-steps.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { seesPage } from '../routes/access.ts';
import { useViewer } from '../session/session.tsx';
import { useReportedTitle } from '../shell/page-title.tsx';
import '../styles/forms.css';

const settingsCalls = area(settingsApi);
const templatesCalls = area(templatesApi);
const usersCalls = area(usersApi);

function RecipientsStep({ id, listsPeople }: { id: number; listsPeople: boolean }) {
  const { t } = useLingui();
  const template = useDataGroup(
    'template',
    null as TemplateDetail | null,
    (templateId: number, options) => templatesCalls.get(templateId, options),
    id,
  );
  const people = useDataGroup(
    'people',
    null as UserRow[] | null,
    (load: boolean, options) =>
      load ? usersCalls.list({ page: 1, limit: 100, filters: { status: 'active' } }, options).then((page) => page.data) : Promise.resolve(null),
    listsPeople,
  );
  // The organisation's default for a new place (readable by everyone of the company).
  const settings = useDataGroup('settings', null as Settings | null, (_load: boolean, options) => settingsCalls.get(options), true);
  useReportedTitle(template.data?.title);
  // What step 2 saved, said here in the page's flow (not over its controls).
  const saved = (useLocation().state as { saved?: unknown } | null)?.saved;
  return (
    <EditorFrame current={3} id={id}>
      {typeof saved === 'string' ? <FormSuccess message={t`Template saved: ${saved}`} /> : null}
      <TemplateLoadState loading={template.loading} error={template.error ? template.message : null} onRetry={template.refetch} />
      {!template.loading && template.data && !people.loading && !settings.loading ? (
        <RecipientsForm
          key={template.data.id}
          template={template.data}
          people={people.data}
          defaultVerification={settings.data?.default_verification ?? 'none'}
        />
      ) : null}
    </EditorFrame>
  );
}

function DetailsFirst() {
  return (
    <EditorFrame current={3} id="new">
      <section className="card" aria-labelledby="recipients-first-title">
        <h2 id="recipients-first-title">
          <Trans>Save the details first</Trans>
        </h2>
        <p>
          <Trans>A new template gets its recipients once its title is saved in step 1.</Trans>
        </p>
        <Link className="button" to="/template/edit/new/step1">
          <Trans>Go to step 1: details</Trans>
        </Link>
      </section>
    </EditorFrame>
  );
}

export default function TemplateStep3Page() {
  const { id: address } = useParams();
  const viewer = useViewer();
  const id = templateIdOf(address);
  if (id === null) return <NotATemplate />;
  if (id === 'new') return <DetailsFirst />;
  return <RecipientsStep key={id} id={id} listsPeople={seesPage('users-page', viewer)} />;
}
