/**
 * Step 3 of the template editor (designed): who a form from this template goes to, in order.
 * Each place has a label the sender reads ("Employee", "Line manager"), what it asks (sign,
 * fill in, approve, or only receive a copy of the sealed PDF, places that come last) and, for an administrator, the colleague it goes to unless the sender
 * chooses someone else, and how its recipient proves who they are before the form opens (the
 * link alone, a code emailed to them, or an access code the sender gives them; a new place
 * starts from the organisation's default), and whether its recipient may hand the form on to
 * someone else (off unless ticked; never an approver, nor a place that asks for an access code,
 * whose new person would not have the code). Approvers must be users of the company. Saving updates the template's
 * recipients (`update`, `type: steps`) and goes back to Manage Template; a failed save keeps
 * everything chosen.
 */
import type { TemplateDetail, TemplateStep, UserRow } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { templatesApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { inspectOption } from '../../session/inspection.ts';
import { useNotify } from '../../shell/notifications.tsx';
import { fromRequest, templateSaveMachine } from '@formsign/machines';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { VerificationSelect, type Verification } from '../../components/verification-select.tsx';

const templatesCalls = area(templatesApi);

const saveLogic = templateSaveMachine.provide({
  actors: { save: fromRequest((input, options) => templatesCalls.manage(input, options)) },
});

export const actions: ReadonlyArray<{ value: TemplateStep['action']; label: MessageDescriptor }> = [
  { value: 'sign', label: msg`Fills in and signs` },
  { value: 'fill', label: msg`Fills in` },
  { value: 'approve', label: msg`Approves` },
  { value: 'copy', label: msg`Receives a copy` },
];

/** Where a new place that acts goes: before the places that receive a copy, which come last. */
function withActingPlace(places: readonly Place[], place: Place): Place[] {
  const copies = places.findIndex((item) => item.action === 'copy');
  const at = copies < 0 ? places.length : copies;
  return [...places.slice(0, at), place, ...places.slice(at)];
}

interface Place extends TemplateStep {
  key: number;
}

let nextKey = 1;
const placeOf = (step: TemplateStep): Place => ({ ...step, key: nextKey++ });

function personName(user: UserRow): string {
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email;
}

export function RecipientsForm({
  template,
  people,
  defaultVerification,
}: {
  template: TemplateDetail;
  people: readonly UserRow[] | null;
  /** How a new place's recipient proves who they are: the organisation's default. */
  defaultVerification: Verification;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const initial: TemplateStep[] = template.steps?.length
    ? template.steps.map((step) => ({ ...step, verification: step.verification ?? 'none', allow_delegation: step.allow_delegation ?? false }))
    : [{ label: t`Signer`, action: 'sign', user_id: null, verification: defaultVerification, allow_delegation: false }];
  const [places, setPlaces] = useState<Place[]>(() => initial.map(placeOf));
  const [sequential, setSequential] = useState(template.sequential ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const [snapshot, send] = useMachine(saveLogic, inspectOption());
  const navigate = useNavigate();
  const notify = useNotify();
  const saving = snapshot.matches('saving');
  const saved = snapshot.matches('saved');
  const steps = places.map(({ key: _key, ...step }) => step);
  const changed = JSON.stringify(steps) !== JSON.stringify(initial) || sequential !== (template.sequential ?? true);

  const announceSaved = useEffectEvent(() => {
    const title = template.title;
    const count = places.length;
    notify({
      type: 'success',
      title: t`Template saved`,
      description: t`${plural(count, { one: `“${title}” goes to one person.`, other: `“${title}” goes to # people.` })}`,
    });
    void navigate('/template');
  });
  useEffect(() => {
    if (saved) announceSaved();
  }, [saved]);

  const update = (key: number, patch: Partial<TemplateStep>): void =>
    setPlaces((current) => current.map((place) => (place.key === key ? { ...place, ...patch } : place)));
  const move = (index: number, by: -1 | 1): void =>
    setPlaces((current) => {
      const next = [...current];
      const [place] = next.splice(index, 1);
      if (place) next.splice(index + by, 0, place);
      return next;
    });

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const unnamed = places.findIndex((place) => !place.label.trim());
    if (unnamed >= 0) {
      const place = unnamed + 1;
      setProblem(t`Give place ${place} a label, such as “Employee” or “Line manager”.`);
      return;
    }
    setProblem(null);
    send({
      type: 'template.save',
      request: {
        functions: 'update',
        id: template.id,
        type: 'steps',
        value: { sequential, steps: steps.map((step) => ({ ...step, label: step.label.trim() })) },
      },
    });
  };

  return (
    <form className="card template-recipients" noValidate onSubmit={save} aria-labelledby={`${id}-title`} aria-busy={saving}>
      <UnsavedChangesGuard when={changed && !saving && !saved} />
      <h2 id={`${id}-title`}>
        <Trans>Recipients</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Who a form from this template goes to, in order. The sender chooses the people when sending; a place can name a colleague it goes to by
          default. Those who receive a copy come last: they act on nothing, wait for no one, and are emailed the sealed PDF once the form is complete.
        </Trans>
      </p>
      <FormError message={problem ?? (snapshot.matches('failed') ? snapshot.context.error : null)} />
      <div className="checkbox">
        <input
          id={`${id}-sequential`}
          type="checkbox"
          checked={sequential}
          disabled={saving}
          onChange={(event) => setSequential(event.target.checked)}
        />
        <label htmlFor={`${id}-sequential`}>
          <Trans>One after the other (otherwise everyone gets the form at once)</Trans>
        </label>
      </div>
      <ol className="recipient-places">
        {places.map((place, index) => {
          const number = index + 1;
          return (
            <li key={place.key} className="recipient-place">
              <div className="field">
                <label htmlFor={`${id}-${place.key}-label`}>
                  <Trans>Place {number}: label</Trans>
                </label>
                <input
                  id={`${id}-${place.key}-label`}
                  className="input"
                  value={place.label}
                  maxLength={100}
                  disabled={saving}
                  onChange={(event) => update(place.key, { label: event.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${place.key}-action`}>
                  <Trans>What they do</Trans>
                </label>
                <select
                  id={`${id}-${place.key}-action`}
                  className="select"
                  value={place.action}
                  disabled={saving}
                  onChange={(event) => {
                    const action = event.target.value as TemplateStep['action'];
                    // An approver always logs in, and a copy opens nothing: neither place asks for a code or is handed on.
                    update(
                      place.key,
                      action === 'approve' || action === 'copy' ? { action, verification: 'none', allow_delegation: false } : { action },
                    );
                  }}
                >
                  {actions.map((action) => (
                    <option key={action.value} value={action.value}>
                      {i18n._(action.label)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-${place.key}-verification`}>
                  <Trans>Opens the form with</Trans>
                </label>
                {place.action === 'approve' ? (
                  <p id={`${id}-${place.key}-verification`} className="muted">
                    <Trans>Their login (approvers always log in)</Trans>
                  </p>
                ) : place.action === 'copy' ? (
                  <p id={`${id}-${place.key}-verification`} className="muted">
                    <Trans>Nothing: they are emailed the sealed PDF once everyone has acted</Trans>
                  </p>
                ) : (
                  <VerificationSelect
                    id={`${id}-${place.key}-verification`}
                    value={place.verification ?? 'none'}
                    disabled={saving}
                    onChange={(verification) =>
                      update(place.key, verification === 'access-code' ? { verification, allow_delegation: false } : { verification })
                    }
                  />
                )}
              </div>
              {place.action === 'approve' ? null : (
                <div className="checkbox">
                  <input
                    id={`${id}-${place.key}-delegation`}
                    type="checkbox"
                    checked={place.allow_delegation ?? false}
                    disabled={saving || place.verification === 'access-code'}
                    aria-describedby={place.verification === 'access-code' ? `${id}-${place.key}-delegation-hint` : undefined}
                    onChange={(event) => update(place.key, { allow_delegation: event.target.checked })}
                  />
                  <label htmlFor={`${id}-${place.key}-delegation`}>
                    <Trans>They may hand the form on to someone else (with a reason)</Trans>
                  </label>
                  {place.verification === 'access-code' ? (
                    <span id={`${id}-${place.key}-delegation-hint`} className="field__hint">
                      <Trans>Not with an access code: the new person would not have it.</Trans>
                    </span>
                  ) : null}
                </div>
              )}
              {people ? (
                <div className="field">
                  <label htmlFor={`${id}-${place.key}-user`}>
                    <Trans>Goes to</Trans>
                  </label>
                  <select
                    id={`${id}-${place.key}-user`}
                    className="select"
                    value={place.user_id ? String(place.user_id) : ''}
                    disabled={saving}
                    onChange={(event) => update(place.key, { user_id: event.target.value ? Number(event.target.value) : null })}
                  >
                    <option value="">{t`Whoever the sender chooses`}</option>
                    {people.map((user) => (
                      <option key={user.id} value={String(user.id)}>
                        {personName(user)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div className="recipient-place__tools">
                <button type="button" className="button button--ghost button--small" disabled={saving || index === 0} onClick={() => move(index, -1)}>
                  <Trans>
                    Up<span className="visually-hidden"> (place {number})</span>
                  </Trans>
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={saving || index === places.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <Trans>
                    Down<span className="visually-hidden"> (place {number})</span>
                  </Trans>
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={saving || places.length === 1}
                  onClick={() => setPlaces((current) => current.filter((item) => item.key !== place.key))}
                >
                  <Trans>
                    Remove<span className="visually-hidden"> place {number}</span>
                  </Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={saving || places.length >= 20}
          onClick={() =>
            setPlaces((current) =>
              withActingPlace(
                current,
                placeOf({ label: '', action: 'sign', user_id: null, verification: defaultVerification, allow_delegation: false }),
              ),
            )
          }
        >
          <Trans>+ Add a recipient</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving || places.length >= 20}
          onClick={() =>
            setPlaces((current) => [...current, placeOf({ label: '', action: 'copy', user_id: null, verification: 'none', allow_delegation: false })])
          }
        >
          <Trans>+ Add someone who receives a copy</Trans>
        </button>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t`Saving…` : t`Save the template`}
        </button>
        <Link className="button button--secondary" to={`/template/edit/${template.id}/step2`}>
          <Trans>Back to fields</Trans>
        </Link>
        <Link className="button button--ghost" to="/template">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}
