/**
 * The signer's initials given from an initials box on the document (`InitialsInput`), opened
 * by the first box they press. Applied, they go in every initials box of theirs at once, as
 * the server seals them; pressing any of those boxes again changes them everywhere.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { InitialsInput } from './initials-input.tsx';
import { usableInitials, type Initials } from './initials.ts';

interface InitialsDialogProps {
  label: string;
  required: boolean;
  value: Initials | null;
  suggestion: string;
  allowTyped: boolean;
  /** How many initials boxes of the signer the initials go in. */
  boxes: number;
  onDone(value: Initials): void;
  onCancel(): void;
}

export function InitialsDialog({ label, required, value, suggestion, allowTyped, boxes, onDone, onCancel }: InitialsDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<Initials | null>(value);
  const { t } = useLingui();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const usable = usableInitials(current) && (allowTyped || current.kind === 'drawn');
  return (
    <dialog ref={dialog} className="dialog card signature-dialog" aria-labelledby={titleId} onCancel={onCancel} onClose={onCancel}>
      <h2 id={titleId}>{label}</h2>
      <p className="muted">
        <Plural
          value={boxes}
          one="Your initials go in this box."
          other="Give your initials once: they go in all # initials boxes of yours in this document."
        />
      </p>
      <InitialsInput
        id={`${titleId}-initials`}
        label={t`Your initials`}
        required={required}
        value={current}
        suggestion={suggestion}
        allowTyped={allowTyped}
        onChange={setCurrent}
      />
      <div className="form-actions">
        <button type="button" className="button" disabled={!usable} onClick={() => current && onDone(current)}>
          <Trans>Apply my initials</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </dialog>
  );
}
