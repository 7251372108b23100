/** One field of a form being signed, as its type asks, with its problem (if any) beside it. */
import type { FormField } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDate, useDateStyle } from '../../lists/format.ts';
import { InitialsInput } from './initials-input.tsx';
import { SignatureInput } from './signature-input.tsx';
import { StampInput, stampTexts } from './signing-stamp.tsx';
import type { Answer, Signature } from './signing-answers.ts';

/** The id of a field's input (the error summary links to it). */
export function answerId(name: string): string {
  return `answer-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

interface SigningFieldProps {
  field: FormField;
  answer: Answer;
  problem?: string;
  disabled?: boolean;
  /** A typed name is accepted as a signature (the sending organisation's setting). */
  allowTypedSignature?: boolean;
  /** The initials the signer's name suggests, for an initials field. */
  initialsSuggestion?: string;
  /** An initials field whose initials are given in another field (the first of the signer's): it shows them, and asks nothing. */
  initialsGivenElsewhere?: boolean;
  onAnswer(answer: Answer): void;
}

/** An initials field after the first: the same initials, applied here too (the server puts them in every one). */
function AppliedInitials({ id, field, answer }: { id: string; field: FormField; answer: Answer }) {
  const initials = typeof answer === 'object' && answer !== null ? (answer as Signature) : null;
  const { t } = useLingui();
  return (
    // Focusable from the guide ("Next"), which leads to each required field.
    <div id={id} tabIndex={-1} className="field signing-field signing-field--answered">
      <span className="field__label">
        {field.label}
        <RequiredMark required={field.required} />
      </span>
      {initials?.kind === 'drawn' ? (
        <img className="signing-field__initials" src={initials.value} alt={t`Your initials, drawn`} />
      ) : initials?.value.trim() ? (
        <p className="signing-field__value doc-field__typed">{initials.value.trim()}</p>
      ) : (
        <p className="signing-field__value muted">
          <Trans>Your initials go here once you give them in the first initials field.</Trans>
        </p>
      )}
    </div>
  );
}

/** The visible mark of a required answer; its control says `aria-required` to assistive technology. */
function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

function Problem({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p className="field__error" id={id}>
      {text}
    </p>
  );
}

const inputTypes = { text: 'text', number: 'text', date: 'date', email: 'email' } as const;

/** The most a file may weigh (the server's limit too). */
export const maxFileBytes = 5 * 1024 * 1024;

/** A file as the form sends it: a data URL that names it (`data:<type>;name=<name>;base64,...`). */
export function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        String(reader.result).replace(
          /^data:([^;,]*)/,
          (_all, type: string) => `data:${type || 'application/octet-stream'};name=${encodeURIComponent(file.name)}`,
        ),
      );
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The name a file answer shows: the one in its data URL, or the stored name. */
export function fileNameOf(answer: string): string {
  const named = /^data:[^;,]*;name=([^;,]*)/.exec(answer);
  return named ? decodeURIComponent(named[1] ?? '') : answer;
}

/** A field answered earlier (or by someone else): shown, not asked again. */
function AnsweredField({ field }: { field: FormField }) {
  // A date in the organisation's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
  const value = field.value;
  const shown =
    field.type === 'stamp'
      ? value
        ? i18n._(stampTexts.applied)
        : t`Not applied`
      : value === null || value === undefined || value === ''
        ? t`Not answered`
        : typeof value === 'boolean'
          ? value
            ? t`Yes`
            : t`No`
          : field.type === 'date'
            ? formatDate(String(value))
            : String(value);
  return (
    <div className="field signing-field signing-field--answered">
      <span className="field__label">{field.label}</span>
      <p className="signing-field__value">{shown}</p>
    </div>
  );
}

export function SigningField({
  field,
  answer,
  problem,
  disabled,
  allowTypedSignature = true,
  initialsSuggestion = '',
  initialsGivenElsewhere = false,
  onAnswer,
}: SigningFieldProps) {
  const id = answerId(field.name);
  const errorId = problem ? `${id}-error` : undefined;
  const invalid = problem ? true : undefined;
  const text = typeof answer === 'string' ? answer : '';
  const fileName = fileNameOf(text);
  const { t } = useLingui();
  let control: ReactNode;

  if (field.readonly) return <AnsweredField field={field} />;
  if (field.type === 'calculated')
    return (
      <div className="field signing-field">
        <span className="field__label" id={`${id}-label`}>
          {field.label}
        </span>
        <output id={id} className="signing-field__value" aria-labelledby={`${id}-label`} aria-live="polite">
          {text || t`Worked out once the numbers it uses are filled in`}
        </output>
      </div>
    );

  switch (field.type) {
    case 'file':
      control = (
        <>
          <input
            id={id}
            className="input"
            type="file"
            disabled={disabled}
            aria-required={field.required}
            aria-invalid={invalid}
            aria-describedby={errorId}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return onAnswer('');
              if (file.size > maxFileBytes) {
                event.target.value = '';
                return onAnswer('');
              }
              void readFile(file).then(onAnswer, () => onAnswer(''));
            }}
          />
          <span className="field__hint">{text ? t`Chosen: ${fileName}` : t`At most 5 MB.`}</span>
        </>
      );
      break;
    case 'signature':
      return (
        <div className="signing-field">
          <SignatureInput
            id={id}
            label={field.label}
            required={field.required}
            value={typeof answer === 'object' ? (answer as Signature | null) : null}
            errorId={errorId}
            disabled={disabled}
            allowTyped={allowTypedSignature}
            onChange={onAnswer}
          />
          <Problem id={`${id}-error`} text={problem} />
        </div>
      );
    case 'initials':
      if (initialsGivenElsewhere) return <AppliedInitials id={id} field={field} answer={answer} />;
      return (
        <div className="signing-field">
          <InitialsInput
            id={id}
            label={field.label}
            required={field.required}
            value={typeof answer === 'object' ? (answer as Signature | null) : null}
            suggestion={initialsSuggestion}
            errorId={errorId}
            disabled={disabled}
            allowTyped={allowTypedSignature}
            onChange={onAnswer}
          />
          <Problem id={`${id}-error`} text={problem} />
        </div>
      );
    case 'stamp':
      return (
        <div className="signing-field">
          <StampInput
            id={id}
            label={field.label}
            required={field.required}
            applied={answer === true}
            disabled={disabled}
            errorId={errorId}
            onChange={onAnswer}
          />
          <Problem id={`${id}-error`} text={problem} />
        </div>
      );
    case 'checkbox':
      return (
        <div className="signing-field">
          <div className="checkbox signing-field__tick">
            <input
              id={id}
              type="checkbox"
              checked={answer === true}
              disabled={disabled}
              aria-required={field.required}
              aria-invalid={invalid}
              aria-describedby={errorId}
              onChange={(event) => onAnswer(event.target.checked)}
            />
            <label htmlFor={id}>
              {field.label}
              <RequiredMark required={field.required} />
            </label>
          </div>
          <Problem id={`${id}-error`} text={problem} />
        </div>
      );
    case 'radio':
      return (
        <div className="field signing-field">
          <fieldset className="account-choices" role="radiogroup" aria-required={field.required} aria-invalid={invalid} aria-describedby={errorId}>
            <legend>
              {field.label}
              <RequiredMark required={field.required} />
            </legend>
            {(field.options ?? []).map((option, place) => (
              <div className="checkbox" key={option}>
                <input
                  // The first choice carries the field's id: the guide and the error summary lead to it.
                  id={place === 0 ? id : `${id}-${place}`}
                  type="radio"
                  name={id}
                  value={option}
                  checked={text === option}
                  disabled={disabled}
                  onChange={() => onAnswer(option)}
                />
                <label htmlFor={place === 0 ? id : `${id}-${place}`}>{option}</label>
              </div>
            ))}
          </fieldset>
          <Problem id={`${id}-error`} text={problem} />
        </div>
      );
    case 'textarea':
      control = (
        <textarea
          id={id}
          className="textarea"
          value={text}
          disabled={disabled}
          aria-required={field.required}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) => onAnswer(event.target.value)}
        />
      );
      break;
    case 'select':
      control = (
        <select
          id={id}
          className="select"
          value={text}
          disabled={disabled}
          aria-required={field.required}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) => onAnswer(event.target.value)}
        >
          <option value="">{t`Choose an answer`}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          id={id}
          className="input"
          type={inputTypes[field.type]}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          autoComplete={field.type === 'email' ? 'email' : 'off'}
          value={text}
          disabled={disabled}
          aria-required={field.required}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) => onAnswer(event.target.value)}
        />
      );
  }

  return (
    <div className="field signing-field">
      <label htmlFor={id}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {control}
      <Problem id={`${id}-error`} text={problem} />
    </div>
  );
}
