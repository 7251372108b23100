/**
 * The signer's initials: typed (1 to 5 letters; the ones their name suggests are one press
 * away) or drawn on a small pad, like a signature. Both give `{ kind, value }`. Switching
 * between the two keeps each one. Where the sender's organisation accepts only drawn
 * signatures (`allowTyped` false), initials are drawn too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { initialsMaxLetters, typedInitialsProblem, type Initials } from './initials.ts';
import { MarkModes, SignaturePad } from './signature-input.tsx';

interface InitialsInputProps {
  /** The id of the typed-initials input (the field's id, for the error summary's links). */
  id: string;
  label: string;
  required: boolean;
  value: Initials | null;
  /** The initials the signer's name suggests ("AB" for Ada Brook); empty for none. */
  suggestion: string;
  /** The id of the error text, when there is one. */
  errorId?: string | undefined;
  disabled?: boolean | undefined;
  /** Typed initials are accepted (the organisation's setting for typed signatures). */
  allowTyped?: boolean;
  onChange(value: Initials | null): void;
}

export function InitialsInput({ id, label, required, value, suggestion, errorId, disabled, allowTyped = true, onChange }: InitialsInputProps) {
  const [chosen, setMode] = useState<Initials['kind']>(value?.kind ?? (allowTyped ? 'typed' : 'drawn'));
  const mode = allowTyped ? chosen : 'drawn';
  const [typed, setTyped] = useState(value?.kind === 'typed' ? value.value : '');
  const [drawn, setDrawn] = useState<string | null>(value?.kind === 'drawn' ? value.value : null);
  const problem = typed.trim() ? typedInitialsProblem(typed) : null;
  const hintId = `${id}-hint`;
  const { t } = useLingui();

  const type = (text: string): void => {
    setTyped(text);
    onChange(text.trim() ? { kind: 'typed', value: text } : null);
  };
  const choose = (next: Initials['kind']): void => {
    setMode(next);
    if (next === 'typed') onChange(typed.trim() ? { kind: 'typed', value: typed } : null);
    else onChange(drawn ? { kind: 'drawn', value: drawn } : null);
  };

  return (
    <fieldset className="signature-field" aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <MarkModes
        id={id}
        label={label}
        required={required}
        allowTyped={allowTyped}
        mode={mode}
        disabled={disabled}
        words={{
          how: t`How to give your initials for “${label}”`,
          typed: t`Type my initials`,
          drawn: t`Draw my initials`,
          drawnOnly: t`This form asks for drawn initials: draw them in the box below.`,
        }}
        onChoose={choose}
      />
      {mode === 'typed' ? (
        <div className="field signature-type">
          <label htmlFor={id}>
            <Trans>Your initials</Trans>
          </label>
          <input
            id={id}
            className="input initials-type__input"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={initialsMaxLetters + 4}
            value={typed}
            disabled={disabled}
            aria-required={required}
            aria-invalid={errorId || problem ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
            onChange={(event) => type(event.target.value)}
          />
          <p className={problem ? 'field__error' : 'field__hint'} id={hintId}>
            {problem ?? t`1 to 5 letters. They go in every initials box of yours on this form.`}
          </p>
          {suggestion && typed.trim() !== suggestion ? (
            <button type="button" className="button button--secondary button--small" disabled={disabled} onClick={() => type(suggestion)}>
              <Trans>
                Use “{suggestion}”<span className="visually-hidden"> as your initials</span>
              </Trans>
            </button>
          ) : null}
          <p className={`signature-type__preview${typed.trim() ? '' : ' signature-type__preview--empty'}`} aria-hidden="true">
            {typed.trim() || t`Your initials appear here`}
          </p>
        </div>
      ) : null}
      <div hidden={mode !== 'drawn'}>
        <SignaturePad
          label={label}
          mark="initials"
          disabled={disabled}
          {...(allowTyped ? {} : { id })}
          onDrawn={(dataUrl) => {
            setDrawn(dataUrl);
            onChange(dataUrl ? { kind: 'drawn', value: dataUrl } : null);
          }}
        />
      </div>
    </fieldset>
  );
}
