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
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const shown = (answer: Answer | undefined, i18n: I18n): string =>
  typeof answer === 'boolean' ? i18n._(answer ? msg`ticked` : msg`not ticked`) : typeof answer === 'string' ? answer : '';

/** What a record would replace: each answer the person typed, and the record's value for it. */
function Replacing({
  picked,
  replaces,
  answers,
  labelOf,
}: {
  picked: PickedRecord;
  replaces: Answers;
  answers: Answers;
  labelOf(name: string): string;
}) {
  const { i18n } = useLingui();
  const { oid: recordId, source } = picked;
  return (
    <>
      <p>
        <Trans>
          Record {recordId} of {source} has other values for answers you typed. Keep your answers, and the record fills only the others, or replace
          them:
        </Trans>
      </p>
      <ul>
        {Object.entries(replaces).map(([name, value]) => {
          const label = labelOf(name);
          const typed = shown(answers[name], i18n);
          const offered = shown(value, i18n);
          return (
            <li key={name}>
              <Trans>
                {label}: “{typed}” becomes “{offered}”
              </Trans>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function SigningPrefill({ templateId, fields, answers, onFill }: SigningPrefillProps) {
  const [filled, setFilled] = useState<PickedRecord | null>(null);
  // What records put in the answers: those may be replaced by another record without asking.
  const [fromRecord, setFromRecord] = useState<Answers>({});
  const [asking, setAsking] = useState<{ picked: PickedRecord; plan: StepPrefill } | null>(null);
  const { t } = useLingui();
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
        title={t`Replace your answers?`}
        confirmLabel={t`Replace my answers`}
        cancelLabel={t`Keep my answers`}
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
        {asking ? <Replacing picked={asking.picked} replaces={asking.plan.replaces} answers={answers} labelOf={labelOf} /> : null}
      </ConfirmDialog>
    </>
  );
}
