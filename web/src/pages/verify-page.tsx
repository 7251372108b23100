/**
 * Check a signed document (`/verify`, designed; no account needed): anyone drops or chooses a
 * PDF and learns whether this instance sealed it and whether it is unchanged since, with the
 * form and its signers when it is recognised (`POST /verify`). The file is sent only to this
 * server. A new file can be checked at once; a failed check keeps the file chosen, to try again.
 */
import type { Verification } from '@formsign/sdk';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type DragEvent } from 'react';
import { signingApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { useMutation } from '../api/use-mutation.ts';
import { FormError } from '../components/form-error.tsx';
import { formatDateTime, useDateStyle } from '../lists/format.ts';
import '../styles/forms.css';

const signingCalls = area(signingApi);

const verdictTitles: Record<Verification['verdict'], MessageDescriptor> = {
  sealed: msg`Sealed here and unchanged`,
  changed: msg`Changed since it was sealed`,
  foreign: msg`Not sealed here`,
};

const verdictTones: Record<Verification['verdict'], string> = {
  sealed: 'alert--success',
  changed: 'alert--error',
  foreign: 'alert--warning',
};

const actionWords: Record<'signed' | 'filled' | 'approved', MessageDescriptor> = {
  signed: msg`Signed`,
  filled: msg`Filled in`,
  approved: msg`Approved`,
};

function VerdictCard({ result, fileName }: { result: Verification; fileName: string }) {
  // Dates in the company's style, shown again when it changes.
  useDateStyle();
  const { t, i18n } = useLingui();
  const { form } = result;
  const sealedAt = form ? formatDateTime(form.sealed_at) : '';
  const sealedBy = result.sealed_by;
  return (
    <section className="card verify__result" aria-labelledby="verdict-title" data-verdict={result.verdict}>
      <h2 id="verdict-title" tabIndex={-1}>
        {i18n._(verdictTitles[result.verdict])}
      </h2>
      <p className="muted">{fileName}</p>
      <div className={`alert ${verdictTones[result.verdict]}`} role="status">
        <div className="alert__body">{result.message}</div>
      </div>
      {form ? (
        <>
          <dl className="verify__facts">
            <dt>
              <Trans>Form</Trans>
            </dt>
            <dd>
              {form.title} {form.reference}
            </dd>
            <dt>
              <Trans>Organisation</Trans>
            </dt>
            <dd>{form.organisation}</dd>
            <dt>
              <Trans>Completed</Trans>
            </dt>
            <dd>{formatDateTime(form.completed_at)}</dd>
            <dt>
              <Trans>Sealed</Trans>
            </dt>
            <dd>{sealedBy ? t`${sealedAt} by ${sealedBy}` : sealedAt}</dd>
            <dt>
              <Trans>SHA-256 of the sealed document</Trans>
            </dt>
            <dd className="verify__hash">{form.sha256}</dd>
          </dl>
          <table className="table verify__signers">
            <caption>
              <Trans>Who acted on it</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col">
                  <Trans>What they did</Trans>
                </th>
                <th scope="col">
                  <Trans>When</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {form.signers.map((signer, index) => (
                <tr key={`${signer.name}-${index}`}>
                  <td>{signer.name}</td>
                  <td>{i18n._(actionWords[signer.action])}</td>
                  <td>{formatDateTime(signer.acted_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

export default function VerifyPage() {
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const check = useMutation((chosen: File, options) => signingCalls.verify(chosen, options));
  const { t } = useLingui();
  const fileName = file?.name;

  const choose = (chosen: File | null | undefined): void => {
    if (!chosen) return;
    setFile(chosen);
    void check.run(chosen);
  };
  const drop = (event: DragEvent<HTMLLabelElement>): void => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="page page--narrow verify">
      <section className="card" aria-labelledby="verify-heading">
        <h2 id="verify-heading">
          <Trans>Check a signed document</Trans>
        </h2>
        <p>
          <Trans>
            Choose the PDF of a completed form to learn whether it was sealed by this formsign and has not been changed since. The file is sent only
            to this server, to compare it with the documents it sealed; nothing is kept.
          </Trans>
        </p>
        <label
          className={`verify__drop${dragging ? ' verify__drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <span className="verify__drop-text">{check.busy ? t`Checking…` : t`Drop a PDF here, or choose one`}</span>
          <input
            type="file"
            accept="application/pdf,.pdf"
            disabled={check.busy}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file can be chosen again (after a failure, say).
              event.target.value = '';
            }}
          />
        </label>
        <FormError message={check.error} />
        {check.error && file ? (
          <button type="button" className="button button--secondary" onClick={() => void check.run(file)}>
            <Trans>Try {fileName} again</Trans>
          </button>
        ) : null}
      </section>
      {check.result && file ? <VerdictCard result={check.result} fileName={file.name} /> : null}
    </div>
  );
}
