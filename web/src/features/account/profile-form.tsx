/**
 * Your details (`PUT /user`): name, email, phone, job title, the language the person reads the
 * product in (their own, or the organisation's) and, when wanted, a new password.
 * Changing the email address or the password asks for the current password. A new email
 * address is not saved as such: the server mails a link to it, the answer says so, and the
 * form goes on showing the current address with the one waiting for its link. A failed save
 * shows the response's `error` text and keeps everything typed; the draft is held by the
 * page, so switching tabs does not lose it either.
 */
import { contractLimits, emailPattern, type UserProfile, accountApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { area } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { isLanguageCode, languageCodes, languageNames, type LanguageCode } from '../../i18n/languages.ts';
import { forgetBrowserChoice, keepBrowserChoice } from '../../shell/languages.ts';
import { useCheckedForm } from './use-checked-form.ts';

const accountCalls = area(accountApi);

export interface ProfileDraft {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  job_title: string;
  password: string;
  repeat: string;
  /** The current password, asked to change the email address or the password. */
  current: string;
  /** The person's own language, or null for the organisation's. */
  language: LanguageCode | null;
}

/** The person's own language as the account says it, null for the organisation's. */
function ownLanguage(user: UserProfile): LanguageCode | null {
  return isLanguageCode(user.language) ? user.language : null;
}

export function profileDraft(user: UserProfile): ProfileDraft {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    job_title: user.job_title,
    password: '',
    repeat: '',
    current: '',
    language: ownLanguage(user),
  };
}

/** Whether the draft changes what identifies the person: their email address or password. */
function changesIdentity(draft: ProfileDraft, user: UserProfile): boolean {
  return draft.email.trim() !== user.email || draft.password !== '';
}

/** The shortest new password the contract takes. */
const passwordLength = contractLimits['ProfileUpdate.data.password'].minLength;

/** The first thing to correct, in the product's words, or null. */
function problemOf(draft: ProfileDraft, user: UserProfile): { field: keyof ProfileDraft; text: MessageDescriptor } | null {
  if (!draft.first_name.trim()) return { field: 'first_name', text: msg`Enter your first name.` };
  if (!draft.last_name.trim()) return { field: 'last_name', text: msg`Enter your last name.` };
  if (!emailPattern.test(draft.email.trim())) return { field: 'email', text: msg`Enter an email address like name@example.com.` };
  if (draft.password && draft.password.length < passwordLength)
    return { field: 'password', text: msg`Use at least ${passwordLength} characters for your new password.` };
  if (draft.password !== draft.repeat) return { field: 'repeat', text: msg`The two passwords are not the same.` };
  if (changesIdentity(draft, user) && !draft.current)
    return { field: 'current', text: msg`Enter your current password to change your email address or your password.` };
  return null;
}

/** What the Email field says of an address waiting for its link. */
function pendingHint(user: UserProfile): MessageDescriptor | undefined {
  const pending = user.pending_email;
  if (!pending) return undefined;
  return msg`${pending} is waiting for confirmation: follow the link we emailed to it (it works for 24 hours). Until then you keep this address.`;
}

const roleNames: Record<UserProfile['role'], MessageDescriptor> = {
  admin: msg`Administrator`,
  basic: msg`Basic User`,
  personal: msg`Personal`,
  super: msg`Super User`,
};

