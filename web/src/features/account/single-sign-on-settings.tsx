/**
 * Settings, "Single sign-on" (administrators): the organisation's OpenID Connect provider. The
 * issuer, client ID and the name on the login page's button; the client secret is write-only
 * (the page says whether one is kept, never what it is). Passwords can be turned off only after
 * someone signed in through the provider with these settings (the server refuses it before,
 * and the page says so); the instance's super users keep their passwords. A failed save keeps
 * what was typed.
 */
import type { SingleSignOnInput, SingleSignOnSettings } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { settingsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { ListFailure } from '../../lists/data-table.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';

const settingsCalls = area(settingsApi);

type Draft = Omit<SingleSignOnInput, 'client_secret'> & { client_secret: string };

function draftOf(settings: SingleSignOnSettings): Draft {
  return {
    enabled: settings.configured ? settings.enabled : true,
    issuer: settings.issuer,
    client_id: settings.client_id,
    client_secret: '',
    display_name: settings.display_name,
    allow_create: settings.allow_create,
    required: settings.required,
  };
}

/** What the draft lacks before it can be saved, in the product's words; null when nothing. */
export function draftProblem(draft: Draft, secretKept: boolean): MessageDescriptor | null {
  if (!draft.enabled) return null;
  if (!/^https?:\/\/\S+$/.test(draft.issuer.trim())) return msg`Enter the issuer address of your sign-in provider (it starts with https://).`;
  if (!draft.client_id.trim()) return msg`Enter the client ID your sign-in provider gave you.`;
  if (!draft.client_secret.trim() && !secretKept) return msg`Enter the client secret your sign-in provider gave you.`;
  if (!draft.display_name.trim()) return msg`Enter the name people see on the sign-in button.`;
  return null;
}

function SingleSignOnForm({ settings, onSaved }: { settings: SingleSignOnSettings; onSaved: (saved: SingleSignOnSettings) => void }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const save = useMutation((input: SingleSignOnInput, options) => settingsCalls.saveSingleSignOn(input, options), {
    onSuccess: (saved) => {
      // The secret typed is kept by the server now; the field empties, the rest stays as saved.
      setDraft({ ...draftOf(saved) });
      onSaved(saved);
    },
  });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]): void => {
    setProblem(null);
    save.reset();
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = draftProblem(draft, settings.has_client_secret);
    setProblem(found);
    if (found) return;
    const { client_secret: secret, ...rest } = draft;
    void save.run({ ...rest, ...(secret.trim() ? { client_secret: secret.trim() } : {}) });
  };
  const redirectUri = settings.redirect_uri;
  const buttonName = draft.display_name.trim() || '…';
  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Single sign-on</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Your staff sign in with your organisation’s OpenID Connect provider. Register formsign with the provider as a confidential client with this
          redirect address: <code>{redirectUri}</code>
        </Trans>
      </p>
      <form onSubmit={submit} noValidate>
        <FormError message={problem ? i18n._(problem) : save.error} />
        <FormSuccess message={save.result ? t`Single sign-on has been saved.` : null} />
        <label className="checkbox account-check">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} />
          <Trans>Offer “Sign in with …” on the login page</Trans>
        </label>
        <div className="account-form-grid">
          <div className="field">
            <label htmlFor={`${id}-issuer`}>
              <Trans>Issuer address</Trans>
            </label>
            <input
              id={`${id}-issuer`}
              className="input"
              value={draft.issuer}
              maxLength={500}
              placeholder="https://login.example.com"
              onChange={(event) => set('issuer', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-client`}>
              <Trans>Client ID</Trans>
            </label>
            <input
              id={`${id}-client`}
              className="input"
              value={draft.client_id}
              maxLength={200}
              onChange={(event) => set('client_id', event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-secret`}>
              <Trans>Client secret</Trans>
            </label>
            <input
              id={`${id}-secret`}
              className="input"
              type="password"
              autoComplete="new-password"
              value={draft.client_secret}
              maxLength={500}
              aria-describedby={`${id}-secret-hint`}
              onChange={(event) => set('client_secret', event.target.value)}
            />
            <span id={`${id}-secret-hint`} className="field__hint">
              {settings.has_client_secret ? t`A secret is kept. Leave this empty to keep it.` : t`No secret is kept yet.`}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              <Trans>Button name</Trans>
            </label>
            <input
              id={`${id}-name`}
              className="input"
              value={draft.display_name}
              maxLength={60}
              aria-describedby={`${id}-name-hint`}
              onChange={(event) => set('display_name', event.target.value)}
            />
            <span id={`${id}-name-hint`} className="field__hint">
              <Trans>The login page shows “Sign in with {buttonName}”.</Trans>
            </span>
          </div>
        </div>
        <label className="checkbox account-check">
          <input type="checkbox" checked={draft.allow_create} onChange={(event) => set('allow_create', event.target.checked)} />
          <Trans>Create an account (basic user) for people the provider confirms but who have none yet</Trans>
        </label>
        <label className="checkbox account-check">
          <input
            type="checkbox"
            checked={draft.required}
            aria-describedby={`${id}-required-hint`}
            onChange={(event) => set('required', event.target.checked)}
          />
          <Trans>Require single sign-on: turn passwords off for your organisation</Trans>
        </label>
        <p id={`${id}-required-hint`} className="field__hint">
          {settings.verified
            ? t`Someone has signed in through this provider. The instance’s super users keep their passwords.`
            : t`Sign in through the provider once before turning passwords off. The instance’s super users keep their passwords.`}
        </p>
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? t`Saving…` : t`Save single sign-on`}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function SingleSignOnSettingsPanel() {
  const group = useDataGroup(
    'single-sign-on',
    null as SingleSignOnSettings | null,
    (_params: null, options) => settingsCalls.singleSignOn(options),
    null,
  );
  const [saved, setSaved] = useState<SingleSignOnSettings | null>(null);
  if (group.error) return <ListFailure message={group.message ?? ''} onRetry={group.refetch} />;
  const settings = saved ?? group.data;
  if (!settings) {
    return (
      <div className="spinner" role="status">
        <Trans>Loading single sign-on…</Trans>
      </div>
    );
  }
  return <SingleSignOnForm settings={settings} onSaved={setSaved} />;
}
