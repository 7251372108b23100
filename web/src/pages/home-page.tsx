/** The home page (`/`): signed-in people go on to their dashboard; others see what formsign does and how to start. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate } from 'react-router-dom';
import { useViewer } from '../session/session.tsx';

const features: readonly { key: string; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { key: 'templates', title: msg`Templates`, text: msg`Turn your paper forms into templates with text, dates, choices and signature fields.` },
  { key: 'links', title: msg`Signing links`, text: msg`Send forms to be filled in and signed in any browser, without an account.` },
  {
    key: 'approvals',
    title: msg`Approvals`,
    text: msg`Forms go through each person in order; anyone can approve or send a form back with a comment.`,
  },
  { key: 'records', title: msg`Records`, text: msg`Completed forms are kept as signed PDFs, in a searchable database, with a full audit trail.` },
];

export default function HomePage() {
  const viewer = useViewer();
  const { i18n } = useLingui();
  if (viewer) return <Navigate to="/dashboard" replace />;
  return (
    <div className="page">
      <section className="card card--auth" aria-labelledby="home-heading">
        <h2 id="home-heading">
          <Trans>Electronic forms and document signing</Trans>
        </h2>
        <p>
          <Trans>
            formsign replaces paper forms: build a template once, send it for signing or approval, follow what is pending and in progress, and keep
            every completed form.
          </Trans>
        </p>
        <div className="form-actions">
          <Link className="button" to="/login">
            <Trans>Log In</Trans>
          </Link>
          <Link className="button button--secondary" to="/register">
            <Trans>Create an account</Trans>
          </Link>
        </div>
      </section>
      <div className="grid">
        {features.map((feature) => (
          <section key={feature.key} className="card">
            <h3>{i18n._(feature.title)}</h3>
            <p className="muted">{i18n._(feature.text)}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
