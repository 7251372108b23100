/**
 * A form signed on its document. The pages are shown as they will be sealed: the PDF the form
 * was sent with (its pages as the server drew them, as images; read by pdf.js only while they
 * are not drawn yet), with the signer's own fields in their boxes (highlighted) and what others
 * answered before shown in place; or, for a template without a PDF, the document the server
 * renders with the seal's own code, with the signer's fields listed under it. Fields of later
 * steps are not shown. A guided path leads through the required fields ("Start", "Next", what
 * is left); "Finish" opens a last screen with the document as it will be sealed, with the
 * signer's answers drawn in by the server, and the consent to sign electronically, which the
 * signature carries. The approver sees the same document with every answer in place, and
 * approves or sends it back beside it.
 */
import { signingApi, type FormField, type SigningForm } from '@formsign/sdk';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { area } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { useSayText } from '../../i18n/say-text.ts';
import type { SigningAnswers, SigningLink } from '@formsign/machines';
import { leftText, nextRequired, pageOrder, placedOnPages, requiredLeft, roleOf } from './document-fields.ts';
import { AnsweredBox, MyFieldBox } from './document-field.tsx';
import { DocumentViewer } from './document-viewer.tsx';
import { openPdf, openPdfBlob, preloadPdf, type PDFDocumentProxy } from './pdf-document.ts';
import { screenBox } from './pdf-placement.ts';
import { InitialsDialog } from './initials-dialog.tsx';
import { suggestedInitials, withInitials } from './initials.ts';
import { SignatureDialog } from './signature-dialog.tsx';
import { SigningStampContext } from './signing-stamp.tsx';
import {
  answerProblems,
  initialAnswers,
  shownAndCalculatedAnswers,
  signingRequestAnswers,
  type Answer,
  type Answers,
  type Signature,
} from './signing-answers.ts';
import { answerId, fileNameOf, SigningField } from './signing-field.tsx';
import { SigningPrefill } from './signing-prefill.tsx';

const signingCalls = area(signingApi);

const finishId = 'signing-finish';

/** The words the signer agrees to before signing, recorded with their signature (the sealed PDF says them in the form's language). */
export const consentText = msg`By signing, I agree that my electronic signature is legally binding`;

/** A document shown, or why not: what failed says (empty when it said nothing), or null while it opens. */
type Loaded = { pdf: PDFDocumentProxy; error: null } | { pdf: null; error: string | null };
type Opener = (signal: AbortSignal) => Promise<PDFDocumentProxy>;

/** A PDF opened for this page (pdf.js loads with it), none without an opener; `retry` opens it again after a failure. */
function useDocument(open: Opener | null): Loaded & { retry(): void } {
  // What was opened, and for which opener and attempt: a newer one is loading until it answers.
  const [state, setState] = useState<Loaded & { by: Opener | null; attempt: number }>({ pdf: null, error: null, by: null, attempt: 0 });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return;
    const control = new AbortController();
    open(control.signal).then(
      (pdf) => !control.signal.aborted && setState({ pdf, error: null, by: open, attempt }),
      (error: unknown) =>
        !control.signal.aborted &&
        setState({
          pdf: null,
          error: error instanceof Error ? error.message : '',
          by: open,
          attempt,
        }),
    );
    return () => control.abort();
  }, [open, attempt]);
  useEffect(() => () => void state.pdf?.destroy(), [state.pdf]);
  const retry = (): void => setAttempt((count) => count + 1);
  if (state.by !== open || state.attempt !== attempt) return { pdf: null, error: null, retry };
  return state.pdf ? { pdf: state.pdf, error: null, retry } : { pdf: null, error: state.error, retry };
}

/** The preview request's answers: a file by its name (the file itself is sent only with the signature). */
function previewAnswers(fields: readonly FormField[], answers: Answers): Pick<SigningAnswers, 'values' | 'signature' | 'initials'> {
  const request = signingRequestAnswers(fields, answers);
  const values = { ...request.values };
  for (const field of fields)
    if (field.type === 'file' && typeof values[field.name] === 'string') values[field.name] = fileNameOf(String(values[field.name]));
  return { ...request, values };
}

