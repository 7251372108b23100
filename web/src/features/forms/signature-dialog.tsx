/**
 * A signature given from its field on the document: typed or drawn (`SignatureInput`), or an
 * image of it uploaded (turned into a PNG, as a drawn one is). The signature given last in this
 * browser tab is offered again, so a second signature field takes one press.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { SignatureInput } from './signature-input.tsx';
import type { Signature } from './signing-answers.ts';

const savedKey = 'formsign.signing.signature';

/** The signature given last in this tab, or null. */
export function savedSignature(): Signature | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(savedKey) ?? 'null') as Signature | null;
    return saved && (saved.kind === 'typed' || saved.kind === 'drawn') && typeof saved.value === 'string' ? saved : null;
  } catch {
    return null;
  }
}

function keep(signature: Signature): void {
  try {
    sessionStorage.setItem(savedKey, JSON.stringify(signature));
  } catch {
    // Storage full or refused: the signature is simply not offered again.
  }
}

/** An uploaded image as a PNG data URL (what the server takes), at most 600 by 200 pixels. */
function pngOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      const scale = Math.min(1, 600 / image.width, 200 / image.height);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(image.width * scale));
      canvas.height = Math.max(1, Math.round(image.height * scale));
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      resolve(canvas.toDataURL('image/png'));
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('This file is not an image.'));
    };
    image.src = url;
  });
}

interface SignatureDialogProps {
  open: boolean;
  label: string;
  required: boolean;
  value: Signature | null;
  allowTyped: boolean;
  onDone(value: Signature | null): void;
  onCancel(): void;
}

export function SignatureDialog({ open, label, required, value, allowTyped, onDone, onCancel }: SignatureDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<Signature | null>(value);
  // An uploaded file that could not be read as an image.
  const [unreadable, setUnreadable] = useState(false);
  const [round, setRound] = useState(0);
  const { t } = useLingui();
  const saved = open ? savedSignature() : null;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setCurrent(value);
      setUnreadable(false);
      setRound((count) => count + 1);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, value]);
  const usable = (signature: Signature | null): boolean => !!signature?.value.trim() && (allowTyped || signature.kind === 'drawn');
  const finish = (signature: Signature | null): void => {
    if (signature && usable(signature)) keep(signature);
    onDone(signature);
  };
  return (
    <dialog ref={dialog} className="dialog card signature-dialog" aria-labelledby={titleId} onCancel={onCancel} onClose={() => open && onCancel()}>
      <h2 id={titleId}>{label}</h2>
      {saved && usable(saved) ? (
        <div className="signature-dialog__saved">
          <p className="muted">
            <Trans>The signature you gave before:</Trans>
          </p>
          {saved.kind === 'drawn' ? <img src={saved.value} alt={t`Your signature, drawn`} /> : <p className="doc-field__typed">{saved.value}</p>}
          <button type="button" className="button button--secondary" onClick={() => finish(saved)}>
            <Trans>Use this signature</Trans>
          </button>
        </div>
      ) : null}
      {open ? (
        <SignatureInput
          key={round}
          id={`${titleId}-signature`}
          label={t`Your signature`}
          required={required}
          value={current}
          allowTyped={allowTyped}
          onChange={setCurrent}
        />
      ) : null}
      <div className="field">
        <label htmlFor={`${titleId}-upload`}>
          <Trans>Or upload an image of your signature</Trans>
        </label>
        <input
          id={`${titleId}-upload`}
          className="input"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            void pngOf(file).then(
              (png) => finish({ kind: 'drawn', value: png }),
              () => setUnreadable(true),
            );
          }}
        />
        {unreadable ? (
          <p className="field__error">
            <Trans>This file could not be read as an image. Please choose a PNG or JPEG picture of your signature.</Trans>
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="button" className="button" disabled={!usable(current)} onClick={() => finish(current)}>
          <Trans>Sign</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </dialog>
  );
}
