/** How much of the storage is used, and whether completed forms are saved into it by themselves. */
import { useId } from 'react';
import { formatBytes } from '../../../lists/format.ts';

export function StorageUsage({ used, quota, autoSave }: { used: number; quota: number; autoSave: boolean }) {
  const id = useId();
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const tone = percent >= 90 ? ' usage-bar__fill--danger' : percent >= 75 ? ' usage-bar__fill--warning' : '';
  const text = `${formatBytes(used)} of ${formatBytes(quota)} used`;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Storage</h2>
      <div
        className="usage-bar"
        role="progressbar"
        aria-labelledby={`${id}-title`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percent}%)`}
      >
        <div className={`usage-bar__fill${tone}`} style={{ width: `${percent}%` }} />
      </div>
      <p>
        <strong>{formatBytes(used)}</strong> of {formatBytes(quota)} used ({percent}%)
      </p>
      {autoSave ? (
        <p className="muted">
          <span className="badge badge--success">Automatic saving on</span> Each completed form is saved automatically, once it is sealed, to the
          folder Completed forms, in a folder named after the form.
        </p>
      ) : (
        <p className="muted">
          <span className="badge">Automatic saving off</span> Completed forms are saved here only when you save them.
        </p>
      )}
    </section>
  );
}
