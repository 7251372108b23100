/** Narrows the audit to one form's history; the page says how through `TrailShower`. */
import { Trans } from '@lingui/react/macro';
import { createContext, useContext } from 'react';

export const TrailShower = createContext<((reference: string) => void) | null>(null);

export function ShowTrailButton({ reference }: { reference: string }) {
  const show = useContext(TrailShower);
  if (!show) throw new Error('ShowTrailButton needs <TrailShower.Provider> above it.');
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => show(reference)}>
      <Trans>
        Show trail<span className="visually-hidden"> of {reference}</span>
      </Trans>
    </button>
  );
}
