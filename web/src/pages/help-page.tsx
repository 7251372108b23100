/**
 * Help (`/help`, where "Contact Us" of both help menus leads): the tutorials and a way to
 * reach support.
 *
 * Designed where the specification is silent: the tutorial videos play in the page (with
 * their subtitle tracks) and the PDF guides open in a new tab, both grouped by the page they
 * explain (the tutorials area's `videos()` and `pdfs()`; the app's fallback video and guide when there
 * are none). Beside them, a contact form (subject and message, `POST /contact`) with its
 * confirmation text, and the link to the external help FAQs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { faqUrl } from '../config.ts';
import { ContactSupportForm } from '../features/account/contact-support-form.tsx';
import { TutorialLibrary } from '../features/account/tutorial-library.tsx';
import '../styles/account.css';

export default function HelpPage() {
  const { t } = useLingui();
  return (
    <div className="page help-page">
      <div className="help-layout">
        <div className="help-layout__main">
          <TutorialLibrary />
        </div>
        <aside className="help-layout__aside" aria-label={t`Contact and FAQs`}>
          <ContactSupportForm />
          <section className="card" aria-labelledby="help-faq-heading">
            <h2 id="help-faq-heading">
              <Trans>Help FAQs</Trans>
            </h2>
            <p className="muted">
              <Trans>Answers to the questions people ask most: templates, signing links, envelopes and accounts.</Trans>
            </p>
            <a className="button button--secondary" href={faqUrl} target="_blank" rel="noopener noreferrer">
              <Trans>
                Read the FAQs<span className="visually-hidden"> (opens in a new tab)</span>
              </Trans>
            </a>
          </section>
        </aside>
      </div>
    </div>
  );
}
