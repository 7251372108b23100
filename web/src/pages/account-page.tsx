/**
 * My Account (`/account`, `GET /user`): the signed-in person's details and, for
 * administrators, the company's envelopes and details, in tabs kept in `?tab=` (the envelope
 * counter links to `?tab=2`).
 *
 * Designed where the specification is silent: 1 "Your details" edits name, email, phone,
 * job title and optionally the password (`PUT /user`; the current password for a new email
 * address or password, and a new address waits for the link mailed to it); 2 "Envelopes"
 * shows the unused envelopes of the company's total (`POST /envelopes`), warns when they run
 * low (the counter's 40% and 20% thresholds) and sells envelope packs with a quantity
 * (`POST /products`, then a full navigation to the payment page); 3 "Company" edits the
 * company's name, address, phone, email and VAT number (`POST /user`); 4 "Grant envelopes",
 * only for a super user of the organisation that runs this site (`grants_envelopes`), finds an
 * organisation and grants it envelopes. Granting is a tab here rather than a route of its own:
 * the specification's routes stay as they are, and who sees it is the account's answer, which
 * the route table's flags (administrator, personal) cannot say. Failed saves show the
 * response's `error` text and keep every draft, also across tab changes.
 */
import { accountApi } from '@formsign/sdk';
import type { Account, UserProfile } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { area } from '../api/client.ts';
import { Tabs, type Tab } from '../components/tabs.tsx';
import { CompanyForm, companyDraft, type CompanyDraft } from '../features/account/company-form.tsx';
import { EnvelopesPanel } from '../features/account/envelopes-panel.tsx';
import { GrantEnvelopesPanel } from '../features/account/grant-envelopes-panel.tsx';
import { ProfileForm, profileDraft, type ProfileDraft } from '../features/account/profile-form.tsx';
import { ListFailure } from '../lists/data-table.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useViewer } from '../session/session.tsx';
import '../styles/account.css';

const accountCalls = area(accountApi);

function AccountTabs({ account, isAdmin }: { account: Account; isAdmin: boolean }) {
  // The drafts live here, so a tab change keeps what was typed; and the profile as last saved
  // (a new email address waits for its link).
  const [user, setUser] = useState<UserProfile>(account.user);
  const [profile, setProfile] = useState<ProfileDraft>(() => profileDraft(account.user));
  const [company, setCompany] = useState<CompanyDraft>(() => companyDraft(account.company));
  const { t } = useLingui();
  const details = <ProfileForm user={user} draft={profile} onDraft={setProfile} onSaved={setUser} />;
  if (!isAdmin) return details;
  const tabs: Tab[] = [
    { key: '1', label: t`Your details`, content: () => details },
    { key: '2', label: t`Envelopes`, content: () => <EnvelopesPanel total={account.company.envelopes} /> },
    { key: '3', label: t`Company`, content: () => <CompanyForm draft={company} onDraft={setCompany} /> },
    ...(account.grants_envelopes ? [{ key: '4', label: t`Grant envelopes`, content: () => <GrantEnvelopesPanel /> }] : []),
  ];
  return <Tabs tabs={tabs} label={t`My Account`} />;
}

export default function AccountPage() {
  const viewer = useViewer();
  const account = useDataGroup('account', null as Account | null, (_params: null, options) => accountCalls.get(options), null);
  return (
    <div className="page account-page">
      {account.error ? <ListFailure message={account.message ?? ''} onRetry={account.refetch} /> : null}
      {account.loading && !account.data ? (
        <div className="spinner" role="status">
          <Trans>Loading your account…</Trans>
        </div>
      ) : null}
      {account.data ? <AccountTabs key={account.data.user.id} account={account.data} isAdmin={viewer?.isAdmin ?? false} /> : null}
    </div>
  );
}
