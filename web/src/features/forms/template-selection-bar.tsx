/** The templates ticked in the list, and what can be done to all of them at once. */
import type { ManagedTemplate } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

interface TemplateSelectionBarProps {
  selected: readonly ManagedTemplate[];
  busy: boolean;
  onArchive(): void;
  onRestore(): void;
  onDelete(): void;
  onClear(): void;
}

export function TemplateSelectionBar({ selected, busy, onArchive, onRestore, onDelete, onClear }: TemplateSelectionBarProps) {
  const { t } = useLingui();
  if (selected.length === 0) return null;
  const count = selected.length;
  const active = selected.some((template) => template.status === 'active');
  const archived = selected.some((template) => template.status === 'archived');
  return (
    <div className="selection-bar" role="group" aria-label={t`Selected templates`}>
      <strong role="status">{t`${plural(count, { one: '# template selected', other: '# templates selected' })}`}</strong>
      <div className="form-actions">
        {active ? (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onArchive}>
            <Trans>Archive selected</Trans>
          </button>
        ) : null}
        {archived ? (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onRestore}>
            <Trans>Restore selected</Trans>
          </button>
        ) : null}
        <button type="button" className="button button--danger button--small" disabled={busy} onClick={onDelete}>
          <Trans>Delete selected</Trans>
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onClear}>
          <Trans>Clear selection</Trans>
        </button>
      </div>
    </div>
  );
}
