/** Renaming and deleting a data source (`POST /prepopulation-source`); a refused rename keeps what was typed. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { prepopulationApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/form-error.tsx';

const prepopulationCalls = area(prepopulationApi);

export function SourceSettings({ sourceId, name, onRenamed, onRemoved }: { sourceId: number; name: string; onRenamed(): void; onRemoved(): void }) {
  const { t } = useLingui();
  const id = useId();
  const [typed, setTyped] = useState(name);
  const [confirming, setConfirming] = useState(false);
  const rename = useMutation((next: string, options) => prepopulationCalls.manageSource({ function: 'rename', id: sourceId, name: next }, options), {
    onSuccess: onRenamed,
  });
  const remove = useMutation((_none: null, options) => prepopulationCalls.manageSource({ function: 'remove', id: sourceId }, options), {
    onSuccess: onRemoved,
  });
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void rename.run(typed.trim());
  };
  return (
    <form className="toolbar" noValidate onSubmit={submit} aria-busy={rename.busy || remove.busy}>
      <FormError message={rename.error ?? remove.error} />
      <div className="field">
        <label htmlFor={`${id}-name`}>
          <Trans>Name</Trans>
        </label>
        <input id={`${id}-name`} className="input" maxLength={120} value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <button type="submit" className="button button--secondary" disabled={rename.busy || !typed.trim()}>
        <Trans>Rename</Trans>
      </button>
      <button type="button" className="button button--ghost" disabled={remove.busy} onClick={() => setConfirming(true)}>
        <Trans>Delete the data source</Trans>
      </button>
      <ConfirmDialog
        open={confirming}
        title={t`Delete ${name}?`}
        confirmLabel={t`Delete the data source`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void remove.run(null);
        }}
      >
        <Trans>Its records are deleted with it. Forms already filled from it keep their values.</Trans>
      </ConfirmDialog>
    </form>
  );
}
