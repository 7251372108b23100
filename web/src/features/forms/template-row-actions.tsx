/** What a person can do with one template of the list: edit, send, duplicate, archive or restore, delete. */
import type { ManagedTemplate } from '@formsign/sdk';
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
        Edit{named}
      </Link>
      {template.status === 'active' ? (
        <Link className="button button--secondary button--small" to={`/send/${template.id}`}>
          Send{named}
        </Link>
      ) : null}
      <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onDuplicate}>
        Duplicate{named}
      </button>
      {template.status === 'archived' ? (
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onRestore}>
          Restore{named}
        </button>
      ) : (
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onArchive}>
          Archive{named}
        </button>
      )}
      <button type="button" className="button button--ghost button--small template-row-actions__delete" disabled={busy} onClick={onDelete}>
        Delete{named}
      </button>
    </div>
  );
}
