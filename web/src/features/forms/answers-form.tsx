/**
 * The fields of a form being signed, and the buttons that send it. Required fields and formats
 * are checked before anything is sent: the problems show beside their fields, with a summary
 * at the top that links to each one. What the person typed stays while the form is sent, and
 * after a failed send.
 */
import type { FormField } from '@formsign/sdk';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormError } from '../../components/form-error.tsx';
import { answerId, SigningField } from './signing-field.tsx';
import { answerProblems, initialAnswers, signingRequestAnswers, type Answers } from './signing-answers.ts';
import type { SigningAnswers } from '@formsign/machines';

interface AnswersFormProps {
  fields: readonly FormField[];
  /** The main button's words, e.g. "Sign and send". */
  sendLabel: string;
  busy: boolean;
  /** What is being sent, for the busy button's words. */
  busyLabel: string;
  /** Why the last send failed. */
  sendError: string | null;
  onSend(answers: SigningAnswers): void;
  /** Keeps the answers as a draft, unchecked (designed); no button when absent. */
  onSaveDraft?(answers: SigningAnswers): void;
  /** Said once a draft is kept. */
  draftSaved?: string | null;
  /** More buttons beside the main one (open pending: Disapprove). */
  children?: ReactNode;
  /** A typed name is accepted as a signature; only drawing is offered when false. */
  allowTypedSignature?: boolean;
}

/** "Date of birth: Please enter a date."; a label that ends a sentence takes no colon. */
function withProblem(label: string, problem: string): string {
  return /[?!.:]$/.test(label.trim()) ? `${label.trim()} ${problem}` : `${label.trim()}: ${problem}`;
}

function ProblemSummary({
  fields,
  problems,
  summary,
}: {
  fields: readonly FormField[];
  problems: Record<string, string>;
  summary: RefObject<HTMLDivElement | null>;
}) {
  const listed = fields.filter((field) => problems[field.name]);
  if (listed.length === 0) return null;
  return (
    <div className="alert alert--error problem-summary" ref={summary} tabIndex={-1} aria-labelledby="problem-summary-title">
      <div className="alert__body">
        <h2 id="problem-summary-title" className="problem-summary__title">
          {listed.length === 1 ? 'One answer needs your attention' : `${listed.length} answers need your attention`}
        </h2>
        <ul>
          {listed.map((field) => (
            <li key={field.name}>
              <a
                href={`#${answerId(field.name)}`}
                onClick={(event) => {
                  event.preventDefault();
                  const target = document.getElementById(answerId(field.name)) ?? document.getElementById(`${answerId(field.name)}-mode`);
                  target?.focus();
                  target?.scrollIntoView({ block: 'center' });
                }}
              >
                {withProblem(field.label, problems[field.name] ?? '')}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function AnswersForm({
  fields,
  sendLabel,
  busy,
  busyLabel,
  sendError,
  onSend,
  onSaveDraft,
  draftSaved,
  children,
  allowTypedSignature = true,
}: AnswersFormProps) {
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(fields));
  const [checked, setChecked] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const problems = checked ? answerProblems(fields, answers, { typedSignature: allowTypedSignature }) : {};
  const hasRequired = fields.some((field) => field.required);

  const send = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    const found = answerProblems(fields, answers, { typedSignature: allowTypedSignature });
    if (Object.keys(found).length > 0) {
      // After React shows the summary.
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    onSend(signingRequestAnswers(fields, answers));
  };

  return (
    <form className="card signing__form" noValidate onSubmit={send} aria-labelledby="answers-title" aria-busy={busy}>
      <h2 id="answers-title">Your answers</h2>
      {hasRequired ? (
        <p className="muted">
          Questions marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">required</span> must be answered.
        </p>
      ) : null}
      <ProblemSummary fields={fields} problems={problems} summary={summary} />
      {fields.length === 0 ? <p className="muted">This form has no questions: send it when you are ready.</p> : null}
      {fields.map((field) => (
        <SigningField
          key={field.name}
          field={field}
          answer={answers[field.name] ?? null}
          problem={problems[field.name]}
          disabled={busy}
          allowTypedSignature={allowTypedSignature}
          onAnswer={(answer) => setAnswers((current) => ({ ...current, [field.name]: answer }))}
        />
      ))}
      <FormError message={sendError} />
      {draftSaved ? (
        <p className="alert alert--success" role="status">
          {draftSaved}
        </p>
      ) : null}
      <div className="form-actions signing__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : sendLabel}
        </button>
        {onSaveDraft ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => onSaveDraft(signingRequestAnswers(fields, answers))}
          >
            Save and finish later
          </button>
        ) : null}
        {children}
      </div>
    </form>
  );
}
