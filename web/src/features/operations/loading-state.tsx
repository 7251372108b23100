import { Trans } from '@lingui/react/macro';

/** What a section shows while its data loads: a spinner, announced politely. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      {label ?? <Trans>Loading…</Trans>}
    </div>
  );
}
