/** How much of the storage is used, and whether completed forms are saved into it by themselves. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatBytes } from '../../../lists/format.ts';

export function StorageUsage({ used, quota, autoSave }: { used: number; quota: number; autoSave: boolean }) {
  const id = useId();
  const { t } = useLingui();
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const tone = percent >= 90 ? ' usage-bar__fill--danger' : percent >= 75 ? ' usage-bar__fill--warning' : '';
  const usedSize = formatBytes(used);
  const quotaSize = formatBytes(quota);
  const text = t`${usedSize} of ${quotaSize} used`;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Storage</Trans>
      </h2>
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
        <Trans>
          <strong>{usedSize}</strong> of {quotaSize} used ({percent}%)
        </Trans>
      </p>
      {autoSave ? (
        <p className="muted">
          <span className="badge badge--success">
            <Trans>Automatic saving on</Trans>
          </span>{' '}
          <Trans>
            Each completed form is saved automatically, once it is sealed, to the folder Completed forms, in a folder named after the form.
          </Trans>
        </p>
      ) : (
        <p className="muted">
          <span className="badge">
            <Trans>Automatic saving off</Trans>
          </span>{' '}
          <Trans>Completed forms are saved here only when you save them.</Trans>
        </p>
      )}
    </section>
  );
}
