/**
 * Changing a person's class or units. The dialog sends the command through the user list
 * machine and stays open, busy, until the row is no longer updating: it closes when the
 * server accepted the change, and keeps what was typed, with the failure's text, when not.
 */
import type { UserRow } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { FormDialog } from './form-dialog.tsx';
import { personName } from './person-name.ts';
import { UserList } from './user-list.ts';

/**
 * Watches the row's command: busy while it is on its way, closes on success, keeps the failure.
 * What shows is worked out from the machine's state; only closing is an effect.
 */
function useRowCommand(row: UserRow, onDone: () => void) {
  const updating = UserList.useSelector((snapshot) => snapshot.context.updating.includes(row.id));
  const error = UserList.useSelector((snapshot) => snapshot.context.error);
  const [sent, setSent] = useState(false);
  const settled = sent && !updating;
  useEffect(() => {
    if (settled && !error) onDone();
  }, [settled, error, onDone]);
  return { busy: sent && updating, failure: settled ? error : null, sent: () => setSent(true) };
}

export interface UserCommandDialogProps {
  row: UserRow;
  /** Classes and units seen in the list, offered as choices. */
  choices: readonly string[];
  onSend(type: 'class' | 'unit', value: string | string[]): void;
  onClose(): void;
}

export function ChangeClassDialog({ row, choices, onSend, onClose }: UserCommandDialogProps) {
  const id = useId();
  const { t } = useLingui();
  const [value, setValue] = useState(row.class);
  const [invalid, setInvalid] = useState<string | null>(null);
  const command = useRowCommand(row, onClose);
  const name = personName(row);
  const submit = (): void => {
    const next = value.trim();
    if (!next) return setInvalid(t`Enter a class, for example Staff or Manager.`);
    if (next === row.class) return onClose();
    setInvalid(null);
    onSend('class', next);
    command.sent();
  };
  const units = row.unit.join(', ');
  const unitCount = row.unit.length;
  return (
    <FormDialog
      open
      title={t`Change the class of ${name}`}
      submitLabel={t`Change class`}
      busy={command.busy}
      error={invalid ?? command.failure}
      onSubmit={submit}
      onClose={onClose}
      description={
        row.unit.length > 0 ? (
          <p className="muted">
            {t`${plural(unitCount, {
              one: `Changing the class removes ${name} from the unit ${units}. You can add units again afterwards.`,
              other: `Changing the class removes ${name} from the units ${units}. You can add units again afterwards.`,
            })}`}
          </p>
        ) : null
      }
    >
      <div className="field">
        <label htmlFor={`${id}-class`}>
          <Trans>Class</Trans>
        </label>
        <input
          id={`${id}-class`}
          className="input"
          list={`${id}-classes`}
          value={value}
          required
          autoFocus
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <datalist id={`${id}-classes`}>
          {choices.map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      </div>
    </FormDialog>
  );
}

export function EditUnitsDialog({ row, choices, onSend, onClose }: UserCommandDialogProps) {
  const id = useId();
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string[]>(row.unit);
  const [added, setAdded] = useState('');
  const command = useRowCommand(row, onClose);
  const name = personName(row);
  const offered = [...new Set([...choices, ...row.unit])].sort((a, b) => a.localeCompare(b));
  const toggle = (unit: string, on: boolean): void => setChosen((list) => (on ? [...list, unit] : list.filter((item) => item !== unit)));
  const submit = (): void => {
    const extra = added
      .split(',')
      .map((unit) => unit.trim())
      .filter(Boolean);
    const units = [...new Set([...chosen, ...extra])];
    onSend('unit', units);
    command.sent();
  };
  return (
    <FormDialog
      open
      title={t`Units of ${name}`}
      submitLabel={t`Save units`}
      busy={command.busy}
      error={command.failure}
      onSubmit={submit}
      onClose={onClose}
    >
      {offered.length > 0 ? (
        <fieldset className="account-choices">
          <legend className="field__label">
            <Trans>Units</Trans>
          </legend>
          {offered.map((unit) => (
            <label key={unit} className="checkbox">
              <input type="checkbox" checked={chosen.includes(unit)} onChange={(event) => toggle(unit, event.target.checked)} />
              {unit}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-added`}>
          <Trans>Add units</Trans>
        </label>
        <input
          id={`${id}-added`}
          className="input"
          value={added}
          aria-describedby={`${id}-added-hint`}
          onChange={(event) => setAdded(event.target.value)}
        />
        <span id={`${id}-added-hint`} className="field__hint">
          <Trans>Separate several units with commas.</Trans>
        </span>
      </div>
    </FormDialog>
  );
}
