/**
 * A signature field: the signer types their name (the way that works with a keyboard alone,
 * and the one offered first) or draws their signature with a mouse, pen or finger on a
 * canvas. Both give `{ kind, value }`: the typed name, or the drawing as a PNG data URL.
 * Switching between the two keeps each one, so nothing is lost by looking at the other.
 * Where the sender's organisation accepts only drawn signatures (`allowTyped` false), the
 * drawing area alone is offered.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import type { Signature } from './signing-answers.ts';

type Point = { x: number; y: number };

interface SignatureInputProps {
  /** The id of the typed-name input (the field's id, for the error summary's links). */
  id: string;
  label: string;
  required: boolean;
  value: Signature | null;
  /** The id of the error text, when there is one. */
  errorId?: string;
  disabled?: boolean;
  /** A typed name is accepted (the organisation's setting); only drawing is offered when false. */
  allowTyped?: boolean;
  onChange(value: Signature | null): void;
}

function paint(element: HTMLCanvasElement | null, strokes: readonly Point[][]): void {
  const context = element?.getContext('2d');
  if (!element || !context) return;
  const ratio = window.devicePixelRatio || 1;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, element.width, element.height);
  context.lineWidth = 2.2;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = '#1b2430';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first.x, first.y);
    if (rest.length === 0) context.lineTo(first.x + 0.1, first.y + 0.1);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
}

type Mark = 'signature' | 'initials';

/** The words a drawing area says under it, by what is drawn in it. */
const padWords: Record<Mark, { hint: MessageDescriptor; done: MessageDescriptor }> = {
  signature: {
    hint: msg`Sign inside the box with your mouse, pen or finger.`,
    done: msg`Signature drawn.`,
  },
  initials: {
    hint: msg`Draw your initials inside the box with your mouse, pen or finger.`,
    done: msg`Initials drawn.`,
  },
};

interface SignaturePadProps {
  label: string;
  disabled?: boolean;
  /** What is drawn: a signature (the default) or initials (a smaller box). */
  mark?: Mark;
  /** The canvas's id, when the pad is the field's only control (the error summary focuses it). */
  id?: string;
  onDrawn(dataUrl: string | null): void;
}

/** The drawing area. It stays mounted (hidden) while the signer types, so the strokes survive switching to typing and back. */
export function SignaturePad({ label, disabled, id, mark = 'signature', onDrawn }: SignaturePadProps) {
  const words = padWords[mark];
  const { t, i18n } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const strokes = useRef<Point[][]>([]);
  const [empty, setEmpty] = useState(true);

  // The canvas follows its box (a phone turned sideways), and the drawing is painted again.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const fit = (): void => {
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.max(1, Math.round(element.clientWidth * ratio));
      element.height = Math.max(1, Math.round(element.clientHeight * ratio));
      paint(element, strokes.current);
    };
    fit();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    strokes.current.push([pointAt(event)]);
    paint(canvas.current, strokes.current);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (!drawing.current) return;
    strokes.current.at(-1)?.push(pointAt(event));
    paint(canvas.current, strokes.current);
  };
  const end = (): void => {
    if (!drawing.current) return;
    drawing.current = false;
    setEmpty(false);
    onDrawn(canvas.current?.toDataURL('image/png') ?? null);
  };
  const clear = (): void => {
    strokes.current = [];
    setEmpty(true);
    paint(canvas.current, strokes.current);
    onDrawn(null);
  };

  return (
    <div className="signature-draw">
      <canvas
        ref={canvas}
        id={id}
        tabIndex={id ? -1 : undefined}
        className={mark === 'initials' ? 'signature-pad signature-pad--initials' : 'signature-pad'}
        role="img"
        aria-label={
          empty
            ? t`${label}: drawing area. Nothing drawn yet.`
            : mark === 'initials'
              ? t`${label}: drawing area. Initials are drawn.`
              : t`${label}: drawing area. A signature is drawn.`
        }
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        data-empty={empty}
      />
      <div className="signature-draw__bar">
        <span className="muted">{i18n._(empty ? words.hint : words.done)}</span>
        <button type="button" className="button button--ghost button--small" onClick={clear} disabled={disabled || empty}>
          {mark === 'initials' ? (
            <Trans>
              Clear<span className="visually-hidden"> the drawn initials</span>
            </Trans>
          ) : (
            <Trans>
              Clear<span className="visually-hidden"> the drawn signature</span>
            </Trans>
          )}
        </button>
      </div>
    </div>
  );
}

/**
 * The legend of a signature or initials field and the choice between typing and drawing (or,
 * where only drawing is taken, the note that says so).
 */
export function MarkModes({
  id,
  label,
  required,
  allowTyped,
  mode,
  disabled,
  words,
  onChoose,
}: {
  id: string;
  label: string;
  required: boolean;
  allowTyped: boolean;
  mode: Signature['kind'];
  disabled?: boolean | undefined;
  words: { how: string; typed: string; drawn: string; drawnOnly: string };
  onChoose(mode: Signature['kind']): void;
}) {
  const group = useId();
  return (
    <>
      <legend className="field__label">
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
        {required ? (
          <span className="visually-hidden">
            {' '}
            <Trans>(required)</Trans>
          </span>
        ) : null}
      </legend>
      {allowTyped ? (
        <div className="signature-field__modes" role="radiogroup" aria-label={words.how}>
          <label className="signature-field__mode">
            <input id={`${id}-mode`} type="radio" name={group} checked={mode === 'typed'} disabled={disabled} onChange={() => onChoose('typed')} />
            {words.typed}
          </label>
          <label className="signature-field__mode">
            <input type="radio" name={group} checked={mode === 'drawn'} disabled={disabled} onChange={() => onChoose('drawn')} />
            {words.drawn}
          </label>
        </div>
      ) : (
        <p className="field__hint">{words.drawnOnly}</p>
      )}
    </>
  );
}

export function SignatureInput({ id, label, required, value, errorId, disabled, allowTyped = true, onChange }: SignatureInputProps) {
  const [chosen, setMode] = useState<Signature['kind']>(value?.kind ?? (allowTyped ? 'typed' : 'drawn'));
  const mode = allowTyped ? chosen : 'drawn';
  const [typed, setTyped] = useState(value?.kind === 'typed' ? value.value : '');
  const [drawn, setDrawn] = useState<string | null>(value?.kind === 'drawn' ? value.value : null);
  const { t } = useLingui();

  const choose = (next: Signature['kind']): void => {
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
          how: t`How to sign “${label}”`,
          typed: t`Type my name`,
          drawn: t`Draw my signature`,
          drawnOnly: t`This form asks for a drawn signature: draw it in the box below.`,
        }}
        onChoose={choose}
      />
      {mode === 'typed' ? (
        <div className="field signature-type">
          <label htmlFor={id}>
            <Trans>Your full name, as your signature</Trans>
          </label>
          <input
            id={id}
            className="input"
            autoComplete="name"
            value={typed}
            disabled={disabled}
            aria-required={required}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => {
              setTyped(event.target.value);
              onChange(event.target.value.trim() ? { kind: 'typed', value: event.target.value } : null);
            }}
          />
          <p className={`signature-type__preview${typed.trim() ? '' : ' signature-type__preview--empty'}`} aria-hidden="true">
            {typed.trim() || t`Your signature appears here`}
          </p>
        </div>
      ) : null}
      <div hidden={mode !== 'drawn'}>
        <SignaturePad
          label={label}
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
