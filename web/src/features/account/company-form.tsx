/**
 * The company's details (`POST /user`, administrators): name, address, phone, email and VAT
 * number, as they appear on invoices and on the forms people sign. A failed save shows the
 * response's `error` text and keeps what was typed.
 */
import { contractLimits, emailPattern, type Company, type CompanyUpdate, accountApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { area } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useCheckedForm } from './use-checked-form.ts';

const accountCalls = area(accountApi);

export type CompanyDraft = Pick<Company, 'name' | 'address' | 'phone' | 'email' | 'vat_number'>;

export function companyDraft(company: Company): CompanyDraft {
  return { name: company.name, address: company.address, phone: company.phone, email: company.email, vat_number: company.vat_number };
}

function problemOf(draft: CompanyDraft): { field: keyof CompanyDraft; text: MessageDescriptor } | null {
  if (!draft.name.trim()) return { field: 'name', text: msg`Enter the company name.` };
  if (draft.email.trim() && !emailPattern.test(draft.email.trim()))
    return { field: 'email', text: msg`Enter an email address like office@example.com, or leave it empty.` };
  return null;
}

export function CompanyForm({ draft, onDraft }: { draft: CompanyDraft; onDraft(draft: CompanyDraft): void }) {
  const id = useId();
  const { t, i18n } = useLingui();
  const save = useMutation((data: CompanyUpdate, options) => accountCalls.saveCompany(data, options));
  const form = useCheckedForm(
    () => problemOf(draft),
    save,
    () =>
      save.run({
        name: draft.name.trim(),
        address: draft.address.trim(),
        phone: draft.phone.trim(),
        email: draft.email.trim(),
        vat_number: draft.vat_number.trim(),
      }),
  );
  const { problem } = form;
  const set = (field: keyof CompanyDraft) => (value: string) => {
    form.edited();
    onDraft({ ...draft, [field]: value });
  };
  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Company details</Trans>
      </h2>
      <p className="muted">
        <Trans>These details appear on your invoices and on the forms you send.</Trans>
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem ? i18n._(problem.text) : save.error} />
        <FormSuccess message={save.result?.message} />
        <div className="account-form-grid">
          <TextField
            label={t`Company name`}
            value={draft.name}
            onValue={set('name')}
            autoComplete="organization"
            maxLength={contractLimits['CompanyUpdate.data.name'].maxLength}
            invalid={problem?.field === 'name'}
          />
          <TextField
            label={t`VAT number`}
            value={draft.vat_number}
            onValue={set('vat_number')}
            maxLength={contractLimits['CompanyUpdate.data.vat_number'].maxLength}
          />
          <TextField
            label={t`Email`}
            type="email"
            value={draft.email}
            onValue={set('email')}
            autoComplete="email"
            invalid={problem?.field === 'email'}
          />
          <TextField
            label={t`Phone`}
            type="tel"
            value={draft.phone}
            onValue={set('phone')}
            autoComplete="tel"
            maxLength={contractLimits['CompanyUpdate.data.phone'].maxLength}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>
            <Trans>Address</Trans>
          </label>
          <textarea
            id={`${id}-address`}
            className="textarea"
            rows={3}
            maxLength={contractLimits['CompanyUpdate.data.address'].maxLength}
            autoComplete="street-address"
            value={draft.address}
            onChange={(event) => set('address')(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? t`Saving…` : t`Save company details`}
          </button>
        </div>
      </form>
    </section>
  );
}
