/**
 * A field where it stands on a page of the document: the signer's own is a control in its box
 * (text and numbers typed in it, a date picked or typed, a box ticked, a choice picked, a
 * signature or initials given in a dialog, a file chosen), highlighted; one answered before is its answer,
 * read-only. Every control is named by the field's label. Long text shrinks to fit its box
 * down to a floor; past it the box says it is full.
 */
import type { FormField } from '@formsign/sdk';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, type CSSProperties } from 'react';
import { formatDate, useDateStyle } from '../../lists/format.ts';
import { fittedSize } from './document-fields.ts';
import { answerId, fileNameOf, maxFileBytes, readFile } from './signing-field.tsx';
import type { Answer, Signature } from './signing-answers.ts';
import { stampTexts, useSigningStamp } from './signing-stamp.tsx';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

let measurer: CanvasRenderingContext2D | null | undefined;
/** The width of a line of text at a size, in the page's font (measured on a canvas that is never shown). */
function widthAt(line: string, size: number): number {
  if (measurer === undefined) measurer = document.createElement('canvas').getContext('2d');
  if (!measurer) return line.length * size * 0.55;
  measurer.font = `${size}px Helvetica, Arial, sans-serif`;
  return measurer.measureText(line).width;
}

function shown(field: FormField, i18n: I18n): string {
  const value = field.value;
  // A stamp's answer is the key of the stamp the server took: the box says it was applied.
  if (field.type === 'stamp') return value ? i18n._(stampTexts.applied) : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? '✓' : '';
  return field.type === 'file' ? fileNameOf(String(value)) : field.type === 'date' ? formatDate(String(value)) : String(value);
}

/** A field answered before the signer: its answer in its box. */
export function AnsweredBox({ field, box }: { field: FormField; box: Box }) {
  // A date in the organisation's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
  const text = shown(field, i18n);
  const { size } = fittedSize(text, box, widthAt, { multiline: field.type === 'textarea' });
  const label = field.label;
  return (
    <div
      className="doc-field doc-field--answered"
      style={{ ...box, fontSize: size }}
      role="note"
      aria-label={text ? t`${label}: ${text}` : t`${label}: not answered`}
      title={field.label}
    >
      {(field.type === 'signature' || field.type === 'initials') && text ? <span className="doc-field__typed">{text}</span> : text}
    </div>
  );
}

interface MineProps {
  field: FormField;
  box: Box;
  answer: Answer;
  problem?: string | undefined;
  disabled: boolean;
  onAnswer(answer: Answer): void;
  /** Opens the signature dialog (or the initials dialog) for this field. */
  onSign(): void;
  onFocus(): void;
}

