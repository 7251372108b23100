/**
 * Saves a completed form's signed PDF into the folder being browsed
 * (`data[action]=save&data[form]=..`), picked from the newest completed forms. Without a choice
 * it says so; a failed save keeps the choice and tells why.
 */
import type { CompletedForm, CompletedFormPage, StorageQuery, StorageResponse } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formsApi, storageApi } from '@formsign/sdk';
import { area } from '../../../api/client.ts';
import { useMutation } from '../../../api/use-mutation.ts';
import { FormError } from '../../../components/form-error.tsx';
import { ListFailure } from '../../../lists/data-table.tsx';
import { formatDate, useDateStyle } from '../../../lists/format.ts';
import { useDataGroup } from '../../../lists/use-data-group.ts';
import { useNotify } from '../../../shell/notifications.tsx';
import { folderName } from './folder-path.ts';

const formsCalls = area(formsApi);
const storageCalls = area(storageApi);

const noForms: CompletedFormPage = { page: 1, limit: 100, total: 0, total_exact: true, data: [] };

/**
 * `browsing`: the folder and page on show, so the save answers that page as it is afterwards
 * (`onSaved` gets it).
 */
export function SaveCompletedForm({
  folder,
  browsing,
  onSaved,
}: {
  folder: string;
  browsing: StorageQuery;
  onSaved(storage: StorageResponse): void;
}) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const id = useId();
  const notify = useNotify();
  const { t } = useLingui();
  const forms = useDataGroup('completed-to-save', noForms, (params, options) => formsCalls.completed(params, options), { page: 1, limit: 100 });
  const select = useRef<HTMLSelectElement>(null);
  const [choice, setChoice] = useState('');
  const [missing, setMissing] = useState(false);
  const name = folderName(folder);
  const saving = useMutation(
    (form: CompletedForm, options) => storageCalls.manage({ ...browsing, data: { action: 'save', form: form.id } }, options),
    {
      onSuccess: (storage, { reference }) => {
        notify({ type: 'success', title: t`Saved to Documents`, description: t`${reference} is now in ${name}.` });
        setChoice('');
        onSaved(storage);
      },
    },
  );

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (saving.busy) return;
    const form = forms.data.data.find((item) => String(item.id) === choice);
    if (!form) {
      setMissing(true);
      select.current?.focus();
      return;
    }
    void saving.run(form);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Save a completed form here</Trans>
      </h2>
      <p className="muted">
        <Trans>Keeps a copy of a signed form’s PDF in {name}.</Trans>
      </p>
      {forms.error ? <ListFailure message={forms.message ?? ''} onRetry={forms.refetch} /> : null}
      <form noValidate onSubmit={save}>
        <div className="field">
          <label htmlFor={`${id}-form`}>
            <Trans>Completed form</Trans>
          </label>
          <select
            ref={select}
            id={`${id}-form`}
            className="select"
            value={choice}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${id}-missing` : undefined}
            onChange={(event) => {
              setChoice(event.target.value);
              if (event.target.value) setMissing(false);
            }}
          >
            <option value="">{forms.loading ? t`Loading completed forms…` : t`Choose a form`}</option>
            {forms.data.data.map((form) => (
              <option key={form.id} value={form.id}>
                {form.reference} · {form.title} ({formatDate(form.completed_at)})
              </option>
            ))}
          </select>
          {missing ? (
            <span id={`${id}-missing`} className="lists-field-error">
              <Trans>Choose the completed form to save.</Trans>
            </span>
          ) : null}
        </div>
        <FormError message={saving.error} />
        <div className="form-actions">
          <button type="submit" className="button" aria-disabled={saving.busy}>
            {saving.busy ? t`Saving…` : t`Save in ${name}`}
          </button>
        </div>
      </form>
    </section>
  );
}
