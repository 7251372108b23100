/**
 * Settings (`/settings`): the company's settings (`GET /fetch-settings`, saved with
 * `POST /user { data: { settings } }`), its template categories (`POST /categories`) and its
 * user groups (`POST /get-groups`), in tabs kept in `?tab=` so a tab can be linked to.
 *
 * Designed where the specification is silent: settings are grouped as "Dates and language"
 * (time zone, date format, language) and "Signing and records" (reminder days, retention
 * days, typed signatures, automatic saving to Documents), with the contract's ranges checked
 * in the product's words before saving. Categories show how many templates use them; groups
 * show their members by name, chosen from the company's users. Only administrators change
 * anything: others see the settings and categories read-only (groups need the users list,
 * which only administrators of the company, not personal ones, may read). Those the server lets
 * change the company's wording (`/save-strings`) have a tab for it, loaded when opened; so do
 * the organisation's administrators for its single sign-on provider, and those who may make
 * the organisation's API keys (administrators and super users). The company tab also shows the
 * organisation's stamp, which administrators upload, replace or remove.
 */
import { mayCall, roleOfFlags, type Settings, settingsApi } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { CompanySettingsForm, settingsDraft, type SettingsDraft } from '../features/account/company-settings-form.tsx';
import { TemplateCategories } from '../features/account/template-categories.tsx';
import { CompanyStampPanel } from '../features/account/company-stamp-panel.tsx';
import type { WordingDraft } from '../features/account/interface-wording.tsx';
import { ListFailure } from '../lists/data-table.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { seesPage } from '../routes/access.ts';
import { useViewer } from '../session/session.tsx';
import '../styles/account.css';

const settingsCalls = area(settingsApi);

const InterfaceWording = lazy(() => import('../features/account/interface-wording.tsx'));
const SingleSignOnSettingsPanel = lazy(() => import('../features/account/single-sign-on-settings.tsx'));
const ApiKeys = lazy(() => import('../features/account/api-keys.tsx'));
const UserGroups = lazy(() => import('../features/account/user-groups.tsx'));

export default function SettingsPage() {
  const viewer = useViewer();
  const { t } = useLingui();
  const isAdmin = viewer?.isAdmin ?? false;
  // Loaded once for the page, and the draft kept here, so a tab change loses nothing.
  const settings = useDataGroup('settings', null as Settings | null, (_params: null, options) => settingsCalls.get(options), null);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [wordingDraft, setWordingDraft] = useState<WordingDraft>({});
  const company = (): ReactNode => {
    if (settings.error) return <ListFailure message={settings.message ?? ''} onRetry={settings.refetch} />;
    if (!settings.data) {
      return (
        <div className="spinner" role="status">
          <Trans>Loading settings…</Trans>
        </div>
      );
    }
    return (
      <>
        <CompanySettingsForm settings={settings.data} readOnly={!isAdmin} draft={draft ?? settingsDraft(settings.data)} onDraft={setDraft} />
        <CompanyStampPanel stamp={settings.data.stamp ?? null} readOnly={!isAdmin} />
      </>
    );
  };
  const tabs: Tab[] = [
    { key: 'company', label: t`Company settings`, content: company },
    { key: 'categories', label: t`Template categories`, content: () => <TemplateCategories readOnly={!isAdmin} /> },
  ];
  // Groups are chosen from the users list: only for those who may read it.
  if (seesPage('users-page', viewer)) tabs.push(lazyTab('groups', t`User groups`, t`Loading the user groups…`, <UserGroups />));
  const role = viewer ? roleOfFlags({ admin: viewer.isAdmin, personal: viewer.isPersonal, isSuper: viewer.isSuper }) : null;
  if (role && mayCall(role, 'saveStrings')) {
    tabs.push(
      lazyTab(
        'wording',
        t`Interface wording`,
        t`Loading the interface wording…`,
        <InterfaceWording draft={wordingDraft} onDraft={setWordingDraft} />,
      ),
    );
  }
  // The organisation's sign-in provider: its administrators (not personal ones).
  if (role && mayCall(role, 'saveSingleSignOn'))
    tabs.push(lazyTab('single-sign-on', t`Single sign-on`, t`Loading single sign-on…`, <SingleSignOnSettingsPanel />));
  if (role && mayCall(role, 'createApiKey')) tabs.push(lazyTab('api-keys', t`API keys`, t`Loading the API keys…`, <ApiKeys />));
  return (
    <div className="page settings-page">
      <Tabs tabs={tabs} label={t`Settings`} />
    </div>
  );
}

/** A tab whose content comes in its own chunk, saying what it loads meanwhile. */
function lazyTab(key: string, label: string, loading: string, content: ReactNode): Tab {
  return {
    key,
    label,
    content: () => (
      <Suspense
        fallback={
          <div className="spinner" role="status">
            {loading}
          </div>
        }
      >
        {content}
      </Suspense>
    ),
  };
}
