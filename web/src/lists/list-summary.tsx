/**
 * A list's count line, above its table. While the list loads, its line is kept (blank), so the
 * table does not move down when the count comes.
 */
import type { ReactNode } from 'react';

export function ListSummary({ loading, children }: { loading: boolean; children?: ReactNode }) {
  if (children)
    return (
      <p className="list-summary" role="status">
        {children}
      </p>
    );
  if (!loading) return null;
  return (
    <p className="list-summary" aria-hidden="true">
      {'\u00a0'}
    </p>
  );
}
