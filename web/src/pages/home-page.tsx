/** The home page (`/`): signed-in people go on to their dashboard; others see what formsign does and how to start. */
import { Link, Navigate } from 'react-router-dom';
import { useViewer } from '../session/session.tsx';

const features = [
  ['Templates', 'Turn your paper forms into templates with text, dates, choices and signature fields.'],
  ['Signing links', 'Send forms to be filled in and signed in any browser, without an account.'],
  ['Approvals', 'Forms go through each person in order; anyone can approve or send a form back with a comment.'],
  ['Records', 'Completed forms are kept as signed PDFs, in a searchable database, with a full audit trail.'],
] as const;

export default function HomePage() {
  const viewer = useViewer();
  if (viewer) return <Navigate to="/dashboard" replace />;
  return (
    <div className="page">
      <section className="card card--auth" aria-labelledby="home-heading">
        <h2 id="home-heading">Electronic forms and document signing</h2>
        <p>
          formsign replaces paper forms: build a template once, send it for signing or approval, follow what is pending and in progress, and keep
          every completed form.
        </p>
        <div className="form-actions">
          <Link className="button" to="/login">
            Log In
          </Link>
          <Link className="button button--secondary" to="/register">
            Create an account
          </Link>
        </div>
      </section>
      <div className="grid">
        {features.map(([title, text]) => (
          <section key={title} className="card">
            <h3>{title}</h3>
            <p className="muted">{text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
