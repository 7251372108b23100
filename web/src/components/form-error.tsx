/** A form's failure text, announced to screen readers; nothing when there is no text. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <div className="alert alert--error" role="alert" id={id}>
      <div className="alert__body">{message}</div>
    </div>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert--success" role="status">
      <div className="alert__body">{message}</div>
    </div>
  );
}
