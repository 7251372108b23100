/**
 * Where the person is in the template editor (step 1 of 3, details; step 2, fields; step 3,
 * recipients), and the frame the steps share: the step list, and the states of loading the
 * template.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListFailure } from '../../lists/data-table.tsx';

const steps = ['Details', 'Fields', 'Recipients'] as const;

/** The id in an editor address: `new`, a template id, or null when it is neither. */
export function templateIdOf(value: string | undefined): number | 'new' | null {
  if (value === 'new') return 'new';
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && String(id) === value ? id : null;
}

export function TemplateSteps({ current, id }: { current: 1 | 2 | 3; id: number | 'new' }) {
  return (
    <nav className="template-steps" aria-label="Template editing steps">
      <p className="template-steps__where">
        Step {current} of {steps.length}
      </p>
      <ol className="template-steps__list">
        {steps.map((name, index) => {
          const step = index + 1;
          const here = step === current;
          // Going back is always possible; going forward only through Save, so nothing is skipped.
          const link = step < current && id !== 'new' ? `/template/edit/${id}/step${step}` : null;
          return (
            <li
              key={name}
              className={`template-steps__step${here ? ' template-steps__step--current' : ''}${step < current ? ' template-steps__step--done' : ''}`}
              aria-current={here ? 'step' : undefined}
            >
              <span className="template-steps__number" aria-hidden="true">
                {step}
              </span>
              {link ? <Link to={link}>{name}</Link> : <span>{name}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function EditorFrame({ current, id, children }: { current: 1 | 2 | 3; id: number | 'new'; children: ReactNode }) {
  return (
    <div className="page template-editor">
      <p className="template-editor__back">
        <Link to="/template">← All templates</Link>
      </p>
      <TemplateSteps current={current} id={id} />
      {children}
    </div>
  );
}

/** The template (or, as `what` says, another thing: "form") is loading, could not be loaded (with a retry), or is here. */
export function TemplateLoadState({
  loading,
  error,
  onRetry,
  what = 'template',
}: {
  loading: boolean;
  error: string | null;
  onRetry(): void;
  what?: 'template' | 'form';
}) {
  if (error) {
    return (
      <section className="card" aria-labelledby="template-load-title">
        <h2 id="template-load-title">The {what} could not be opened</h2>
        <ListFailure message={error} onRetry={onRetry} />
      </section>
    );
  }
  if (loading) {
    return (
      <div className="card">
        <div className="spinner" role="status">
          Loading the {what}…
        </div>
      </div>
    );
  }
  return null;
}

/** An editor address whose id is not a template's. */
export function NotATemplate() {
  return (
    <div className="page template-editor">
      <section className="card" aria-labelledby="not-a-template-title">
        <h2 id="not-a-template-title">This is not a template’s address</h2>
        <p>The address should end with a template’s number, like /template/edit/3001/step1.</p>
        <Link className="button" to="/template">
          Go to Manage Template
        </Link>
      </section>
    </div>
  );
}
