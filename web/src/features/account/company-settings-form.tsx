/**
 * The company's settings (`GET /fetch-settings`, saved with the company: `POST /user
 * { data: { settings } }`): time zone, date format, language, signing reminders, how long
 * completed forms are kept, typed signatures, automatic saving to Documents and how new
 * templates' recipients prove who they are. Only
 * administrators change them; others see them read-only. A failed save shows the response's
 * `error` text and keeps what was chosen.
 */
import { contractLimits, type Settings, type SettingsUpdate } from '@formsign/sdk';
import { useEffect, useId, useMemo } from 'react';
import { api } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { setDateStyle } from '../../lists/format.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { nextRemovalInWords, retentionChoice, retentionInWords } from './retention-words.ts';
import { useCheckedForm } from './use-checked-form.ts';
import { VerificationSelect } from '../../components/verification-select.tsx';

/** What the person is choosing: the settings, with the day counts and the sites that may embed signing pages (one a line) as typed. */
export type SettingsDraft = Omit<Settings, 'faq_url' | 'next_removal' | 'reminder_days' | 'retention_days' | 'embed_origins' | 'stamp'> & {
  reminder_days: string;
  retention_days: string;
  embed_origins: string;
};
type Draft = SettingsDraft;

/**
 * The languages the app is written in, which a company may choose (the server refuses any
 * other): English, until the app is translated. The translation widget's languages translate
 * the menus only.
 */
const companyLanguages = [{ code: 'en', name: 'English' }] as const;

export function settingsDraft(settings: Settings): SettingsDraft {
  const { faq_url: _faq, next_removal: _next, embed_origins: origins, stamp: _stamp, ...chosen } = settings;
  // A language kept from before the app offered only its own shows (and is saved) as English.
  const language = companyLanguages.some((offered) => offered.code === settings.language) ? settings.language : 'en';
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

function problemOf(draft: Draft): { field: 'reminder_days' | 'retention_days' | 'embed_origins'; text: string } | null {
  if (whole(draft.reminder_days, limits.reminder) === null)
    return { field: 'reminder_days', text: 'Enter a number of days from 0 to 60 for reminders (0 turns them off).' };
  if (whole(draft.retention_days, limits.retention) === null || retentionChoice(draft.retention_days) === null)
    return { field: 'retention_days', text: 'Enter 0 to keep ended forms for ever, or a number of days from 30 to 3650 (ten years).' };
  if (embedOriginsOf(draft.embed_origins).length > maxEmbedOrigins)
    return { field: 'embed_origins', text: `You can allow at most ${maxEmbedOrigins} sites to embed signing pages.` };
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
  const save = useMutation((update: SettingsUpdate, options) => api.account.saveCompany({ settings: update }, options));
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

  const set = <K extends keyof Draft>(field: K, value: Draft[K]): void => {
    form.edited();
    onDraft({ ...draft, [field]: value });
  };

  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Company settings</h2>
      {readOnly ? (
        <p className="alert alert--info">
          Only administrators can change these settings. Ask an administrator of your company if something should change.
        </p>
      ) : (
        <p className="muted">These settings apply to everyone in your company and to the forms you send.</p>
      )}
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem?.text ?? save.error} />
        <FormSuccess message={save.result ? 'Your settings have been saved.' : null} />
        <fieldset className="account-fieldset account-fieldset--plain" disabled={readOnly}>
          <legend className="visually-hidden">Company settings</legend>
          <h3 className="account-subheading">Dates and language</h3>
          <div className="account-form-grid">
            <div className="field">
              <label htmlFor={`${id}-timezone`}>Time zone</label>
              <select id={`${id}-timezone`} className="select" value={draft.timezone} onChange={(event) => set('timezone', event.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-date-format`}>Date format</label>
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
              <label htmlFor={`${id}-language`}>Language</label>
              <select id={`${id}-language`} className="select" value={draft.language} onChange={(event) => set('language', event.target.value)}>
                {companyLanguages.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
              <span className="field__hint">The language of emails and of forms opened from signing links.</span>
            </div>
          </div>
          <h3 className="account-subheading">Signing and records</h3>
          <div className="account-form-grid">
            <div className="field">
              <label htmlFor={`${id}-reminders`}>Remind signers after (days)</label>
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
                A recipient whose turn has waited this many days is reminded, and again every as many days until the form expires. 0 turns automatic
                reminders off.
              </span>
            </div>
            <div className="field">
              <label htmlFor={`${id}-retention`}>Keep ended forms for (days)</label>
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
                {retentionInWords(retentionChoice(draft.retention_days))} Then the answers and files of a completed, withdrawn or expired form are
                removed; its reference, dates and seal stay.
                {removal ? <span className="field__hint"> {removal}</span> : null}
              </span>
            </div>
          </div>
          <label className="checkbox account-check">
            <input type="checkbox" checked={draft.allow_typed_signature} onChange={(event) => set('allow_typed_signature', event.target.checked)} />
            Signers may type their name instead of drawing a signature
          </label>
          <label className="checkbox account-check">
            <input type="checkbox" checked={draft.storage_auto_save} onChange={(event) => set('storage_auto_save', event.target.checked)} />
            Save every completed form to Documents automatically
          </label>
          <div className="field">
            <label htmlFor={`${id}-verification`}>New templates’ recipients open a form with</label>
            <VerificationSelect
              id={`${id}-verification`}
              value={draft.default_verification}
              describedBy={`${id}-verification-hint`}
              onChange={(verification) => set('default_verification', verification)}
            />
            <span id={`${id}-verification-hint`} className="field__hint">
              What a new template asks each recipient for before its form opens: a code emailed to them (it works for 10 minutes), or an access code
              the sender types when sending and gives them another way. Each template can change it in its recipients step; approvers always log in.
            </span>
          </div>
          <h3 className="account-subheading">Embedding</h3>
          <div className="field">
            <label htmlFor={`${id}-embed`}>Sites that may embed signing pages</label>
            <textarea
              id={`${id}-embed`}
              className="input"
              rows={3}
              value={draft.embed_origins}
              spellCheck={false}
              aria-invalid={problem?.field === 'embed_origins' || (save.error !== null && /\bsite|embed/i.test(save.error)) ? true : undefined}
              aria-describedby={`${id}-embed-hint`}
              onChange={(event) => set('embed_origins', event.target.value)}
            />
            <span id={`${id}-embed-hint`} className="field__hint">
              One site a line, as its address: https://www.example.com (with a port if it has one, no path). Your signing links open inside these
              sites’ pages (see <a href="/embed-example">how to embed a signing link</a>); every other site is refused. Empty: no site may embed them.
            </span>
          </div>
        </fieldset>
        {readOnly ? null : (
          <div className="form-actions">
            <button type="submit" className="button" disabled={save.busy}>
              {save.busy ? 'Saving…' : 'Save settings'}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
