/**
 * The choice of how a link's holder proves they are a place's recipient before the form opens,
 * in the words the sender reads: a template's place (the recipients step), and the
 * organisation's default for new templates (Company Settings).
 */
import type { TemplateStep } from '@formsign/sdk';

export type Verification = NonNullable<TemplateStep['verification']>;

const choices: ReadonlyArray<{ value: Verification; label: string }> = [
  { value: 'none', label: 'The signing link alone' },
  { value: 'email-code', label: 'A code emailed to them' },
  { value: 'access-code', label: 'An access code you give them' },
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
          {choice.label}
        </option>
      ))}
    </select>
  );
}