/** The signer's own field, in its box. */
export function MyFieldBox({ field, box, answer, problem, disabled, onAnswer, onSign, onFocus }: MineProps) {
  const id = answerId(field.name);
  const text = typeof answer === 'string' ? answer : '';
  const multiline = field.type === 'textarea';
  const fit = useMemo(() => fittedSize(text, box, widthAt, { multiline }), [text, box, multiline]);
  const file = useRef<HTMLInputElement>(null);
  const stamp = useSigningStamp();
  const { t, i18n } = useLingui();
  const label = field.label;
  const fullId = `${id}-full`;
  const problemId = `${id}-problem`;
  const requiredId = `${id}-required`;
  // A button takes no aria-required: a signature, initials, a stamp or a file to give says it is required in its description.
  const asButton = field.type === 'signature' || field.type === 'initials' || field.type === 'file' || field.type === 'stamp';
  const describedBy =
    [fit.full ? fullId : '', problem ? problemId : '', asButton && field.required ? requiredId : ''].filter(Boolean).join(' ') || undefined;
  const style: CSSProperties = { ...box, fontSize: fit.size };
  const common = {
    id,
    'aria-label': field.label,
    'aria-required': asButton ? undefined : field.required,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
    disabled,
    onFocus,
  } as const;
  const className = `doc-field doc-field--mine${field.required ? ' doc-field--required' : ''}${fit.full ? ' doc-field--full' : ''}${problem ? ' doc-field--problem' : ''}`;
  let control;
  switch (field.type) {
    case 'checkbox':
      control = (
        <input
          {...common}
          type="checkbox"
          className="doc-field__tick"
          checked={answer === true}
          onChange={(event) => onAnswer(event.target.checked)}
        />
      );
      break;
    // A radio group in its box on the page is chosen from a list: its choices do not fit in a box drawn for the answer.
    case 'select':
    case 'radio':
      control = (
        <select {...common} className="doc-field__control" value={text} onChange={(event) => onAnswer(event.target.value)}>
          <option value="">{t`Choose`}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'calculated':
      control = (
        <output id={id} aria-label={field.label} className="doc-field__control" aria-live="polite">
          {text}
        </output>
      );
      break;
    case 'textarea':
      control = <textarea {...common} className="doc-field__control" value={text} onChange={(event) => onAnswer(event.target.value)} />;
      break;
    case 'signature': {
      const signature = typeof answer === 'object' && answer !== null ? (answer as Signature) : null;
      control = (
        <button {...common} type="button" className="doc-field__sign" onClick={onSign}>
          {signature ? (
            signature.kind === 'drawn' ? (
              <img src={signature.value} alt={t`${label}: signed`} />
            ) : (
              <span className="doc-field__typed">{signature.value}</span>
            )
          ) : (
            <span aria-hidden="true">
              <Trans>Sign here</Trans>
            </span>
          )}
        </button>
      );
      break;
    }
    // The initials given in one box are in every box of the signer's: pressing one again changes them all.
    case 'initials': {
      const initials = typeof answer === 'object' && answer !== null ? (answer as Signature) : null;
      control = (
        <button {...common} type="button" className="doc-field__sign" onClick={onSign}>
          {initials ? (
            initials.kind === 'drawn' ? (
              <img src={initials.value} alt={t`${label}: initialled`} />
            ) : (
              <span className="doc-field__typed">{initials.value.trim()}</span>
            )
          ) : (
            <span aria-hidden="true">
              <Trans>Initial here</Trans>
            </span>
          )}
        </button>
      );
      break;
    }
    case 'stamp':
      // Applied with one click (again to take it off); the organisation's own image, fitted in the box.
      control = stamp ? (
        <button {...common} type="button" className="doc-field__sign" aria-pressed={answer === true} onClick={() => onAnswer(answer !== true)}>
          {answer === true ? <img src={stamp.url} alt={t`${label}: stamp applied`} /> : <span>{i18n._(stampTexts.apply)}</span>}
        </button>
      ) : (
        <span id={id} className="doc-field__note doc-field__note--problem" tabIndex={-1}>
          {i18n._(stampTexts.missing)}
        </span>
      );
      break;
    case 'file':
      control = (
        <>
          <button {...common} type="button" className="doc-field__sign" onClick={() => file.current?.click()}>
            {text ? fileNameOf(text) : t`Attach a file`}
          </button>
          <input
            ref={file}
            type="file"
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (!chosen || chosen.size > maxFileBytes) return onAnswer('');
              void readFile(chosen).then(onAnswer, () => onAnswer(''));
            }}
          />
        </>
      );
      break;
    default:
      control = (
        <input
          {...common}
          className="doc-field__control"
          type={field.type === 'date' ? 'date' : field.type === 'email' ? 'email' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => onAnswer(event.target.value)}
        />
      );
  }
  return (
    <div className={className} style={style} data-field={field.name}>
      {control}
      {asButton && field.required ? (
        <span id={requiredId} className="visually-hidden">
          <Trans>Required</Trans>
        </span>
      ) : null}
      {fit.full ? (
        <span id={fullId} className="doc-field__note">
          <Trans>This box is full</Trans>
        </span>
      ) : null}
      {problem ? (
        <span id={problemId} className="doc-field__note doc-field__note--problem">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
