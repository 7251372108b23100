/** The templates ticked in the list, and what can be done to all of them at once. */
import type { ManagedTemplate } from '@formsign/sdk';

interface TemplateSelectionBarProps {
  selected: readonly ManagedTemplate[];
  busy: boolean;
  onArchive(): void;
  onRestore(): void;
  onDelete(): void;
  onClear(): void;
}

export function TemplateSelectionBar({ selected, busy, onArchive, onRestore, onDelete, onClear }: TemplateSelectionBarProps) {
  if (selected.length === 0) return null;
  const active = selected.some((template) => template.status === 'active');
  const archived = selected.some((template) => template.status === 'archived');
  return (
    <div className="selection-bar" role="group" aria-label="Selected templates">
      <strong role="status">{selected.length === 1 ? '1 template selected' : `${selected.length} templates selected`}</strong>
      <div className="form-actions">
        {active ? (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onArchive}>
            Archive selected
          </button>
        ) : null}
        {archived ? (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onRestore}>
            Restore selected
          </button>
        ) : null}
        <button type="button" className="button button--danger button--small" disabled={busy} onClick={onDelete}>
          Delete selected
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </div>
  );
}
