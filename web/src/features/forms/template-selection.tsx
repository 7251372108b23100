/**
 * The ticked rows of Manage Template and what each row's buttons do, given by the page through
 * `TemplateListActions`, so the table's columns are made once and keep their identity: a
 * checkbox or button that has the focus keeps it when the rows are ticked or refreshed.
 */
import type { ManagedTemplate } from '@formsign/sdk';
import { useLingui } from '@lingui/react/macro';
import { createContext, useContext } from 'react';
import { TemplateRowActions } from './template-row-actions.tsx';

export interface TemplateListActionsValue {
  /** The rows of the page shown. */
  rows: readonly ManagedTemplate[];
  ticked: ReadonlySet<number>;
  setTicked(ids: ReadonlySet<number>): void;
  /** Whether a command is on its way (the row buttons wait). */
  busy: boolean;
  duplicate(template: ManagedTemplate): void;
  archive(template: ManagedTemplate): void;
  restore(template: ManagedTemplate): void;
  askDelete(template: ManagedTemplate): void;
}

export const TemplateListActions = createContext<TemplateListActionsValue | null>(null);

function useTemplateListActions(): TemplateListActionsValue {
  const actions = useContext(TemplateListActions);
  if (!actions) throw new Error('The template list cells need <TemplateListActions.Provider> above them.');
  return actions;
}

/** The header's box: ticks every row of the page, or none; half ticked when some are. */
export function SelectEveryTemplate() {
  const { t } = useLingui();
  const { rows, ticked, setTicked } = useTemplateListActions();
  const count = rows.filter((row) => ticked.has(row.id)).length;
  const all = rows.length > 0 && count === rows.length;
  return (
    <input
      type="checkbox"
      className="row-check"
      aria-label={t`Select every template on this page`}
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = count > 0 && !all;
      }}
      onChange={() => setTicked(all ? new Set() : new Set(rows.map((row) => row.id)))}
    />
  );
}

/** A row's box. */
export function SelectTemplate({ template }: { template: ManagedTemplate }) {
  const { t } = useLingui();
  const { ticked, setTicked } = useTemplateListActions();
  const title = template.title;
  return (
    <input
      type="checkbox"
      className="row-check"
      aria-label={t`Select ${title}`}
      checked={ticked.has(template.id)}
      onChange={(event) => {
        const next = new Set(ticked);
        if (event.target.checked) next.add(template.id);
        else next.delete(template.id);
        setTicked(next);
      }}
    />
  );
}

/** A row's buttons. */
export function TemplateRowActionsCell({ template }: { template: ManagedTemplate }) {
  const actions = useTemplateListActions();
  return (
    <TemplateRowActions
      template={template}
      busy={actions.busy}
      onDuplicate={() => actions.duplicate(template)}
      onArchive={() => actions.archive(template)}
      onRestore={() => actions.restore(template)}
      onDelete={() => actions.askDelete(template)}
    />
  );
}
