/** The frame of the short status pages (not found, not allowed, denied, signed out...). */
import type { ReactNode } from 'react';

export function StatusPage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <section className="card card--auth" aria-labelledby="status-heading">
        <h2 id="status-heading">{heading}</h2>
        {children}
      </section>
    </div>
  );
}
