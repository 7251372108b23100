/**
 * The organisation's stamp at a signer's stamp field: the image the form's organisation keeps
 * (`SigningForm.stamp`, a signed address the link's own load answered), applied with one
 * click. What is sent is only that it was applied (`true`): the server takes the stamp itself.
 * Where the organisation has removed its stamp since the form was sent, the field says so and
 * whom to ask; the signer may decline the form, which tells the sender.
 */
import type { SigningForm } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';

export type SigningStamp = SigningForm['stamp'];

/** The stamp of the form being signed: absent when the signer answers no stamp field, null when the organisation has none now. */
export const SigningStampContext = createContext<SigningStamp>(undefined);

export const useSigningStamp = (): SigningStamp => useContext(SigningStampContext);

export const stampTexts: Record<'apply' | 'remove' | 'applied' | 'missing', MessageDescriptor> = {
  apply: msg`Apply the stamp`,
  remove: msg`Take the stamp off`,
  applied: msg`Stamp applied`,
  missing: msg`The organisation has no stamp at the moment, so it cannot be applied. Please ask the sender to upload it, or decline the form to tell them.`,
};

/** A stamp field of the signer's own, listed under the document: the stamp, and the button that applies it or takes it off. */
export function StampInput({
  id,
  label,
  required,
  applied,
  disabled,
  errorId,
  onChange,
}: {
  id: string;
  label: string;
  required: boolean;
  applied: boolean;
  disabled?: boolean | undefined;
  errorId?: string | undefined;
  onChange(applied: boolean): void;
}) {
  const stamp = useSigningStamp();
  const { t, i18n } = useLingui();
  return (
    <div className="field signing-stamp" role="group" aria-labelledby={`${id}-label`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </span>
      {stamp ? (
        <>
          <div className={`signing-stamp__image${applied ? ' signing-stamp__image--applied' : ''}`}>
            <img src={stamp.url} alt={applied ? t`${label}: the organisation's stamp, applied` : t`The organisation's stamp`} />
          </div>
          <button
            id={id}
            type="button"
            className={applied ? 'button button--secondary' : 'button'}
            disabled={disabled}
            aria-pressed={applied}
            aria-describedby={errorId}
            onClick={() => onChange(!applied)}
          >
            {i18n._(applied ? stampTexts.remove : stampTexts.apply)}
          </button>
          {applied ? <p className="field__hint">{i18n._(stampTexts.applied)}</p> : null}
        </>
      ) : (
        <p id={id} className="field__error" tabIndex={-1}>
          {i18n._(stampTexts.missing)}
        </p>
      )}
    </div>
  );
}