export function ProfileForm({
  user,
  draft,
  onDraft,
  onSaved,
}: {
  user: UserProfile;
  draft: ProfileDraft;
  onDraft(draft: ProfileDraft): void;
  onSaved(user: UserProfile): void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const save = useMutation((data: Parameters<typeof accountCalls.updateProfile>[0], options) => accountCalls.updateProfile(data, options));
  const form = useCheckedForm(
    () => problemOf(draft, user),
    save,
    async () => {
      const { password, repeat: _repeat, current, language, ...details } = draft;
      const languageChanged = language !== ownLanguage(user);
      const sent = {
        ...details,
        email: details.email.trim(),
        // The language only when it changed here: a choice made elsewhere (the top bar) stays.
        ...(languageChanged ? { language } : {}),
        ...(password ? { password } : {}),
        ...(changesIdentity(draft, user) ? { current_password: current } : {}),
      };
      const saved = await save.run(sent);
      if (!saved) return;
      // The address shown stays the account's own until the link is followed.
      onSaved(saved.user);
      // The pages show the language saved: the person's own, or their organisation's.
      if (languageChanged && language) keepBrowserChoice(language);
      else if (languageChanged) forgetBrowserChoice();
      onDraft({ ...draft, email: saved.user.email, password: '', repeat: '', current: '' });
    },
  );
  const { problem } = form;
  const set = (field: Exclude<keyof ProfileDraft, 'language'>) => (value: string) => {
    form.edited();
    onDraft({ ...draft, [field]: value });
  };
  const invalid = (field: keyof ProfileDraft): boolean => problem?.field === field;
  const name = user.name;
  const role = i18n._(roleNames[user.role]);
  const pending = pendingHint(user);

  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Your details</Trans>
      </h2>
      <p className="muted">
        <Trans>
          You log in as <strong>{name}</strong> · {role}
        </Trans>
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem ? i18n._(problem.text) : save.error} />
        <FormSuccess message={save.result?.message} />
        <div className="account-form-grid">
          <TextField
            label={t`First name`}
            value={draft.first_name}
            onValue={set('first_name')}
            autoComplete="given-name"
            maxLength={contractLimits['ProfileUpdate.data.first_name'].maxLength}
            invalid={invalid('first_name')}
          />
          <TextField
            label={t`Last name`}
            value={draft.last_name}
            onValue={set('last_name')}
            autoComplete="family-name"
            maxLength={contractLimits['ProfileUpdate.data.last_name'].maxLength}
            invalid={invalid('last_name')}
          />
          <TextField
            label={t`Email`}
            type="email"
            value={draft.email}
            onValue={set('email')}
            autoComplete="email"
            invalid={invalid('email')}
            hint={pending && i18n._(pending)}
          />
          <TextField
            label={t`Phone`}
            type="tel"
            value={draft.phone}
            onValue={set('phone')}
            autoComplete="tel"
            maxLength={contractLimits['ProfileUpdate.data.phone'].maxLength}
          />
          <TextField
            label={t`Job title`}
            value={draft.job_title}
            onValue={set('job_title')}
            autoComplete="organization-title"
            maxLength={contractLimits['ProfileUpdate.data.job_title'].maxLength}
          />
          <div className="field">
            <label htmlFor={`${id}-language`}>
              <Trans>Language</Trans>
            </label>
            <select
              id={`${id}-language`}
              className="select"
              value={draft.language ?? ''}
              aria-describedby={`${id}-language-hint`}
              onChange={(event) => {
                form.edited();
                const chosen = event.target.value;
                onDraft({ ...draft, language: isLanguageCode(chosen) ? chosen : null });
              }}
            >
              <option value="">{t`The organisation's language`}</option>
              {languageCodes.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageNames[code]}
                </option>
              ))}
            </select>
            <span id={`${id}-language-hint`} className="field__hint">
              <Trans>The language of your pages and of the mails you receive.</Trans>
            </span>
          </div>
        </div>
        <fieldset className="account-fieldset">
          <legend>
            <Trans>Change your password</Trans>
          </legend>
          <p className="field__hint">
            <Trans>Leave these empty to keep your current password.</Trans>
          </p>
          <div className="account-form-grid">
            <TextField
              label={t`New password`}
              type="password"
              value={draft.password}
              onValue={set('password')}
              autoComplete="new-password"
              invalid={invalid('password')}
              hint={t`At least ${passwordLength} characters.`}
            />
            <TextField
              label={t`Repeat the new password`}
              type="password"
              value={draft.repeat}
              onValue={set('repeat')}
              autoComplete="new-password"
              invalid={invalid('repeat')}
            />
          </div>
        </fieldset>
        <TextField
          label={t`Current password`}
          type="password"
          value={draft.current}
          onValue={set('current')}
          autoComplete="current-password"
          invalid={invalid('current')}
          hint={t`Needed only to change your email address or your password. A new email address changes once you follow the link we email to it.`}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? t`Saving…` : t`Save your details`}
          </button>
        </div>
      </form>
    </section>
  );
}
