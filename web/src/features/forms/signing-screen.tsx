/**
 * A form opened from a link, on the three signing routes (no header, no side menu): the page
 * id comes from the path, the token, references and order from the query, and this browser's
 * signer id from session storage. The form's title is the page title; the page shows who sent
 * it and their note, the fields to answer and sign, then the receipt. Its dates are written as
 * the form's organisation writes them (the form's `date_format` and `timezone`). In review (open pending)
 * the reviewer approves or disapproves with a comment instead of submitting. A place that asks
 * its holder to prove who they are shows only that question until the right code is given. A
 * signer may hand their place on to someone else where the sender allows it.
 */
import { useSayText } from '../../i18n/say-text.ts';
import { usePageLanguage } from '../../shell/strings.tsx';
import type { SigningForm } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { signingApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { seesPage } from '../../routes/access.ts';
import { setDateStyle } from '../../lists/format.ts';
import { inspectOption } from '../../session/inspection.ts';
import { useViewer } from '../../session/session.tsx';
import { useReportedTitle } from '../../shell/page-title.tsx';
import { DeclineForm, StoppedNotice, isStopped } from './decline-form.tsx';
import { DelegateForm } from './delegate-form.tsx';
import { DisapprovalForm } from './disapproval-form.tsx';
import { handOverFirstPaint } from '../../prerender/first-paint.ts';
import { markEmbedded, reportHeight, tellParent } from './embedding.ts';
import { rememberProof, rememberedProof, signerId, signingLink } from './signing-link.ts';
import { SigningDocument } from './signing-document.tsx';
import { SigningIntro, type SigningMode } from './signing-intro.tsx';
import { SealedCopy, linkNamesSentForm } from './sealed-copy.tsx';
import { SigningReceiptCard } from './signing-receipt.tsx';
import { SigningVerificationCard } from './signing-verification.tsx';
import { fromRequest, signingMachine, type SigningAction, type SigningAnswers, type SigningLink } from '@formsign/machines';
import '../../styles/forms.css';

const signingCalls = area(signingApi);

const signingLogic = signingMachine.provide({
  actors: { call: fromRequest((input, options) => signingCalls.call(input, options)) },
});

function SigningFrame({ children }: { children: ReactNode }) {
  // In a frame the page is part of another site: its own chrome (the brand, the language choice) steps aside.
  useLayoutEffect(() => {
    markEmbedded();
  }, []);
  return (
    <div className="signing">
      <div className="signing__sheet signing__sheet--wide">
        <p className="signing__brand">
          <img src="/favicon.svg" alt="" width="22" height="22" />
          formsign
        </p>
        {children}
      </div>
    </div>
  );
}

/** A link without a page id cannot name a form: say so, and send nothing. */
function MissingPageId() {
  return (
    <SigningFrame>
      <section className="card signing__problem" aria-labelledby="missing-title">
        <h1 id="missing-title">
          <Trans>This link is incomplete</Trans>
        </h1>
        <div className="alert alert--error" role="alert">
          <div className="alert__body">
            <Trans>The link does not say which form to open: the form’s id is missing from its address.</Trans>
          </div>
        </div>
        <p>
          <Trans>Please open the link from your email or message again, or ask the person who sent it for a new one.</Trans>
        </p>
      </section>
    </SigningFrame>
  );
}

function StatusNotice({ form, link }: { form: SigningForm; link: SigningLink }) {
  if (form.status === 'open') return null;
  if (isStopped(form)) return <StoppedNotice form={form} />;
  return (
    <>
      <div className="alert alert--info" role="status">
        <div className="alert__body">
          {form.status === 'completed' ? (
            <Trans>This form is complete: everyone has signed it. There is nothing more to do.</Trans>
          ) : (
            <Trans>This form has already been signed. There is nothing more to do.</Trans>
          )}
        </div>
      </div>
      {form.status === 'completed' && linkNamesSentForm(link) ? <SealedCopy link={link} pdf={form.pdf ?? null} /> : null}
    </>
  );
}

function SigningFlow({ pageId, query, mode: opened }: { pageId: string; query: URLSearchParams; mode: SigningMode }) {
  // The link is read once per page id (the flow starts with it); the signer id stays the same across reloads.
  const [fromAddress] = useState(() => {
    const opened = signingLink(pageId, query, signerId());
    const proof = rememberedProof(pageId);
    return proof ? { ...opened, proof } : opened;
  });
  const [snapshot, send] = useMachine(signingLogic, { input: { link: fromAddress }, ...inspectOption() });
  // The link as the flow holds it: with the proof of who opens it, once given (kept for a reload).
  const { link } = snapshot.context;
  useEffect(() => {
    if (link.proof) rememberProof(pageId, link.proof);
  }, [pageId, link.proof]);
  const [disapproving, setDisapproving] = useState(false);
  const { t } = useLingui();
  const disapproveButton = useRef<HTMLButtonElement>(null);
  const { form, receipt, loadError, sendError, action } = snapshot.context;
  // The form's language, as its sender chose it, unless the signer chooses another here; the
  // form shows once its words are here (the first page the server painted speaks it too).
  const languageReady = usePageLanguage(form?.language);
  const opening = snapshot.matches('loading') || (form !== null && !languageReady);
  const sayText = useSayText();
  // Embedded in a site the organisation allows: the parent page hears what happens (never an answer) and the page's height.
  const formId = form?.id ?? null;
  const embedOrigins = form?.embed_origins;
  useEffect(() => {
    if (formId === null) return undefined;
    tellParent(embedOrigins, { type: 'formsign:loaded', formId });
    return reportHeight(embedOrigins, formId);
  }, [formId, embedOrigins]);
  useEffect(() => {
    if (formId === null || !receipt) return;
    if (receipt.status === 'declined') tellParent(embedOrigins, { type: 'formsign:declined', formId });
    else if (receipt.status === 'signed') tellParent(embedOrigins, { type: 'formsign:signed', formId });
    if (receipt.completed) tellParent(embedOrigins, { type: 'formsign:completed', formId });
  }, [formId, embedOrigins, receipt]);
  const fieldChanged = useCallback(
    (fieldId: string) => {
      if (formId !== null) tellParent(embedOrigins, { type: 'formsign:field-changed', formId, fieldId });
    },
    [formId, embedOrigins],
  );
  // Action Required opens each form waiting for the person here, to review; a place asked to sign
  // or fill in is answered and signed instead, as from its link.
  const mode: SigningMode = opened === 'review' && form?.action && form.action !== 'approve' ? 'sign' : opened;
  useReportedTitle(form?.title);
  // Records fill a step only for a signed-in person who may read them (`/fetch-prepopulation`'s rule); a link's holder never sees them.
  const readsRecords = seesPage('prepopulation-page', useViewer());
  // Every date the page shows is in the style of the form's organisation, to a signer without an account too.
  const dateFormat = form?.date_format;
  const timeZone = form?.timezone;
  useLayoutEffect(() => {
    if (dateFormat && timeZone) setDateStyle({ date_format: dateFormat, timezone: timeZone }, { remember: false });
  }, [dateFormat, timeZone]);

  // The first page the server painted stays until the document viewer has drawn its own; anything else shown instead takes its place at once.
  const drawsImages =
    opening || (form !== null && !receipt && form.status === 'open' && Boolean(form.document) && (form.document_pages?.length ?? 0) > 0);
  useEffect(() => {
    if (!drawsImages) handOverFirstPaint();
  }, [drawsImages]);

  if (opening) {
    return (
      <SigningFrame>
        <div className="card">
          <div className="spinner" role="status">
            <Trans>Opening the form…</Trans>
          </div>
        </div>
      </SigningFrame>
    );
  }
  const { verification } = snapshot.context;
  if (verification && (snapshot.matches('verifying') || snapshot.matches('sendingCode') || snapshot.matches('checkingCode'))) {
    return (
      <SigningFrame>
        <SigningVerificationCard
          verification={verification}
          sending={snapshot.matches('sendingCode')}
          checking={snapshot.matches('checkingCode')}
          error={snapshot.context.codeError}
          onSendCode={() => send({ type: 'signing.sendCode' })}
          onCheckCode={(code) => send({ type: 'signing.checkCode', code })}
        />
      </SigningFrame>
    );
  }
  if (snapshot.matches('loadFailed') || !form) {
    return (
      <SigningFrame>
        <section className="card signing__problem" aria-labelledby="load-failed-title">
          <h1 id="load-failed-title">
            {snapshot.context.loadGone ? <Trans>This form is no longer available</Trans> : <Trans>This form could not be opened</Trans>}
          </h1>
          <div className="alert alert--error" role="alert">
            <div className="alert__body">{loadError ? sayText(loadError) : null}</div>
          </div>
          {snapshot.context.loadGone ? null : (
            <button type="button" className="button" onClick={() => send({ type: 'signing.load' })}>
              <Trans>Try again</Trans>
            </button>
          )}
        </section>
      </SigningFrame>
    );
  }

  const busy = snapshot.matches('sending') || snapshot.matches('savingDraft') || snapshot.matches('declining') || snapshot.matches('delegating');
  const sendAnswers = (next: SigningAction, answers: SigningAnswers): void => send({ type: 'signing.send', action: next, answers });
  const hasSignature = form.fields.some((field) => field.type === 'signature' || field.type === 'initials');
  const sendLabel = mode === 'review' ? t`Approve` : hasSignature ? t`Sign and send` : t`Send the form`;
  const busyLabel = action === 'disapprove' ? sendLabel : mode === 'review' ? t`Approving…` : t`Sending…`;

  return (
    <SigningFrame>
      <SigningIntro form={form} mode={mode} />
      {receipt ? (
        <SigningReceiptCard receipt={receipt} mode={mode} action={action ?? 'submit'}>
          {receipt.completed && linkNamesSentForm(link) ? <SealedCopy link={link} pdf={null} /> : null}
        </SigningReceiptCard>
      ) : form.status !== 'open' ? (
        <StatusNotice form={form} link={link} />
      ) : (
        <>
          <SigningDocument
            form={form}
            link={link}
            review={mode === 'review'}
            sendLabel={sendLabel}
            busy={busy}
            busyLabel={busyLabel}
            sendError={action !== 'disapprove' ? sendError : null}
            onSend={(answers) => sendAnswers(mode === 'review' ? 'approve' : 'submit', answers)}
            prefillTemplate={readsRecords ? (form.template_id ?? null) : null}
            onFieldChange={fieldChanged}
            // A form sent to someone can be kept as a draft; one started from a template is kept when sent.
            {...(mode === 'sign'
              ? { onSaveDraft: (answers: SigningAnswers) => send({ type: 'signing.saveDraft', answers }), draftSaved: snapshot.context.draftSaved }
              : {})}
          >
            {mode === 'review' ? (
              <button
                ref={disapproveButton}
                type="button"
                className="button button--secondary"
                disabled={busy}
                aria-expanded={disapproving}
                aria-controls={disapproving ? 'disapprove-form' : undefined}
                onClick={() => setDisapproving((open) => !open)}
              >
                <Trans>Disapprove…</Trans>
              </button>
            ) : null}
            {mode === 'sign' ? (
              <DeclineForm
                busy={busy}
                declining={snapshot.matches('declining')}
                declineError={snapshot.context.declineError}
                reason={snapshot.context.declineReason}
                onDecline={(reason) => send({ type: 'signing.decline', reason })}
              />
            ) : null}
            {mode === 'sign' && form.allow_delegation ? (
              <DelegateForm
                busy={busy}
                delegating={snapshot.matches('delegating')}
                delegateError={snapshot.context.delegateError}
                delegate={snapshot.context.delegate}
                onDelegate={(delegate) => send({ type: 'signing.delegate', delegate })}
              />
            ) : null}
          </SigningDocument>
          {mode === 'review' && disapproving ? (
            <DisapprovalForm
              busy={busy}
              sendError={action === 'disapprove' ? sendError : null}
              onSend={(comment) => sendAnswers('disapprove', { comment })}
              onCancel={() => {
                setDisapproving(false);
                disapproveButton.current?.focus();
              }}
            />
          ) : null}
        </>
      )}
    </SigningFrame>
  );
}

export function SigningScreen({ mode }: { mode: SigningMode }) {
  const { pageId = '' } = useParams();
  const [query] = useSearchParams();
  // Left before its first page was drawn, the page leaves nothing of the server's paint behind.
  useEffect(() => handOverFirstPaint, []);
  if (!pageId.trim()) return <MissingPageId />;
  return <SigningFlow key={pageId} pageId={pageId} query={query} mode={mode} />;
}
