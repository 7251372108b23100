/**
 * The company's details (`POST /user`, administrators): name, address, phone, email and VAT
 * number, as they appear on invoices and on the forms people sign. A failed save shows the
 * response's `error` text and keeps what was typed.
 */
import { contractLimits, emailPattern, type Company, type CompanyUpdate } from '@formsign/sdk';
import { useId } from 'react';
import { api } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useCheckedForm } from './use-checked-form.ts';

export type CompanyDraft = Pick<Company, 'name' | 'address' | 'phone' | 'email' | 'vat_number'>;

export function companyDraft(company: Company): CompanyDraft {
  return { name: company.name, address: company.address, phone: company.phone, email: company.email, vat_number: company.vat_number };
}

function problemOf(draft: CompanyDraft): { field: keyof CompanyDraft; text: string } | null {
  if (!draft.name.trim()) return { field: 'name', text: 'Enter the company name.' };
  if (draft.email.trim() && !emailPattern.test(draft.email.trim()))
    return { field: 'email', text: 'Enter an email address like office@example.com, or leave it empty.' };
  return null;
}

export function CompanyForm({ draft, onDraft }: { draft: CompanyDraft; onDraft(draft: CompanyDraft): void }) {
  const id = useId();
  const save = useMutation((data: CompanyUpdate, options) => api.account.saveCompany(data, options));
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
      <h2 id={`${id}-heading`}>Company details</h2>
      <p className="muted">These details appear on your invoices and on the forms you send.</p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem?.text ?? save.error} />
        <FormSuccess message={save.result?.message} />
        <div className="account-form-grid">
          <TextField
            label="Company name"
            value={draft.name}
            onValue={set('name')}
            autoComplete="organization"
            maxLength={contractLimits['CompanyUpdate.data.name'].maxLength}
            invalid={problem?.field === 'name'}
          />
          <TextField
            label="VAT number"
            value={draft.vat_number}
            onValue={set('vat_number')}
            maxLength={contractLimits['CompanyUpdate.data.vat_number'].maxLength}
          />
          <TextField
            label="Email"
            type="email"
            value={draft.email}
            onValue={set('email')}
            autoComplete="email"
            invalid={problem?.field === 'email'}
          />
          <TextField
            label="Phone"
            type="tel"
            value={draft.phone}
            onValue={set('phone')}
            autoComplete="tel"
            maxLength={contractLimits['CompanyUpdate.data.phone'].maxLength}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-address`}>Address</label>
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
            {save.busy ? 'Saving…' : 'Save company details'}
          </button>
        </div>
      </form>
    </section>
  );
}
