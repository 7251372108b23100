/**
 * Which column of a data source fills each field of a template (`POST /prepopulation-source`,
 * `map`): the template chosen, then for each field it has that records may fill, a column of
 * the data or none. Saved as a whole; a refused save keeps the choices.
 */
import type { FormField, TemplateDetail, TemplateSummary } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { prepopulationApi, templatesApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { useDataGroup } from '../../lists/use-data-group.ts';

const prepopulationCalls = area(prepopulationApi);
const templatesCalls = area(templatesApi);

const fillable = (field: FormField): boolean =>
  field.type !== 'file' && field.type !== 'signature' && field.type !== 'initials' && field.type !== 'stamp';

function FieldColumns({
  sourceId,
  template,
  headers,
  order,
  onSaved,
}: {
  sourceId: number;
  template: TemplateDetail;
  headers: string[];
  order: Record<string, string>;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({ ...order }));
  const save = useMutation(
    (next: Record<string, string>, options) =>
      prepopulationCalls.manageSource({ function: 'map', id: sourceId, template: template.id, order: next }, options),
    { onSuccess: onSaved },
  );
  const fields = template.fields.filter(fillable);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const next = Object.fromEntries(fields.flatMap((field) => (chosen[field.name] ? [[field.name, chosen[field.name] ?? '']] : [])));
    void save.run(next);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={save.busy}>
      <FormError message={save.error} />
      {fields.length === 0 ? (
        <p className="ops-quiet">
          <Trans>This template has no field a data source can fill.</Trans>
        </p>
      ) : null}
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <select
            id={`${id}-${field.name}`}
            className="select"
            value={chosen[field.name] ?? ''}
            onChange={(event) => setChosen((current) => ({ ...current, [field.name]: event.target.value }))}
          >
            <option value="">{t`Not filled`}</option>
            {headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </select>
        </div>
      ))}
      {save.result ? <p role="status">{save.result.message}</p> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.busy}>
          {save.busy ? t`Saving…` : t`Save the mapping`}
        </button>
      </div>
    </form>
  );
}

export function ColumnMapping(props: { sourceId: number; templateId: number; headers: string[]; order: Record<string, string>; onSaved(): void }) {
  const { t } = useLingui();
  const id = useId();
  const [templateId, setTemplateId] = useState(props.templateId);
  const templates = useDataGroup(
    'prepopulationTemplates',
    [] as TemplateSummary[],
    (_none: null, options) => templatesCalls.summaries(options).then((answer) => answer.data),
    null,
  );
  const template = useDataGroup(
    'prepopulationTemplate',
    null as TemplateDetail | null,
    (chosen: number, options) => templatesCalls.get(chosen, options),
    templateId,
  );
  return (
    <div>
      <div className="field">
        <label htmlFor={`${id}-template`}>
          <Trans>Template filled</Trans>
        </label>
        <select id={`${id}-template`} className="select" value={String(templateId)} onChange={(event) => setTemplateId(Number(event.target.value))}>
          {templates.data.some((item) => item.id === props.templateId) ? null : (
            <option value={String(props.templateId)}>{t`This source’s template`}</option>
          )}
          {templates.data.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      {template.error ? <FormError message={template.message} /> : null}
      {template.data && template.data.id === templateId ? (
        <FieldColumns
          key={templateId}
          sourceId={props.sourceId}
          template={template.data}
          headers={props.headers}
          order={templateId === props.templateId ? props.order : {}}
          onSaved={props.onSaved}
        />
      ) : (
        <p className="ops-quiet">
          <Trans>Loading the template’s fields…</Trans>
        </p>
      )}
    </div>
  );
}
