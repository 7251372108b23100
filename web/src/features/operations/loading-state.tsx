/** What a section shows while its data loads: a spinner, announced politely. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      {label}
    </div>
  );
}
