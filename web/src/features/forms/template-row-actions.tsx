/** What a person can do with one template of the list: edit, send, duplicate, archive or restore, delete. */
import type { ManagedTemplate } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

interface TemplateRowActionsProps {
  template: ManagedTemplate;
  busy: boolean;
  onDuplicate(): void;
  onArchive(): void;
  onRestore(): void;
  onDelete(): void;
}

export function TemplateRowActions({ template, busy, onDuplicate, onArchive, onRestore, onDelete }: TemplateRowActionsProps) {
  const named = <span className="visually-hidden"> {template.title}</span>;
  return (
    <div className="form-actions template-row-actions">
      <Link className="button button--small" to={`/template/edit/${template.id}/step1`}>
        <Trans>Edit</Trans>
        {named}
      </Link>
      {template.status === 'active' ? (
        <Link className="button button--secondary button--small" to={`/send/${template.id}`}>
          <Trans>Send</Trans>
          {named}
        </Link>
      ) : null}
      <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onDuplicate}>
        <Trans>Duplicate</Trans>
        {named}
      </button>
      {template.status === 'archived' ? (
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onRestore}>
          <Trans>Restore</Trans>
          {named}
        </button>
      ) : (
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onArchive}>
          <Trans>Archive</Trans>
          {named}
        </button>
      )}
      <button type="button" className="button button--ghost button--small template-row-actions__delete" disabled={busy} onClick={onDelete}>
        <Trans>Delete</Trans>
        {named}
      </button>
    </div>
  );
}
