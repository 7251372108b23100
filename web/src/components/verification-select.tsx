/**
 * The choice of how a link's holder proves they are a place's recipient before the form opens,
 * in the words the sender reads: a template's place (the recipients step), and the
 * organisation's default for new templates (Company Settings).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TemplateStep } from '@formsign/sdk';

export type Verification = NonNullable<TemplateStep['verification']>;

const choices: ReadonlyArray<{ value: Verification; label: MessageDescriptor }> = [
  { value: 'none', label: msg`The signing link alone` },
  { value: 'email-code', label: msg`A code emailed to them` },
  { value: 'access-code', label: msg`An access code you give them` },
];

export function VerificationSelect({
  id,
  value,
  disabled = false,
  describedBy,
  onChange,
}: {
  id: string;
  value: Verification;
  disabled?: boolean;
  describedBy?: string;
  onChange(value: Verification): void;
}) {
  const { i18n } = useLingui();
  return (
    <select
      id={id}
      className="select"
      value={value}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value as Verification)}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {i18n._(choice.label)}
        </option>
      ))}
    </select>
  );
}
