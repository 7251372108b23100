/**
 * Send a form (`/send/{templateId}`, designed): choose a template when none is named, then
 * its recipients, a note, the form's language (the organisation's, read from its settings, unless
 * chosen) and an expiry (`POST /send-form`). Administrators pick colleagues
 * from the company's people (`POST /users`); everyone can type a name and an email.
 */
import type { Settings, TemplateDetail, TemplateListing, UserRow } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { settingsApi, templatesApi, usersApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { SendForm } from '../features/forms/send-form.tsx';
import { isLanguageCode } from '../i18n/languages.ts';
import { TemplateLoadState, templateIdOf } from '../features/forms/template-steps.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { seesPage } from '../routes/access.ts';
import { useViewer } from '../session/session.tsx';
import { useReportedTitle } from '../shell/page-title.tsx';
import '../styles/forms.css';

const settingsCalls = area(settingsApi);
const templatesCalls = area(templatesApi);
const usersCalls = area(usersApi);

function ChooseTemplate() {
  const id = useId();
  const navigate = useNavigate();
  const listing = useDataGroup(
    'templates',
    [] as TemplateListing[],
    (_none: null, options) => templatesCalls.listing({ search: '' }, options).then((answer) => answer.all),
    null,
  );
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Which template?</Trans>
      </h2>
      <TemplateLoadState loading={listing.loading} error={listing.error ? listing.message : null} onRetry={listing.refetch} />
      {!listing.loading && listing.data.length === 0 ? (
        <p>
          <Trans>
            There is no template to send yet. <Link to="/template/edit/new/step1">Make one in Manage Template.</Link>
          </Trans>
        </p>
      ) : null}
      <ul className="send-choose">
        {listing.data.map((template) => (
          <li key={template.id}>
            <button type="button" className="button button--secondary" onClick={() => void navigate(`/send/${template.id}`)}>
              {template.title}
            </button>{' '}
            <span className="muted">{template.category}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SendTemplate({
  templateId,
  listsPeople,
  worksCases,
  prefills,
}: {
  templateId: number;
  listsPeople: boolean;
  worksCases: boolean;
  prefills: boolean;
}) {
  const { t } = useLingui();
  const template = useDataGroup('template', null as TemplateDetail | null, (id: number, options) => templatesCalls.get(id, options), templateId);
  const people = useDataGroup(
    'people',
    null as UserRow[] | null,
    (load: boolean, options) =>
      load ? usersCalls.list({ page: 1, limit: 100, filters: { status: 'active' } }, options).then((page) => page.data) : Promise.resolve(null),
    listsPeople,
  );
  // The organisation's language, the form's unless the sender chooses another (unknown when the settings cannot be read).
  const settings = useDataGroup('settings', null as Settings | null, (_load: boolean, options) => settingsCalls.get(options), true);
  const organisationLanguage = settings.data?.language;
  const title = template.data?.title;
  useReportedTitle(title !== undefined ? t`Send ${title}` : undefined);
  const loading = template.loading || people.loading || settings.loading;
  return (
    <>
      <TemplateLoadState loading={loading} error={template.error ? template.message : null} onRetry={template.refetch} />
      {template.data && !loading ? (
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
          <>
            <p>
              <Trans>
                <Link to={`/bulk-sends?template=${template.data.id}`}>Send to many people from a CSV</Link> (one form a row) ·{' '}
                <Link to="/bulk-sends">Your bulk sends</Link>
              </Trans>
            </p>
            <SendForm
              key={template.data.id}
              template={template.data}
              people={people.data}
              filesOnCases={worksCases}
              prefills={prefills}
              organisationLanguage={isLanguageCode(organisationLanguage) ? organisationLanguage : null}
            />
          </>
        )
      ) : null}
    </>
  );
}

export default function SendFormPage() {
  const { templateId } = useParams();
  const viewer = useViewer();
  const id = templateId ? templateIdOf(templateId) : null;
  return (
    <div className="page page--narrow">
      {typeof id === 'number' ? (
        <SendTemplate
          key={id}
          templateId={id}
          listsPeople={seesPage('users-page', viewer)}
          worksCases={seesPage('case-management-page', viewer)}
          prefills={seesPage('prepopulation-page', viewer)}
        />
      ) : (
        <ChooseTemplate />
      )}
    </div>
  );
}
