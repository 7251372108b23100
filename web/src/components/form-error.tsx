import { useSayText } from '../i18n/say-text.ts';

/**
 * A form's failure text, announced to screen readers; nothing when there is no text. A text
 * the app received in English (a flow's own, the contract's) is said in the language shown.
 */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  const sayText = useSayText();
  if (!message) return null;
  return (
    <div className="alert alert--error" role="alert" id={id}>
      <div className="alert__body">{sayText(message)}</div>
    </div>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  const sayText = useSayText();
  if (!message) return null;
  return (
    <div className="alert alert--success" role="status">
      <div className="alert__body">{sayText(message)}</div>
    </div>
  );
}
