/**
 * "Pre-fill from <source>" while a signed-in person fills in their own step of a form, when a
 * data source fills the form's template and they may read its records. A picked record fills
 * their own fields only, never the sender's or another step's. Empty answers, and those an
 * earlier record filled and that were left as they were, take its values at once; answers the
 * person typed themselves are replaced only when they say so (a dialog lists them): what was
 * typed by hand is theirs, and choosing a record should not lose it unseen. Nothing is sent
 * here: the answers go with Finish, or are kept with "Save and finish later", as usual.
 */
import type { FormField } from '@formsign/sdk';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { stepPrefill, type StepPrefill } from './prefill-answers.ts';
import { PrefillPicker, type PickedRecord } from './prefill-picker.tsx';
import type { Answer, Answers } from './signing-answers.ts';

interface SigningPrefillProps {
  templateId: number;
  /** The person's own fields in this step. */
  fields: readonly FormField[];
  answers: Answers;
  /** Takes the answers a record gives into the form (nothing is sent). */
  onFill(patch: Answers): void;
}

const shown = (answer: Answer | undefined): string =>
  typeof answer === 'boolean' ? (answer ? 'ticked' : 'not ticked') : typeof answer === 'string' ? answer : '';

export function SigningPrefill({ templateId, fields, answers, onFill }: SigningPrefillProps) {
  const [filled, setFilled] = useState<PickedRecord | null>(null);
  // What records put in the answers: those may be replaced by another record without asking.
  const [fromRecord, setFromRecord] = useState<Answers>({});
  const [asking, setAsking] = useState<{ picked: PickedRecord; plan: StepPrefill } | null>(null);
  const fill = (picked: PickedRecord, patch: Answers): void => {
    onFill(patch);
    setFromRecord((current) => ({ ...current, ...patch }));
    setFilled(picked);
  };
  const pick = (picked: PickedRecord): void => {
    const plan = stepPrefill(fields, answers, picked.fields, fromRecord);
    if (Object.keys(plan.replaces).length > 0) setAsking({ picked, plan });
    else fill(picked, plan.fills);
  };
  const labelOf = (name: string): string => fields.find((field) => field.name === name)?.label ?? name;
  return (
    <>
      <PrefillPicker className="card" templateId={templateId} filled={filled} onPick={pick} />
      <ConfirmDialog
        open={asking !== null}
        title="Replace your answers?"
        confirmLabel="Replace my answers"
        cancelLabel="Keep my answers"
        danger={false}
        onConfirm={() => {
          if (asking) fill(asking.picked, { ...asking.plan.fills, ...asking.plan.replaces });
          setAsking(null);
        }}
        onCancel={() => {
          if (asking) fill(asking.picked, asking.plan.fills);
          setAsking(null);
        }}
      >
        {asking ? (
          <>
            <p>
              Record {asking.picked.oid} of {asking.picked.source} has other values for answers you typed. Keep your answers, and the record fills
              only the others, or replace them:
            </p>
            <ul>
              {Object.entries(asking.plan.replaces).map(([name, value]) => (
                <li key={name}>
                  {labelOf(name)}: “{shown(answers[name])}” becomes “{shown(value)}”
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
