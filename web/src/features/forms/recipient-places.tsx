/**
 * The recipients' places, in step 2 of the template editor: who answers the fields ("Answered
 * by" offers each place). A place can be added here by its label (it fills in and signs; step
 * 3 says more of it: what it does, whom it goes to), so a field can be given to the second
 * signer before the recipients are edited. Adding saves the places at once (`update`,
 * `type: steps`); a failed save keeps the label typed.
 */
import { contractLimits, type TemplateDetail, templatesApi, type TemplateStep } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';

const templatesCalls = area(templatesApi);

const mostPlaces = contractLimits['TemplateStepsUpdate.steps'].maxItems;

interface RecipientPlacesProps {
  template: Pick<TemplateDetail, 'id' | 'sequential'>;
  /** The places saved (one signer when none are). */
  steps: readonly TemplateStep[];
  disabled: boolean;
  onAdded(steps: TemplateStep[]): void;
}

export function RecipientPlaces({ template, steps, disabled, onAdded }: RecipientPlacesProps) {
  const { t } = useLingui();
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const save = useMutation(
    (next: TemplateStep[], options) =>
      templatesCalls.manage(
        { functions: 'update', id: template.id, type: 'steps', value: { sequential: template.sequential ?? true, steps: next } },
        options,
      ),
    {
      onSuccess: (_answer, next) => {
        onAdded(next);
        const at = next.findIndex((step) => !steps.includes(step));
        const place = at + 1;
        const placeLabel = next[at]?.label ?? '';
        setAdded(t`Place ${place}, “${placeLabel}”, is saved: fields can now be answered by it.`);
        setLabel('');
      },
    },
  );
  const add = (): void => {
    const name = label.trim();
    setAdded('');
    if (!name) {
      setProblem(t`Give the new place a label, such as “Tenant” or “Line manager”.`);
      return;
    }
    if (steps.length >= mostPlaces) {
      setProblem(t`A template has at most ${mostPlaces} places.`);
      return;
    }
    setProblem(null);
    // Before the places that receive a copy, which come last (they answer no field, so their numbers may move).
    const copies = steps.findIndex((step) => step.action === 'copy');
    const at = copies < 0 ? steps.length : copies;
    void save.run([...steps.slice(0, at), { label: name, action: 'sign', user_id: null }, ...steps.slice(at)]);
  };
  const enter = (event: KeyboardEvent<HTMLInputElement>): void => {
    // Enter adds the place; it does not save the fields around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const busy = disabled || save.busy;
  return (
    <div className="recipient-places" role="group" aria-labelledby="recipient-places-title">
      <h3 id="recipient-places-title" className="recipient-places__title">
        <Trans>Who answers the fields</Trans>
      </h3>
      <ol className="recipient-places__list">
        {steps.map((step, index) => (
          <li key={index}>
            {index + 1}. {step.label}
          </li>
        ))}
      </ol>
      <div className="field recipient-places__add">
        <label htmlFor="recipient-place-label">
          <Trans>New place</Trans>
        </label>
        <div className="recipient-places__row">
          <input
            id="recipient-place-label"
            className="input"
            value={label}
            maxLength={contractLimits['TemplateStep.label'].maxLength}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'recipient-place-error' : undefined}
            onChange={(event) => setLabel(event.target.value)}
            onKeyDown={enter}
          />
          <button type="button" className="button button--secondary" disabled={busy} onClick={add}>
            {save.busy ? t`Adding…` : t`Add the place`}
          </button>
        </div>
        {problem ? (
          <p className="field__error" id="recipient-place-error">
            {problem}
          </p>
        ) : null}
      </div>
      <FormError message={save.error} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {added}
      </p>
    </div>
  );
}
