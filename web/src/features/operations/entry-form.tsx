/**
 * Records one entry in the Entry Book (`POST /tna`, action record): a staff member or a
 * visitor (one already known, or a new one by name), in or out, with an optional note. Choosing
 * someone suggests the direction (out for someone who is in). A refused entry keeps what was
 * typed and shows the product's text ('Parameter failed.').
 */
import { contractLimits, type Staff, timeAttendanceApi, type TimeEntriesRequest, type Visitor } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { useNotify } from '../../shell/notifications.tsx';
import { formatTime } from './calendar-dates.ts';

const timeAttendanceCalls = area(timeAttendanceApi);

type Kind = 'staff' | 'visitor';
type Direction = 'in' | 'out';
const newVisitor = 'new';
const noteLimit = contractLimits['TnaRequest.data.note'].maxLength;

export interface EntryFormProps {
  staff: Staff[];
  visitors: Visitor[];
  onRecorded(): void;
}

interface Problems {
  person?: MessageDescriptor;
  name?: MessageDescriptor;
}

const noStaffMember = msg`Choose the staff member.`;
const noVisitor = msg`Choose the visitor, or New visitor.`;
const noVisitorName = msg`Enter the visitor's name.`;

export function EntryForm({ staff, visitors, onRecorded }: EntryFormProps) {
  const id = useId();
  const notify = useNotify();
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<Kind>('staff');
  const [person, setPerson] = useState('');
  const [name, setName] = useState('');
  const [direction, setDirection] = useState<Direction>('in');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const recording = useMutation((request: TimeEntriesRequest, options) => timeAttendanceCalls.entries(request, options), {
    onSuccess: (_entries, request) => {
      const label = request.name ?? (request.kind === 'staff' ? staff : visitors).find((one) => one.id === request.person)?.name ?? t`The entry`;
      const time = formatTime(new Date().toISOString());
      notify({
        type: 'success',
        title: t`Entry recorded`,
        description: request.direction === 'in' ? t`${label}: in at ${time}.` : t`${label}: out at ${time}.`,
      });
      setPerson('');
      setName('');
      setNote('');
      setDirection('in');
      onRecorded();
    },
  });

  const choosePerson = (value: string): void => {
    setPerson(value);
    if (kind === 'staff') {
      const member = staff.find((one) => String(one.id) === value);
      if (member) setDirection(member.present ? 'out' : 'in');
    } else {
      const visitor = visitors.find((one) => String(one.id) === value);
      setDirection(visitor && !visitor.left_at ? 'out' : 'in');
    }
  };
  const chooseKind = (value: Kind): void => {
    setKind(value);
    setPerson('');
    setName('');
    setProblems({});
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found: Problems = {};
    if (!person) found.person = kind === 'staff' ? noStaffMember : noVisitor;
    if (kind === 'visitor' && person === newVisitor && !name.trim()) found.name = noVisitorName;
    setProblems(found);
    recording.reset();
    if (found.person || found.name) return;
    const who = person === newVisitor ? { name: name.trim() } : { person: Number(person) };
    void recording.run({ action: 'record', kind, direction, note: note.trim(), ...who });
  };

  const onSite = visitors.filter((visitor) => !visitor.left_at);
  const earlier = visitors.filter((visitor) => visitor.left_at);
  const left = noteLimit - note.length;
  return (
    <form onSubmit={submit} noValidate>
      <FormError message={recording.error} />
      <fieldset className="ops-fieldset">
        <legend>
          <Trans>Who</Trans>
        </legend>
        <div className="ops-radios">
          <label>
            <input type="radio" name={`${id}-kind`} value="staff" checked={kind === 'staff'} onChange={() => chooseKind('staff')} />
            <Trans>Staff member</Trans>
          </label>
          <label>
            <input type="radio" name={`${id}-kind`} value="visitor" checked={kind === 'visitor'} onChange={() => chooseKind('visitor')} />
            <Trans>Visitor</Trans>
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-person`}>
          <Trans>Person</Trans>
        </label>
        <select
          id={`${id}-person`}
          className="select"
          value={person}
          aria-invalid={problems.person ? true : undefined}
          aria-describedby={problems.person ? `${id}-person-problem` : undefined}
          onChange={(event) => choosePerson(event.target.value)}
        >
          <option value="">{kind === 'staff' ? t`Choose the staff member` : t`Choose the visitor`}</option>
          {kind === 'staff'
            ? staff.map(({ id: memberId, name: memberName, unit, present }) => (
                <option key={memberId} value={memberId}>
                  {present ? t`${memberName} · ${unit} (in)` : t`${memberName} · ${unit} (not in)`}
                </option>
              ))
            : null}
          {kind === 'visitor' ? (
            <>
              <option value={newVisitor}>{t`New visitor…`}</option>
              {onSite.length > 0 ? (
                <optgroup label={t`On site now`}>
                  {onSite.map((visitor) => (
                    <option key={visitor.id} value={visitor.id}>
                      {visitor.name} · {visitor.company}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {earlier.length > 0 ? (
                <optgroup label={t`Earlier visitors`}>
                  {earlier.map((visitor) => (
                    <option key={visitor.id} value={visitor.id}>
                      {visitor.name} · {visitor.company}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </>
          ) : null}
        </select>
        {problems.person ? (
          <span className="ops-field-error" id={`${id}-person-problem`}>
            {i18n._(problems.person)}
          </span>
        ) : null}
      </div>
      {kind === 'visitor' && person === newVisitor ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <Trans>Visitor's name</Trans>
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={200}
            autoComplete="off"
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={problems.name ? `${id}-name-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {problems.name ? (
            <span className="ops-field-error" id={`${id}-name-problem`}>
              {i18n._(problems.name)}
            </span>
          ) : null}
        </div>
      ) : null}
      <fieldset className="ops-fieldset">
        <legend>
          <Trans>In or out</Trans>
        </legend>
        <div className="ops-radios">
          <label>
            <input type="radio" name={`${id}-direction`} value="in" checked={direction === 'in'} onChange={() => setDirection('in')} />
            <Trans context="coming in">In</Trans>
          </label>
          <label>
            <input type="radio" name={`${id}-direction`} value="out" checked={direction === 'out'} onChange={() => setDirection('out')} />
            <Trans context="going out">Out</Trans>
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-note`}>
          <Trans>Note (optional)</Trans>
        </label>
        <textarea
          id={`${id}-note`}
          className="textarea"
          value={note}
          maxLength={noteLimit}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
        <span id={`${id}-note-hint`} className="field__hint">
          {t`For example: late, bus delayed. ${plural(left, { one: '# character left.', other: '# characters left.' })}`}
        </span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={recording.busy}>
          {recording.busy ? t`Recording…` : t`Record entry`}
        </button>
      </div>
    </form>
  );
}
