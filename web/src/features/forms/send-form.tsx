/**
 * The Send screen (designed): a template's recipients, each a colleague picked from the
 * company's people or anyone typed as a name and email; whether they act one after the
 * other; the sender's own answers (fields answered "by the sender"); a note, the language of
 * the form (its signing pages, mails and sealed PDF; the organisation's unless chosen), the last
 * day the links work, and the access code of each place that asks for one (the sender gives it
 * to its recipient another way). Sending uses one envelope. A refused send keeps everything chosen and says
 * why in the product's words; a sent form links to its progress.
 */
import {
  emailPattern,
  type FormField,
  type SendFormRequest,
  type SendFormResult,
  type TemplateDetail,
  type TemplateStep,
  type UserRow,
  workflowApi,
} from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { CasePicker } from '../../components/case-picker.tsx';
import { FormError } from '../../components/form-error.tsx';
import { announceEnvelopesChanged } from '../../shell/envelope-changes.ts';
import { prefilledAnswers } from './prefill-answers.ts';
import { PrefillPicker, type PickedRecord } from './prefill-picker.tsx';
import { SigningField } from './signing-field.tsx';
import { answerProblems, initialAnswers, shownAndCalculatedAnswers, signingRequestAnswers, type Answers } from './signing-answers.ts';
import { accessCodeLength, accessCodeProblem } from './access-code.ts';
import { isLanguageCode, languageCodes, languageNames, type LanguageCode } from '../../i18n/languages.ts';

const workflowCalls = area(workflowApi);

const asks: Record<TemplateStep['action'], MessageDescriptor> = {
  sign: msg`fills in and signs`,
  fill: msg`fills in`,
  approve: msg`approves`,
  copy: msg`receives a copy of the sealed PDF`,
};

interface Chosen {
  /** A colleague's id, or null for someone typed. */
  userId: number | null;
  name: string;
  email: string;
  /** The access code they will type, for a place that asks for one. */
  accessCode?: string;
}

const asksAccessCode = (step: TemplateStep): boolean => step.action !== 'approve' && step.action !== 'copy' && step.verification === 'access-code';

