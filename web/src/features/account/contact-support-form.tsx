/**
 * Contact us (`POST /contact`): a subject and a message to support. On success the form
 * empties and shows the confirmation text; a failure shows the catalogue's words and keeps
 * what was typed.
 */
import { contractLimits, supportApi, textForCode } from '@formsign/sdk';
import { useId, useState } from 'react';
import { area } from '../../api/client.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';
import { useViewer } from '../../session/session.tsx';
import { useMutation } from '../../api/use-mutation.ts';
import { useCheckedForm } from './use-checked-form.ts';
import { EmailAddress } from '../../components/email-address.tsx';

const supportCalls = area(supportApi);

const limits = { subject: contractLimits['ContactRequest.subject'].maxLength, message: contractLimits['ContactRequest.message'].maxLength } as const;

function problemOf(subject: string, message: string): { field: 'subject' | 'message'; text: string } | null {
  if (!subject.trim()) return { field: 'subject', text: 'Enter a subject, so support knows what it is about.' };
  if (!message.trim()) return { field: 'message', text: 'Write your message to support.' };
  return null;
}

export function ContactSupportForm() {
  const id = useId();
  const viewer = useViewer();
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
  const confirmation = send.result ? send.result.message || textForCode('contactSupport', 1) : null;

  const edit = (apply: () => void): void => {
    form.edited();
    apply();
  };

  return (
    <section className="card help-contact" id="contact" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Contact us</h2>
      <p className="muted">
        Ask a question or tell us about a problem.{' '}
        {viewer?.email ? (
          <>
            We answer by email to <EmailAddress address={viewer.email} />.
          </>
        ) : null}
      </p>
      <form onSubmit={form.onSubmit} noValidate>
        <FormError message={problem?.text ?? send.error} />
        <FormSuccess message={confirmation} />
        <div className="field">
          <label htmlFor={`${id}-subject`}>Subject</label>
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
          <label htmlFor={`${id}-message`}>Message</label>
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
            {message.length > limits.message - 500
              ? `${limits.message - message.length} characters left.`
              : 'Tell us what you were doing and what happened. Please do not include passwords.'}
          </span>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={send.busy}>
            {send.busy ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
    </section>
  );
}
