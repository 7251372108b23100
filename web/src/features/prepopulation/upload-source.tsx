/**
 * Creating a data source from a CSV file (`POST /prepopulation-upload`): its name, the
 * template it fills, the column identifying records (the first when left empty) and the file.
 * Every bad row is listed with its number and reason, and nothing is saved while there is
 * one; a refused upload keeps what was typed and chosen.
 */
import type { PrepopulationUploadResult, TemplateSummary } from '@formsign/sdk';
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
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const chosen = Number(template);
    const fault = !name.trim()
      ? 'Give the data source a name.'
      : !chosen
        ? 'Choose the template this data source fills.'
        : !file
          ? 'Choose a CSV file to upload.'
          : file.size > maxBytes
            ? 'This file is larger than 10 MB: a data source takes at most 10 MB.'
            : null;
    setProblem(fault);
    if (fault || !file) return;
    void upload.run({ name: name.trim(), template: chosen, reference: reference.trim(), file });
  };
  return (
    <form className="card" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} aria-busy={upload.busy}>
      <h2 id={`${id}-title`}>Upload a CSV file</h2>
      <p className="ops-quiet">A header row, then one record a row (at most 50,000). Values are kept as text, exactly as written.</p>
      <FormError message={problem ?? upload.error} />
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="input" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-template`}>Fills in</label>
        <select id={`${id}-template`} className="select" value={template} onChange={(event) => setTemplate(event.target.value)}>
          <option value="">Choose a template</option>
          {templates.data.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reference`}>Reference column (the first column when empty)</label>
        <input id={`${id}-reference`} className="input" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>CSV file</label>
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
              <caption>Rows that cannot be loaded</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">What is wrong</th>
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
            {result.problems_total > result.problems.length ? (
              <p>And {(result.problems_total - result.problems.length).toLocaleString('en-GB')} more rows after these.</p>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={upload.busy}>
          {upload.busy ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
