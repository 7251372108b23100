/**
 * Contact us (`POST /contact`): a subject and a message to support. On success the form
 * empties and shows the confirmation text; a failure shows the catalogue's words and keeps
 * what was typed.
 */
import { contractLimits, supportApi, contactSupportCodes, textOfCode } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { area } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { useViewer } from '../../session/session.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useCheckedForm } from './use-checked-form.ts';
import { EmailAddress } from '../../components/email-address.tsx';

const supportCalls = area(supportApi);

const limits = { subject: contractLimits['ContactRequest.subject'].maxLength, message: contractLimits['ContactRequest.message'].maxLength } as const;

function problemOf(subject: string, message: string): { field: 'subject' | 'message'; text: MessageDescriptor } | null {
  if (!subject.trim()) return { field: 'subject', text: msg`Enter a subject, so support knows what it is about.` };
  if (!message.trim()) return { field: 'message', text: msg`Write your message to support.` };
  return null;
}

export function ContactSupportForm() {
  const id = useId();
  const { t, i18n } = useLingui();
  const viewer = useViewer();
  const email = viewer?.email;
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const send = useMutation((body: { subject: string; message: string }, options) => supportCalls.contact(body, options));
  const form = useCheckedForm(
    () => problemOf(subject, message),
    send,
    async (reset) => {
      if (await send.run({ subject: subject.trim(), message: message.trim() })) {
        setSubject('');
        setMessage('');
        reset();
      }
    },
  );
  const { problem } = form;
  const left = limits.message - message.length;
  const confirmation = send.result ? send.result.message || textOfCode(contactSupportCodes, 1) : null;

  const edit = (apply: () => void): void => {
    form.edited();
    apply();
  };

  return (
    <section className="card help-contact" id="contact" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Contact us</Trans>
      </h2>
      <p className="muted">
        <Trans>Ask a question or tell us about a problem.</Trans>{' '}
        {email ? (
          <Trans>
            We answer by email to <EmailAddress address={email} />.
          </Trans>
        ) : null}
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem ? i18n._(problem.text) : send.error} />
        <FormSuccess message={confirmation} />
        <div className="field">
          <label htmlFor={`${id}-subject`}>
            <Trans>Subject</Trans>
          </label>
          <input
            id={`${id}-subject`}
            className="input"
            value={subject}
            maxLength={limits.subject}
            aria-invalid={problem?.field === 'subject' ? true : undefined}
            onChange={(event) => edit(() => setSubject(event.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-message`}>
            <Trans>Message</Trans>
          </label>
          <textarea
            id={`${id}-message`}
            className="textarea"
            rows={7}
            value={message}
            maxLength={limits.message}
            aria-invalid={problem?.field === 'message' ? true : undefined}
            aria-describedby={`${id}-message-hint`}
            onChange={(event) => edit(() => setMessage(event.target.value))}
          />
          <span id={`${id}-message-hint`} className="field__hint">
            {left < 500
              ? t`${plural(left, { one: '# character left.', other: '# characters left.' })}`
              : t`Tell us what you were doing and what happened. Please do not include passwords.`}
          </span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={send.busy}>
            {send.busy ? t`Sending…` : t`Send message`}
          </button>
        </div>
      </form>
    </section>
  );
}