function DocumentState({ loaded, children }: { loaded: Loaded & { retry(): void }; children: (pdf: PDFDocumentProxy) => ReactNode }) {
  const { t } = useLingui();
  if (loaded.pdf) return <>{children(loaded.pdf)}</>;
  if (loaded.error !== null) {
    const error = loaded.error || t`The document could not be shown.`;
    return (
      <div className="alert alert--error doc-viewer__problem" role="alert">
        <div className="alert__body">
          <p>
            <Trans>The document could not be shown: {error}</Trans>
          </p>
          <button type="button" className="button button--secondary button--small" onClick={loaded.retry}>
            <Trans>Show it again</Trans>
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="doc-viewer__loading spinner" role="status">
      <Trans>Opening the document…</Trans>
    </div>
  );
}

interface FinalProps {
  form: SigningForm;
  link: SigningLink;
  answers: Pick<SigningAnswers, 'values' | 'signature' | 'initials'>;
  sendLabel: string;
  busy: boolean;
  busyLabel: string;
  sendError: string | null;
  onBack(): void;
  onSign(): void;
}

/** The last screen: the document as it will be sealed, with the answers drawn in by the server, and the consent. */
function FinalScreen({ form, link, answers, sendLabel, busy, busyLabel, sendError, onBack, onSign }: FinalProps) {
  const [consent, setConsent] = useState(false);
  const [asked, setAsked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen replaces the document under the focus: it moves to the screen's heading, as a new page's would.
  useEffect(() => heading.current?.focus(), []);
  const open = useCallback(
    (signal: AbortSignal) =>
      signingCalls
        .preview({ id: link.id, ...(link.token ? { token: link.token } : {}), ...(link.proof ? { proof: link.proof } : {}), ...answers }, { signal })
        .then((blob) => openPdfBlob(blob, signal)),
    [link, answers],
  );
  const loaded = useDocument(open);
  const { t, i18n } = useLingui();
  const title = form.title;
  return (
    <section className="card signing__final" aria-labelledby="final-title">
      <h2 id="final-title" ref={heading} tabIndex={-1}>
        <Trans>Check the document, then sign</Trans>
      </h2>
      <p className="muted">
        <Trans>This is {title} as it will be sealed, with your answers in place.</Trans>
      </p>
      <DocumentState loaded={loaded}>{(pdf) => <DocumentViewer source={{ pdf }} label={t`The document as it will be sealed`} />}</DocumentState>
      {/* The consent and the signature stay in view at the foot of the screen, however long the document. */}
      <div className="signing__final-bar">
        <div className="checkbox signing__consent">
          <input
            id="signing-consent"
            type="checkbox"
            checked={consent}
            disabled={busy}
            aria-describedby={asked && !consent ? 'signing-consent-error' : undefined}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor="signing-consent">{i18n._(consentText)}</label>
        </div>
        {asked && !consent ? (
          <p className="field__error" id="signing-consent-error">
            <Trans>Please tick the box to agree before signing.</Trans>
          </p>
        ) : null}
        <FormError message={sendError} />
        <div className="form-actions signing__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              setAsked(true);
              if (consent) onSign();
            }}
          >
            {busy ? busyLabel : sendLabel}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onBack}>
            <Trans>Back to the document</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}

interface SigningDocumentProps {
  form: SigningForm;
  link: SigningLink;
  /** The approver's view: every answer shown, nothing to fill in. */
  review: boolean;
  sendLabel: string;
  busy: boolean;
  busyLabel: string;
  sendError: string | null;
  onSend(answers: SigningAnswers): void;
  onSaveDraft?(answers: SigningAnswers): void;
  draftSaved?: string | null;
  /** The form's template, when its data sources may fill the signer's answers ("Pre-fill from ..."); null otherwise. */
  prefillTemplate?: number | null;
  /** More actions beside the main one (Disapprove; Decline). */
  children?: ReactNode;
  /** Called with the name of each field whose answer changed (never its value). */
  onFieldChange?(name: string): void;
}

