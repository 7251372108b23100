/**
 * Where the person is in the template editor (step 1 of 3, details; step 2, fields; step 3,
 * recipients), and the frame the steps share: the step list, and the states of loading the
 * template.
 */
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListFailure } from '../../lists/data-table.tsx';

const steps = [msg`Details`, msg`Fields`, msg`Recipients`] as const;

/** The id in an editor address: `new`, a template id, or null when it is neither. */
export function templateIdOf(value: string | undefined): number | 'new' | null {
  if (value === 'new') return 'new';
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && String(id) === value ? id : null;
}

export function TemplateSteps({ current, id }: { current: 1 | 2 | 3; id: number | 'new' }) {
  const { t, i18n } = useLingui();
  const count = steps.length;
  return (
    <nav className="template-steps" aria-label={t`Template editing steps`}>
      <p className="template-steps__where">
        <Trans>
          Step {current} of {count}
        </Trans>
      </p>
      <ol className="template-steps__list">
        {steps.map((words, index) => {
          const name = i18n._(words);
          const step = index + 1;
          const here = step === current;
          // Going back is always possible; going forward only through Save, so nothing is skipped.
          const link = step < current && id !== 'new' ? `/template/edit/${id}/step${step}` : null;
          return (
            <li
              key={step}
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
        <Link to="/template">
          <Trans>← All templates</Trans>
        </Link>
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
  const { t } = useLingui();
  if (error) {
    return (
      <section className="card" aria-labelledby="template-load-title">
        <h2 id="template-load-title">{t`${select(what, { form: 'The form could not be opened', other: 'The template could not be opened' })}`}</h2>
        <ListFailure message={error} onRetry={onRetry} />
      </section>
    );
  }
  if (loading) {
    return (
      <div className="card">
        <div className="spinner" role="status">
          {t`${select(what, { form: 'Loading the form…', other: 'Loading the template…' })}`}
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
        <h2 id="not-a-template-title">
          <Trans>This is not a template’s address</Trans>
        </h2>
        <p>
          <Trans>The address should end with a template’s number, like /template/edit/3001/step1.</Trans>
        </p>
        <Link className="button" to="/template">
          <Trans>Go to Manage Template</Trans>
        </Link>
      </section>
    </div>
  );
}
