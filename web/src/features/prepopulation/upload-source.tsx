/**
 * Creating a data source from a CSV file (`POST /prepopulation-upload`): its name, the
 * template it fills, the column identifying records (the first when left empty) and the file.
 * Every bad row is listed with its number and reason, and nothing is saved while there is
 * one; a refused upload keeps what was typed and chosen.
 */
import type { PrepopulationUploadResult, TemplateSummary } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { prepopulationApi, templatesApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';

const prepopulationCalls = area(prepopulationApi);
const templatesCalls = area(templatesApi);

interface Upload {
  name: string;
  template: number;
  reference: string;
  file: File;
}

/** The largest file a data source takes (the contract's 10 MB). */
const maxBytes = 10 * 1024 * 1024;

export function UploadSource({ onCreated }: { onCreated(sourceId: number): void }) {
  const { t } = useLingui();
  const id = useId();
  const templates = useDataGroup(
    'prepopulationTemplates',
    [] as TemplateSummary[],
    (_none: null, options) => templatesCalls.summaries(options).then((answer) => answer.data),
    null,
  );
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation(
    (input: Upload, options) =>
      prepopulationCalls.upload(
        { name: input.name, template: input.template, file: input.file, ...(input.reference ? { reference: input.reference } : {}) },
        options,
      ),
    { onSuccess: (result) => (result.code === 1 && result.source ? onCreated(result.source.id) : undefined) },
  );
  const result: PrepopulationUploadResult | null = upload.result;
  // The rows refused beyond those listed.
  const more = result ? result.problems_total - result.problems.length : 0;
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const chosen = Number(template);
    const fault = !name.trim()
      ? t`Give the data source a name.`
      : !chosen
        ? t`Choose the template this data source fills.`
        : !file
          ? t`Choose a CSV file to upload.`
          : file.size > maxBytes
            ? t`This file is larger than 10 MB: a data source takes at most 10 MB.`
            : null;
    setProblem(fault);
    if (fault || !file) return;
    void upload.run({ name: name.trim(), template: chosen, reference: reference.trim(), file });
  };
  return (
    <form className="card" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} aria-busy={upload.busy}>
      <h2 id={`${id}-title`}>
        <Trans>Upload a CSV file</Trans>
      </h2>
      <p className="ops-quiet">
        <Trans>A header row, then one record a row (at most 50,000). Values are kept as text, exactly as written.</Trans>
      </p>
      <FormError message={problem ?? upload.error} />
      <div className="field">
        <label htmlFor={`${id}-name`}>
          <Trans>Name</Trans>
        </label>
        <input id={`${id}-name`} className="input" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-template`}>
          <Trans>Fills in</Trans>
        </label>
        <select id={`${id}-template`} className="select" value={template} onChange={(event) => setTemplate(event.target.value)}>
          <option value="">{t`Choose a template`}</option>
          {templates.data.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reference`}>
          <Trans>Reference column (the first column when empty)</Trans>
        </label>
        <input id={`${id}-reference`} className="input" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          <Trans>CSV file</Trans>
        </label>
        <input
          id={`${id}-file`}
          className="input"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      {result && result.code !== 1 ? (
        <div className="alert alert--error" role="alert">
          <div className="alert__body">
            <p>{result.message}</p>
            <table className="table">
              <caption>
                <Trans>Rows that cannot be loaded</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Row</Trans>
                  </th>
                  <th scope="col">
                    <Trans>What is wrong</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.problems.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {more > 0 ? <p>{t`${plural(more, { one: 'And # more row after these.', other: 'And # more rows after these.' })}`}</p> : null}
          </div>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={upload.busy}>
          {upload.busy ? t`Uploading…` : t`Upload`}
        </button>
      </div>
    </form>
  );
}
