/**
 * The company's settings (`GET /fetch-settings`, saved with the company: `POST /user
 * { data: { settings } }`): time zone, date format, language, signing reminders, how long
 * completed forms are kept, typed signatures, automatic saving to Documents and how new
 * templates' recipients prove who they are. Only
 * administrators change them; others see them read-only. A failed save shows the response's
 * `error` text and keeps what was chosen.
 */
import { contractLimits, type Settings, type SettingsUpdate, accountApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';
import { area } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { setDateStyle } from '../../lists/format.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { nextRemovalInWords, retentionChoice, retentionInWords } from './retention-words.ts';
import { useCheckedForm } from './use-checked-form.ts';
import { VerificationSelect } from '../../components/verification-select.tsx';
import { isLanguageCode, languageCodes, languageNames } from '../../i18n/languages.ts';

const accountCalls = area(accountApi);

/** What the person is choosing: the settings, with the day counts and the sites that may embed signing pages (one a line) as typed. */
export type SettingsDraft = Omit<Settings, 'faq_url' | 'next_removal' | 'reminder_days' | 'retention_days' | 'embed_origins' | 'stamp'> & {
  reminder_days: string;
  retention_days: string;
  embed_origins: string;
};
type Draft = SettingsDraft;

export function settingsDraft(settings: Settings): SettingsDraft {
  const { faq_url: _faq, next_removal: _next, embed_origins: origins, stamp: _stamp, ...chosen } = settings;
  // A language the product does not speak (kept from before it spoke four) shows (and is saved) as English.
  const language = isLanguageCode(settings.language) ? settings.language : 'en';
  return {
    ...chosen,
    language,
    reminder_days: String(settings.reminder_days),
    retention_days: String(settings.retention_days),
    embed_origins: origins.join('\n'),
  };
}

const dateFormats: Record<Settings['date_format'], string> = {
  'DD/MM/YYYY': '21/11/2026',
  'MM/DD/YYYY': '11/21/2026',
  'YYYY-MM-DD': '2026-11-21',
};

/** The sites typed, one a line (commas and spaces separate them too), blanks left out. */
export function embedOriginsOf(typed: string): string[] {
  return typed
    .split(/[\s,]+/)
    .map((site) => site.trim())
    .filter((site) => site !== '');
}

/**
 * What the person changed, and only that: the server changes only the settings sent, so an
 * administrator saving the page does not put back what another changed meanwhile.
 */
export function changedSettings(before: SettingsDraft, draft: SettingsDraft): SettingsUpdate {
  const all: Required<SettingsUpdate> = {
    timezone: draft.timezone,
    date_format: draft.date_format,
    language: draft.language,
    reminder_days: Number(draft.reminder_days),
    retention_days: Number(draft.retention_days),
    allow_typed_signature: draft.allow_typed_signature,
    storage_auto_save: draft.storage_auto_save,
    default_verification: draft.default_verification,
    embed_origins: embedOriginsOf(draft.embed_origins),
  };
  const changed = (Object.keys(all) as (keyof SettingsUpdate)[]).filter((key) =>
    key === 'embed_origins'
      ? embedOriginsOf(before.embed_origins).join('\n') !== all.embed_origins.join('\n')
      : String(before[key]) !== String(draft[key]),
  );
  return Object.fromEntries(changed.map((key) => [key, all[key]])) as SettingsUpdate;
}

const reminderDays = contractLimits['SettingsUpdate.reminder_days'];
const retentionDays = contractLimits['SettingsUpdate.retention_days'];
const limits = { reminder: [reminderDays.minimum, reminderDays.maximum], retention: [retentionDays.minimum, retentionDays.maximum] } as const;

function whole(value: string, [min, max]: readonly [number, number]): number | null {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max ? number : null;
}

const maxEmbedOrigins = contractLimits['SettingsUpdate.embed_origins'].maxItems;

function problemOf(draft: Draft): { field: 'reminder_days' | 'retention_days' | 'embed_origins'; text: MessageDescriptor } | null {
  if (whole(draft.reminder_days, limits.reminder) === null)
    return { field: 'reminder_days', text: msg`Enter a number of days from 0 to 60 for reminders (0 turns them off).` };
  if (whole(draft.retention_days, limits.retention) === null || retentionChoice(draft.retention_days) === null)
    return { field: 'retention_days', text: msg`Enter 0 to keep ended forms for ever, or a number of days from 30 to 3650 (ten years).` };
  if (embedOriginsOf(draft.embed_origins).length > maxEmbedOrigins)
    return { field: 'embed_origins', text: msg`You can allow at most ${maxEmbedOrigins} sites to embed signing pages.` };
  return null;
}

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The form; its draft is held by the page, so switching tabs keeps what was chosen. */
export function CompanySettingsForm({
  settings,
  readOnly,
  draft,
  onDraft,
}: {
  settings: Settings;
  readOnly: boolean;
  draft: SettingsDraft;
  onDraft(draft: SettingsDraft): void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const save = useMutation((update: SettingsUpdate, options) => accountCalls.saveCompany({ settings: update }, options));
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);
  const form = useCheckedForm(
    () => problemOf(draft),
    save,
    () => save.run(changedSettings(settingsDraft(settings), draft)),
  );
  const { problem } = form;
  // Saved, the company's dates are shown in the new style at once.
  const saved = save.result;
  useEffect(() => {
    if (saved) setDateStyle(saved.settings);
  }, [saved]);
  const removal = nextRemovalInWords(settings.next_removal);
  // A refusal while the sites changed is about them (the server's other refusals are checked here before sending).
  const embedRefused = save.error !== null && 'embed_origins' in changedSettings(settingsDraft(settings), draft);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]): void => {
    form.edited();
    onDraft({ ...draft, [field]: value });
  };

  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Company settings</Trans>
      </h2>
      {readOnly ? (
        <p className="alert alert--info">
          <Trans>Only administrators can change these settings. Ask an administrator of your company if something should change.</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>These settings apply to everyone in your company and to the forms you send.</Trans>
        </p>
      )}
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem ? i18n._(problem.text) : save.error} />
        <FormSuccess message={save.result ? t`Your settings have been saved.` : null} />
        <fieldset className="account-fieldset account-fieldset--plain" disabled={readOnly}>
          <legend className="visually-hidden">
            <Trans>Company settings</Trans>
          </legend>
          <h3 className="account-subheading">
            <Trans>Dates and language</Trans>
          </h3>
          <div className="account-form-grid">
            <div className="field">
              <label htmlFor={`${id}-timezone`}>
                <Trans>Time zone</Trans>
              </label>
              <select id={`${id}-timezone`} className="select" value={draft.timezone} onChange={(event) => set('timezone', event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-date-format`}>
                <Trans>Date format</Trans>
              </label>
              <select
                id={`${id}-date-format`}
                className="select"
                value={draft.date_format}
                onChange={(event) => set('date_format', event.target.value as Settings['date_format'])}
              >
                {Object.entries(dateFormats).map(([format, example]) => (
                  <option key={format} value={format}>
                    {format} ({example})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-language`}>
                <Trans>Language</Trans>
              </label>
              <select
                id={`${id}-language`}
                className="select"
                value={draft.language}
                aria-describedby={`${id}-language-hint`}
                onChange={(event) => set('language', event.target.value)}
              >
                {languageCodes.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {languageNames[code]}
                  </option>
                ))}
              </select>
              <span id={`${id}-language-hint`} className="field__hint">
                <Trans>
                  The language of the organisation: of its people's pages and mails unless they choose their own, and of the forms it sends unless
                  their sender chooses another.
                </Trans>
              </span>
            </div>
          </div>
          <h3 className="account-subheading">
            <Trans>Signing and records</Trans>
          </h3>
          <div className="account-form-grid">
            <div className="field">
              <label htmlFor={`${id}-reminders`}>
                <Trans>Remind signers after (days)</Trans>
              </label>
              <input
                id={`${id}-reminders`}
                className="input"
                type="number"
                inputMode="numeric"
                min={limits.reminder[0]}
                max={limits.reminder[1]}
                value={draft.reminder_days}
                aria-invalid={problem?.field === 'reminder_days' ? true : undefined}
                aria-describedby={`${id}-reminders-hint`}
                onChange={(event) => set('reminder_days', event.target.value)}
              />
              <span id={`${id}-reminders-hint`} className="field__hint">
                <Trans>
                  A recipient whose turn has waited this many days is reminded, and again every as many days until the form expires. 0 turns automatic
                  reminders off.
                </Trans>
              </span>
            </div>
            <div className="field">
              <label htmlFor={`${id}-retention`}>
                <Trans>Keep ended forms for (days)</Trans>
              </label>
              <input
                id={`${id}-retention`}
                className="input"
                type="number"
                inputMode="numeric"
                min={limits.retention[0]}
                max={limits.retention[1]}
                value={draft.retention_days}
                aria-invalid={problem?.field === 'retention_days' ? true : undefined}
                aria-describedby={`${id}-retention-hint`}
                onChange={(event) => set('retention_days', event.target.value)}
              />
              <span id={`${id}-retention-hint`} className="field__hint">
                {retentionInWords(retentionChoice(draft.retention_days))}{' '}
                <Trans>Then the answers and files of a completed, withdrawn or expired form are removed; its reference, dates and seal stay.</Trans>
                {removal ? <span className="field__hint"> {removal}</span> : null}
              </span>
            </div>
          </div>
          <label className="checkbox account-check">
            <input type="checkbox" checked={draft.allow_typed_signature} onChange={(event) => set('allow_typed_signature', event.target.checked)} />
            <Trans>Signers may type their name instead of drawing a signature</Trans>
          </label>
          <label className="checkbox account-check">
            <input type="checkbox" checked={draft.storage_auto_save} onChange={(event) => set('storage_auto_save', event.target.checked)} />
            <Trans>Save every completed form to Documents automatically</Trans>
          </label>
          <div className="field">
            <label htmlFor={`${id}-verification`}>
              <Trans>New templates’ recipients open a form with</Trans>
            </label>
            <VerificationSelect
              id={`${id}-verification`}
              value={draft.default_verification}
              describedBy={`${id}-verification-hint`}
              onChange={(verification) => set('default_verification', verification)}
            />
            <span id={`${id}-verification-hint`} className="field__hint">
              <Trans>
                What a new template asks each recipient for before its form opens: a code emailed to them (it works for 10 minutes), or an access code
                the sender types when sending and gives them another way. Each template can change it in its recipients step; approvers always log in.
              </Trans>
            </span>
          </div>
          <h3 className="account-subheading">
            <Trans>Embedding</Trans>
          </h3>
          <div className="field">
            <label htmlFor={`${id}-embed`}>
              <Trans>Sites that may embed signing pages</Trans>
            </label>
            <textarea
              id={`${id}-embed`}
              className="input"
              rows={3}
              value={draft.embed_origins}
              spellCheck={false}
              aria-invalid={problem?.field === 'embed_origins' || embedRefused ? true : undefined}
              aria-describedby={`${id}-embed-hint`}
              onChange={(event) => set('embed_origins', event.target.value)}
            />
            <span id={`${id}-embed-hint`} className="field__hint">
              <Trans>
                One site a line, as its address: https://www.example.com (with a port if it has one, no path). Your signing links open inside these
                sites’ pages (see <a href="/embed-example">how to embed a signing link</a>); every other site is refused. Empty: no site may embed
                them.
              </Trans>
            </span>
          </div>
        </fieldset>
        {readOnly ? null : (
          <div className="form-actions">
            <button type="submit" className="button" disabled={save.busy}>
              {save.busy ? t`Saving…` : t`Save settings`}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