function personName(user: UserRow): string {
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email;
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What is wrong with the people chosen, by place; empty when they can be sent to. */
export function recipientProblems(steps: readonly TemplateStep[], chosen: readonly Chosen[], colleagues: boolean): string[] {
  return steps.map((step, index) => {
    const person = chosen[index];
    if (!person) return t`Choose someone.`;
    const code = asksAccessCode(step) ? accessCodeProblem(person.accessCode ?? '') : '';
    if (person.userId !== null) return code;
    if (step.action === 'approve' && colleagues) return t`An approver must be one of your colleagues: choose them from the list.`;
    if (!person.name.trim()) return t`Enter their name.`;
    if (!emailPattern.test(person.email.trim())) return t`Enter an email address like name@example.com.`;
    return code;
  });
}

interface SendFormProps {
  template: TemplateDetail;
  /** The company's people (administrators); null when they cannot be listed. */
  people: readonly UserRow[] | null;
  /** Whether the sender works cases, and so may file the form on one. */
  filesOnCases?: boolean;
  /** Offer "Pre-fill from <source>" (those who may read the records). */
  prefills?: boolean;
  /** The organisation's language, the form's unless the sender chooses another; null when it is not known (the server then uses it). */
  organisationLanguage?: LanguageCode | null;
}

export function SendForm({ template, people, filesOnCases = false, prefills = false, organisationLanguage = null }: SendFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const steps: readonly TemplateStep[] = template.steps?.length ? template.steps : [{ label: t`Signer`, action: 'sign', user_id: null }];
  const senderFields = useMemo<FormField[]>(() => template.fields.filter((field) => field.step === 0), [template.fields]);
  const [chosen, setChosen] = useState<Chosen[]>(() =>
    steps.map((step) => {
      const user = step.user_id ? people?.find((candidate) => candidate.id === step.user_id) : undefined;
      return user ? { userId: user.id, name: personName(user), email: user.email } : { userId: null, name: '', email: '' };
    }),
  );
  const [sequential, setSequential] = useState(template.sequential ?? true);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(senderFields));
  // The sender's fields their answers show (a field's condition), live as they change.
  const { shownSender, calculated } = useMemo(() => {
    const { shown, calculated } = shownAndCalculatedAnswers(template.fields, answers);
    return { shownSender: senderFields.filter((field) => shown.has(field.name)), calculated };
  }, [template.fields, senderFields, answers]);
  const [message, setMessage] = useState('');
  const [tenant, setTenant] = useState<number | null>(null);
  const [expires, setExpires] = useState(inDays(30));
  // The language of the form's signing pages, mails and sealed PDF: empty leaves it to the server (the organisation's).
  const [language, setLanguage] = useState<LanguageCode | ''>(organisationLanguage ?? '');
  const [checked, setChecked] = useState(false);
  // The record the sender's answers were filled from: sent as `refs`, so the fields others fill start from it too.
  const [filled, setFilled] = useState<PickedRecord | null>(null);
  const refs = filled?.ref ?? '';
  const send = useMutation((request: SendFormRequest, options) => workflowCalls.send(request, options), {
    onSuccess: () => announceEnvelopesChanged(),
  });
  const sent: SendFormResult | null = send.result;

  const problems = checked ? recipientProblems(steps, chosen, people !== null) : [];
  const answerIssues = checked ? answerProblems(shownSender, answers) : {};
  const choose = (index: number, patch: Partial<Chosen>): void =>
    setChosen((current) => current.map((person, place) => (place === index ? { ...person, ...patch } : person)));

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (recipientProblems(steps, chosen, people !== null).some(Boolean) || Object.keys(answerProblems(shownSender, answers)).length > 0) return;
    const { values } = signingRequestAnswers(shownSender, answers);
    void send.run({
      template: template.id,
      recipients: chosen.map((person, index) => ({
        name: person.name.trim(),
        email: person.email.trim(),
        ...(person.userId ? { user_id: person.userId } : {}),
        ...(steps[index] && asksAccessCode(steps[index]) ? { access_code: (person.accessCode ?? '').trim() } : {}),
      })),
      sequential,
      message: message.trim(),
      expires_at: expires,
      ...(values && Object.keys(values).length ? { values } : {}),
      ...(tenant ? { tenant } : {}),
      ...(refs ? { refs } : {}),
      ...(language ? { language } : {}),
    });
  };

  if (sent) {
    const reference = sent.reference;
    const unused = sent.unused;
    return (
      <section className="card send-form__sent" aria-labelledby={`${id}-sent`}>
        <h2 id={`${id}-sent`}>
          <Trans>Sent: {reference}</Trans>
        </h2>
        <p role="status">
          {sent.message} {t`${plural(unused, { one: 'You have # envelope left.', other: 'You have # envelopes left.' })}`}
        </p>
        <div className="form-actions">
          {sent.id ? (
            <Link className="button" to={`/workflow/${sent.id}`}>
              <Trans>Follow its progress</Trans>
            </Link>
          ) : null}
          <Link className="button button--secondary" to="/listing">
            <Trans>Send another form</Trans>
          </Link>
        </div>
      </section>
    );
  }

  const templateTitle = template.title;
  return (
    <form className="card send-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} aria-busy={send.busy}>
      <h2 id={`${id}-title`}>
        <Trans>Send “{templateTitle}”</Trans>
      </h2>
      {template.description ? <p className="muted">{template.description}</p> : null}
      <FormError message={send.error} />
      {prefills ? (
        <PrefillPicker
          templateId={template.id}
          filled={filled}
          onPick={(picked) => {
            setFilled(picked);
            setAnswers((current) => prefilledAnswers(senderFields, current, picked.fields));
          }}
        />
      ) : null}
      <fieldset className="send-form__people">
        <legend>
          <Trans>Recipients</Trans>
        </legend>
        <ol className="recipient-places">
          {steps.map((step, index) => {
            const person = chosen[index] ?? { userId: null, name: '', email: '' };
            const problem = problems[index];
            return (
              <li key={index} className="recipient-place send-form__place">
                <p className="send-form__place-title">
                  <strong>
                    {index + 1}. {step.label}
                  </strong>{' '}
                  <span className="muted">{i18n._(asks[step.action])}</span>
                </p>
                {people ? (
                  <div className="field">
                    <label htmlFor={`${id}-${index}-who`}>
                      <Trans>Colleague</Trans>
                    </label>
                    <select
                      id={`${id}-${index}-who`}
                      className="select"
                      value={person.userId ? String(person.userId) : ''}
                      onChange={(event) => {
                        const user = people.find((candidate) => String(candidate.id) === event.target.value);
                        choose(index, user ? { userId: user.id, name: personName(user), email: user.email } : { userId: null, name: '', email: '' });
                      }}
                    >
                      <option value="">{step.action === 'approve' ? t`Choose a colleague` : t`Someone else (type below)`}</option>
                      {people.map((user) => (
                        <option key={user.id} value={String(user.id)}>
                          {personName(user)} ({user.email})
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                {person.userId === null ? (
                  <>
                    <div className="field">
                      <label htmlFor={`${id}-${index}-name`}>
                        <Trans>Name</Trans>
                      </label>
                      <input
                        id={`${id}-${index}-name`}
                        className="input"
                        autoComplete="off"
                        value={person.name}
                        onChange={(event) => choose(index, { name: event.target.value })}
                      />
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${index}-email`}>
                        <Trans>Email</Trans>
                      </label>
                      <input
                        id={`${id}-${index}-email`}
                        className="input"
                        type="email"
                        autoComplete="off"
                        value={person.email}
                        onChange={(event) => choose(index, { email: event.target.value })}
                      />
                    </div>
                  </>
                ) : null}
                {asksAccessCode(step) ? (
                  <div className="field">
                    <label htmlFor={`${id}-${index}-access-code`}>
                      <Trans>Access code</Trans>
                    </label>
                    <input
                      id={`${id}-${index}-access-code`}
                      className="input"
                      autoComplete="off"
                      spellCheck={false}
                      minLength={accessCodeLength}
                      maxLength={64}
                      value={person.accessCode ?? ''}
                      aria-describedby={`${id}-${index}-access-code-hint`}
                      onChange={(event) => choose(index, { accessCode: event.target.value })}
                    />
                    <span id={`${id}-${index}-access-code-hint`} className="field__hint">
                      <Trans>
                        They type it before the form opens. It is not in the email: give it to them another way (by phone, by text message). It cannot
                        be shown again once sent.
                      </Trans>
                    </span>
                  </div>
                ) : step.action !== 'approve' && step.action !== 'copy' && step.verification === 'email-code' ? (
                  <p className="muted">
                    <Trans>Before the form opens, they type a code emailed to them.</Trans>
                  </p>
                ) : null}
                {step.action !== 'approve' && step.allow_delegation ? (
                  <p className="muted">
                    <Trans>They may hand the form on to someone else, saying why; you will see it on the form’s progress.</Trans>
                  </p>
                ) : null}
                {problem ? (
                  <p className="field__error" role="alert">
                    {step.label}: {problem}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        {steps.length > 1 ? (
          <div className="checkbox">
            <input id={`${id}-sequential`} type="checkbox" checked={sequential} onChange={(event) => setSequential(event.target.checked)} />
            <label htmlFor={`${id}-sequential`}>
              <Trans>One after the other, in this order</Trans>
            </label>
          </div>
        ) : null}
      </fieldset>
      {shownSender.length > 0 ? (
        <fieldset className="send-form__answers">
          <legend>
            <Trans>Your answers</Trans>
          </legend>
          {shownSender.map((field) => (
            <SigningField
              key={field.name}
              field={field}
              answer={field.type === 'calculated' ? (calculated[field.name] ?? '') : (answers[field.name] ?? null)}
              problem={answerIssues[field.name]}
              onAnswer={(answer) => setAnswers((current) => ({ ...current, [field.name]: answer }))}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-message`}>
          <Trans>A note to the recipients</Trans>
        </label>
        <textarea id={`${id}-message`} className="textarea" maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-language`}>
          <Trans>Language of the form</Trans>
        </label>
        <select
          id={`${id}-language`}
          className="select"
          value={language}
          aria-describedby={`${id}-language-hint`}
          onChange={(event) => setLanguage(isLanguageCode(event.target.value) ? event.target.value : '')}
        >
          {organisationLanguage ? null : <option value="">{t`The organisation’s language`}</option>}
          {languageCodes.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageNames[code]}
            </option>
          ))}
        </select>
        <span id={`${id}-language-hint`} className="field__hint">
          <Trans>The language of its signing pages, its emails and the sealed PDF. Each recipient may switch the pages to another.</Trans>
        </span>
      </div>
      {filesOnCases ? <CasePicker value={tenant} onValue={setTenant} /> : null}
      <div className="field">
        <label htmlFor={`${id}-expires`}>
          <Trans>The links work until</Trans>
        </label>
        <input
          id={`${id}-expires`}
          className="input"
          type="date"
          min={inDays(0)}
          max={inDays(365)}
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={send.busy}>
          {send.busy ? t`Sending…` : t`Send the form`}
        </button>
        <Link className="button button--ghost" to="/listing">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}
