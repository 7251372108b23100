/**
 * Inviting several people at once (`POST /invite`): as many rows as wanted (email, first
 * and last name, class). The server answers one code per person; each row shows its text
 * ('Invitation sent successfully.', 'User already exists.', ...). The people invited leave
 * the form; the rows that failed stay, with their reason, so they can be corrected and sent
 * again.
 */
import { contractLimits, emailPattern, type InviteOutcome, type InviteUser, usersApi } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { area } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { focusFirstInvalid } from './focus-first-invalid.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { EmailAddress } from '../../components/email-address.tsx';

const usersCalls = area(usersApi);

/** The most people one invitation can carry (the contract's limit). */
const maxPeople = contractLimits['InviteRequest.users'].maxItems;

interface PersonRow extends Required<InviteUser> {
  key: number;
  /** Why this row was not invited: a check of the form, or the server's answer (in its words). */
  problem: MessageDescriptor | string | null;
  /** Whether the server refused this person (not just a check of the form). */
  refused: boolean;
}

let nextKey = 1;
const blankPerson = (personClass = 'Staff'): PersonRow => ({
  key: nextKey++,
  email: '',
  first_name: '',
  last_name: '',
  class: personClass,
  problem: null,
  refused: false,
});

function check(person: PersonRow): MessageDescriptor | null {
  const email = person.email.trim();
  if (!email) return msg`Enter an email address.`;
  if (!emailPattern.test(email)) return msg`Enter an email address like name@example.com.`;
  return null;
}

function PersonFields({
  person,
  index,
  classes,
  canRemove,
  onChange,
  onRemove,
}: {
  person: PersonRow;
  index: number;
  classes: string;
  canRemove: boolean;
  onChange(change: Partial<PersonRow>): void;
  onRemove(): void;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const number = index + 1;
  const legend = t`Person ${number}`;
  const problem = typeof person.problem === 'string' ? person.problem : person.problem && i18n._(person.problem);
  return (
    <fieldset className="invite-person">
      <legend className="invite-person__legend">{legend}</legend>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>Email</Trans>
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="off"
          value={person.email}
          aria-invalid={person.problem ? true : undefined}
          aria-describedby={person.problem ? `${id}-problem` : undefined}
          onChange={(event) => onChange({ email: event.target.value, problem: null, refused: false })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-first`}>
          <Trans>First name</Trans>
        </label>
        <input
          id={`${id}-first`}
          className="input"
          autoComplete="off"
          value={person.first_name}
          onChange={(event) => onChange({ first_name: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-last`}>
          <Trans>Last name</Trans>
        </label>
        <input
          id={`${id}-last`}
          className="input"
          autoComplete="off"
          value={person.last_name}
          onChange={(event) => onChange({ last_name: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-class`}>
          <Trans>Class</Trans>
        </label>
        <input
          id={`${id}-class`}
          className="input"
          list={classes}
          value={person.class}
          onChange={(event) => onChange({ class: event.target.value })}
        />
      </div>
      <button type="button" className="button button--ghost button--small invite-person__remove" disabled={!canRemove} onClick={onRemove}>
        <Trans>Remove</Trans>
        <span className="visually-hidden"> {legend}</span>
      </button>
      {problem ? (
        <p id={`${id}-problem`} className="invite-person__problem">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

export function InvitePeople({ classes, onInvited, onClose }: { classes: readonly string[]; onInvited(): void; onClose(): void }) {
  const id = useId();
  const { t } = useLingui();
  const [people, setPeople] = useState<PersonRow[]>(() => [blankPerson()]);
  const [sent, setSent] = useState<InviteOutcome[]>([]);
  const invite = useMutation((users: InviteUser[], options) => usersCalls.invite(users, options));
  const form = useRef<HTMLFormElement>(null);

  const change = (key: number, update: Partial<PersonRow>): void =>
    setPeople((list) => list.map((person) => (person.key === key ? { ...person, ...update } : person)));
  const add = (): void => {
    setPeople((list) => [...list, blankPerson(list.at(-1)?.class || 'Staff')]);
    // Focus the new row's email, so keyboard users carry on typing.
    requestAnimationFrame(() => form.current?.querySelectorAll<HTMLInputElement>('input[type="email"]').item(people.length)?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const checked = people.map((person) => ({ ...person, problem: check(person), refused: false }));
    setPeople(checked);
    if (checked.some((person) => person.problem)) {
      focusFirstInvalid(form.current);
      return;
    }
    const users = checked.map(({ email, first_name, last_name, class: personClass }) => ({
      email: email.trim(),
      first_name: first_name.trim(),
      last_name: last_name.trim(),
      class: personClass.trim(),
    }));
    const outcomes = await invite.run(users);
    if (!outcomes) return;
    const failed = checked.flatMap((person, index) => {
      const outcome = outcomes[index];
      return outcome && !outcome.ok ? [{ ...person, problem: outcome.text, refused: true }] : [];
    });
    const invited = outcomes.filter((outcome) => outcome.ok);
    setSent(invited);
    setPeople(failed.length ? failed : [blankPerson(checked.at(-1)?.class || 'Staff')]);
    if (invited.length) onInvited();
  };

  const failedCount = people.filter((person) => person.refused).length;
  const invitations = people.length;
  return (
    <section className="card invite" aria-labelledby={`${id}-heading`}>
      <div className="invite__header">
        <h2 id={`${id}-heading`}>
          <Trans>Invite people</Trans>
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          <Trans>
            Close<span className="visually-hidden"> the invitations</span>
          </Trans>
        </button>
      </div>
      <p className="muted">
        <Trans>Each person gets an email with a link to set their password. Add as many people as you need, up to {maxPeople} at a time.</Trans>
      </p>
      {sent.length > 0 ? (
        <div className="alert alert--success" role="status">
          <div className="alert__body">
            <ul className="invite__sent">
              {sent.map((outcome) => (
                <li key={outcome.user.email}>
                  <strong>
                    <EmailAddress address={outcome.user.email} />
                  </strong>
                  : {outcome.text}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <FormError message={invite.error} />
      {failedCount > 0 && !invite.error ? (
        <p className="alert alert--warning" role="alert">
          {t`${plural(failedCount, {
            one: '# person was not invited. Correct the row below and send again.',
            other: '# people were not invited. Correct the rows below and send again.',
          })}`}
        </p>
      ) : null}
      <datalist id={`${id}-classes`}>
        {classes.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        {people.map((person, index) => (
          <PersonFields
            key={person.key}
            person={person}
            index={index}
            classes={`${id}-classes`}
            canRemove={people.length > 1}
            onChange={(update) => change(person.key, update)}
            onRemove={() => setPeople((list) => list.filter((item) => item.key !== person.key))}
          />
        ))}
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={add} disabled={people.length >= maxPeople}>
            <Trans>Add another person</Trans>
          </button>
          <button type="submit" className="button" disabled={invite.busy}>
            {invite.busy ? t`Sending…` : t`${plural(invitations, { one: 'Send invitation', other: 'Send # invitations' })}`}
          </button>
        </div>
      </form>
    </section>
  );
}