export function SigningDocument({
  form,
  link,
  review,
  sendLabel,
  busy,
  busyLabel,
  sendError,
  onSend,
  onSaveDraft,
  draftSaved,
  prefillTemplate = null,
  children,
  onFieldChange,
}: SigningDocumentProps) {
  const typedSignature = form.allow_typed_signature;
  const sayText = useSayText();
  // The initials kept with a draft are in the signer's initials fields again.
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(form.fields, form.initials ?? null));
  // Each answer that changed, by its field's name, once per change.
  const told = useRef(answers);
  useEffect(() => {
    const before = told.current;
    told.current = answers;
    if (!onFieldChange || before === answers) return;
    for (const name of new Set([...Object.keys(before), ...Object.keys(answers)])) if (before[name] !== answers[name]) onFieldChange(name);
  }, [answers, onFieldChange]);
  const [current, setCurrent] = useState<string | null>(null);
  const [signing, setSigning] = useState<FormField | null>(null);
  const [final, setFinal] = useState<Pick<SigningAnswers, 'values' | 'signature' | 'initials'> | null>(null);
  // A field whose condition the answers so far do not meet is not shown (nor asked, nor sent), live as they change.
  // A calculated field's result is worked out as the answers change (the server works it out again).
  const { shown, calculated } = useMemo(() => shownAndCalculatedAnswers(form.fields, answers), [form.fields, answers]);
  const answerOf = (field: FormField): Answer =>
    field.type === 'calculated' && !field.readonly ? (calculated[field.name] ?? '') : (answers[field.name] ?? null);
  // The approver answers nothing: every field is theirs to read, none to fill in (the approval carries no answers).
  const visible = useMemo(
    () =>
      pageOrder(
        form.fields
          .filter((field) => roleOf(field, form.signer.order, review) !== 'hidden' && shown.has(field.name))
          .map((field) => (review ? { ...field, readonly: true } : field)),
      ),
    [form, review, shown],
  );
  const mine = useMemo(() => visible.filter((field) => !field.readonly), [visible]);
  // The signer gives their initials in their first initials field; the others show the same ones, applied.
  const initialsFields = mine.filter((field) => field.type === 'initials');
  const firstInitials = initialsFields[0]?.name ?? null;
  const initialsSuggestion = suggestedInitials(form.signer.name);
  // The pages the server drew of the form's PDF, shown as images: no PDF is read to show them.
  const images = form.document ? (form.document_pages ?? null) : null;
  const firstImage = images?.[0]?.url;
  // Asked for with the form, ahead of everything the page still loads, before the viewer has laid out its pages.
  if (firstImage) preload(firstImage, { as: 'image', fetchPriority: 'high' });
  const open = useMemo(() => {
    if (images) return null;
    const address = form.document;
    if (address) return (signal: AbortSignal) => openPdf(address, signal);
    return (signal: AbortSignal) =>
      signingCalls
        .preview({ id: link.id, ...(link.token ? { token: link.token } : {}), ...(link.proof ? { proof: link.proof } : {}) }, { signal })
        .then((blob) => openPdfBlob(blob, signal));
  }, [form.document, images, link]);
  const loaded = useDocument(open);
  const pageCount = images ? images.length : loaded.pdf?.numPages;
  const placed = pageCount && form.document ? placedOnPages(visible, pageCount) : new Set<string>();
  const { t } = useLingui();
  const label = review ? t`The document to approve` : t`The document to sign`;
  // A stamp field can be applied only while the organisation has a stamp.
  const rules = { typedSignature, stamp: form.stamp !== null };
  const problems = answerProblems(mine, answers, rules);
  const left = requiredLeft(mine, answers, rules);
  const required = mine.filter((field) => field.required).length;
  // The last screen shows the document as the server seals it, with pdf.js: loaded once every required field is answered, so it opens at once.
  const readyToFinish = !review && left.length === 0;
  useEffect(() => {
    if (readyToFinish) preloadPdf();
  }, [readyToFinish]);
  // A wrong answer in a field that need not be filled (an email that is not one) is shown in its box.
  const shownProblems = Object.fromEntries(
    Object.entries(problems).filter(([name]) => {
      const answer = answers[name];
      return typeof answer === 'string' ? answer.trim() !== '' : false;
    }),
  );

  const answer = (field: FormField) => (value: Answer) =>
    setAnswers((now) =>
      field.type === 'initials' ? withInitials(form.fields, now, typeof value === 'object' ? value : null) : { ...now, [field.name]: value },
    );
  const go = (field: FormField | null): void => {
    if (!field) return;
    const id = answerId(field.name);
    const target = document.getElementById(id) ?? document.getElementById(`${id}-mode`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
    setCurrent(field.name);
  };

  if (final)
    return (
      <FinalScreen
        form={form}
        link={link}
        answers={final}
        sendLabel={sendLabel}
        busy={busy}
        busyLabel={busyLabel}
        sendError={sendError}
        onBack={() => {
          setFinal(null);
          requestAnimationFrame(() => document.getElementById(finishId)?.focus());
        }}
        onSign={() => onSend({ ...signingRequestAnswers(mine, answers), consent: true })}
      />
    );

  const overlay = (page: number, size: { width: number; height: number }, scale: number): ReactNode =>
    visible
      .filter((field) => field.placement?.page === page && placed.has(field.name))
      .map((field) => {
        const place = field.placement;
        if (!place) return null;
        const box = screenBox(place, size, scale);
        return field.readonly ? (
          <AnsweredBox key={field.name} field={field} box={box} />
        ) : (
          <MyFieldBox
            key={field.name}
            field={field}
            box={box}
            answer={answerOf(field)}
            problem={shownProblems[field.name]}
            disabled={busy}
            onAnswer={answer(field)}
            onSign={() => setSigning(field)}
            onFocus={() => setCurrent(field.name)}
          />
        );
      });
  // Answers shown on a rendered page are read by no screen reader: the fields off the PDF's boxes are listed as text too.
  const unplaced = visible.filter((field) => !placed.has(field.name));

  return (
    <SigningStampContext.Provider value={form.stamp}>
      {prefillTemplate !== null && !review && mine.length > 0 ? (
        <SigningPrefill
          templateId={prefillTemplate}
          fields={mine}
          answers={answers}
          onFill={(patch) => setAnswers((now) => ({ ...now, ...patch }))}
        />
      ) : null}
      <div className="card signing__document">
        {images ? (
          <DocumentViewer source={{ images }} label={label} overlay={overlay} />
        ) : (
          <DocumentState loaded={loaded}>
            {(pdf) => <DocumentViewer source={{ pdf }} label={label} {...(form.document ? { overlay } : {})} />}
          </DocumentState>
        )}
      </div>
      {unplaced.length > 0 ? (
        <div className="card signing__form" role="group" aria-labelledby="more-fields-title">
          <h2 id="more-fields-title">{form.document ? <Trans>More fields</Trans> : <Trans>The form’s fields</Trans>}</h2>
          {unplaced.map((field) => (
            <SigningField
              key={field.name}
              field={field}
              answer={answerOf(field)}
              problem={shownProblems[field.name]}
              disabled={busy}
              allowTypedSignature={typedSignature}
              initialsSuggestion={initialsSuggestion}
              initialsGivenElsewhere={field.type === 'initials' && field.name !== firstInitials}
              onAnswer={answer(field)}
            />
          ))}
        </div>
      ) : null}
      {/* After the fields, so Tab leads from the last one to Finish; it stays in view at the foot of the screen. */}
      {review ? null : (
        <div className="card signing__guide" role="region" aria-label={t`Your fields`}>
          <p className="signing__left" aria-live="polite">
            {leftText(left.length, required)}
          </p>
          <div className="signing__guide-actions">
            {left.length > 0 ? (
              <button type="button" className="button button--secondary" onClick={() => go(nextRequired(left, visible, current))}>
                {current === null ? <Trans>Start</Trans> : <Trans>Next</Trans>}
              </button>
            ) : null}
            <button
              id={finishId}
              type="button"
              className="button"
              disabled={busy || Object.keys(problems).length > 0}
              onClick={() => setFinal(previewAnswers(mine, answers))}
            >
              <Trans>Finish</Trans>
            </button>
          </div>
        </div>
      )}
      {draftSaved ? (
        <p className="alert alert--success" role="status">
          {sayText(draftSaved)}
        </p>
      ) : null}
      <div className="card signing__bar">
        <FormError message={review ? sendError : null} />
        <div className="form-actions signing__actions">
          {review ? (
            <button type="button" className="button" disabled={busy} onClick={() => onSend({})}>
              {busy ? busyLabel : sendLabel}
            </button>
          ) : null}
          {onSaveDraft ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onSaveDraft(signingRequestAnswers(mine, answers))}
            >
              <Trans>Save and finish later</Trans>
            </button>
          ) : null}
          {children}
        </div>
      </div>
      {signing?.type === 'initials' ? (
        <InitialsDialog
          label={signing.label}
          required={signing.required}
          value={(answers[signing.name] as Signature | null | undefined) ?? null}
          suggestion={initialsSuggestion}
          allowTyped={typedSignature}
          boxes={initialsFields.length}
          onDone={(value) => {
            const field = signing;
            setAnswers((now) => withInitials(form.fields, now, value));
            setSigning(null);
            requestAnimationFrame(() => document.getElementById(answerId(field.name))?.focus());
          }}
          onCancel={() => {
            const field = signing;
            setSigning(null);
            requestAnimationFrame(() => document.getElementById(answerId(field.name))?.focus());
          }}
        />
      ) : signing ? (
        <SignatureDialog
          open
          label={signing.label}
          required={signing.required}
          value={(answers[signing.name] as Signature | null | undefined) ?? null}
          allowTyped={typedSignature}
          onDone={(value) => {
            const field = signing;
            setAnswers((now) => ({ ...now, [field.name]: value }));
            setSigning(null);
            requestAnimationFrame(() => document.getElementById(answerId(field.name))?.focus());
          }}
          onCancel={() => {
            const field = signing;
            setSigning(null);
            requestAnimationFrame(() => document.getElementById(answerId(field.name))?.focus());
          }}
        />
      ) : null}
    </SigningStampContext.Provider>
  );
}
