/**
 * Step 2 of the template editor: the template's fields, to add, remove, reorder and edit.
 * Before anything is sent the fields are checked (labels, names not empty and unique, choices
 * for choice lists); the problems show beside their fields, with a summary that links to
 * each. Saving updates the fields (`update`, `type: fields`) and goes back to Manage Template;
 * a failed save keeps everything typed. Moves, additions and removals are announced, and the
 * focus follows the field moved, so the keyboard never loses its place. A stamp field says at
 * once when the organisation has no stamp to apply (the save is refused). The template's PDF,
 * and where each field goes on it, are edited in a panel of their own, loaded only here.
 */
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { settingsApi, templatesApi, type TemplateDetail, type TemplateStep } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { inspectOption } from '../../session/inspection.ts';
import { FieldCard } from './field-card.tsx';
import { RecipientPlaces } from './recipient-places.tsx';
import { blankField, editableFields, fieldProblems, formFields, type EditableField } from './template-fields.ts';
import { fromRequest, templateSaveMachine } from '@formsign/machines';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { fitsPages } from './pdf-placement.ts';
import type { TemplatePdf } from './template-pdf-editor.tsx';

const settingsCalls = area(settingsApi);

const templatesCalls = area(templatesApi);

const TemplatePdfEditor = lazy(() => import('./template-pdf-editor.tsx'));

export const noFieldsText = 'Add at least one field before saving: a template needs a question to ask.';

const saveLogic = templateSaveMachine.provide({
  actors: { save: fromRequest((input, options) => templatesCalls.manage(input, options)) },
});

function firstProblemId(field: EditableField, problems: ReturnType<typeof fieldProblems>): string {
  const found = problems.get(field.key);
  if (found?.label) return `${field.key}-label`;
  if (found?.name) return `${field.key}-name`;
  if (found?.options) return `${field.key}-options`;
  if (found?.step) return `${field.key}-step`;
  if (found?.formula) return `${field.key}-formula`;
  if (found?.condition) return `${field.key}-condition-field`;
  return `${field.key}-validation-first`;
}

function withoutPlacement(field: EditableField): EditableField {
  const { placement: _removed, ...rest } = field;
  return rest;
}

const oneSigner: TemplateStep[] = [{ label: 'Signer', action: 'sign', user_id: null }];

export function TemplateFieldsForm({ template }: { template: TemplateDetail }) {
  const [steps, setSteps] = useState<readonly TemplateStep[]>(() => (template.steps?.length ? template.steps : oneSigner));
  const [initial] = useState(() => editableFields(template.fields));
  const [fields, setFields] = useState<EditableField[]>(initial);
  const [pdf, setPdf] = useState<TemplatePdf>({ url: template.pdf ?? null, pages: template.pdf_pages ?? [] });
  const [loaded] = useState(() => JSON.stringify(initial));
  const [checked, setChecked] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [snapshot, send] = useMachine(saveLogic, inspectOption());
  // Whether the organisation has a stamp for a stamp field to apply (the save is refused without one): asked once.
  const [noStamp, setNoStamp] = useState(false);
  useEffect(() => {
    const asking = new AbortController();
    settingsCalls.get({ signal: asking.signal }).then(
      (settings) => setNoStamp(!settings.stamp),
      () => setNoStamp(false),
    );
    return () => asking.abort();
  }, []);
  const navigate = useNavigate();
  const saving = snapshot.matches('saving');
  const saved = snapshot.matches('saved');

  const changed = JSON.stringify(fields) !== loaded;
  const problems = checked ? fieldProblems(fields) : new Map<string, never>();
  const empty = checked && fields.length === 0;
  const problemFields = fields.filter((field) => problems.has(field.key));

  // The focus goes where the last move, addition or removal says, once React has drawn it.
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  // Once, when saved: go on to who the template goes to, which says it is saved at its top. A
  // notification there would sit over the recipients' controls until dismissed.
  const announceSaved = useEffectEvent(() => {
    const saved = snapshot.context.message || `“${template.title}” is saved with its ${fields.length === 1 ? 'field' : `${fields.length} fields`}.`;
    void navigate(`/template/edit/${template.id}/step3`, { state: { saved } });
  });
  useEffect(() => {
    if (saved) announceSaved();
  }, [saved]);

  const update = (key: string, next: EditableField): void => setFields((current) => current.map((field) => (field.key === key ? next : field)));

  const move = (index: number, step: -1 | 1): void => {
    const target = index + step;
    const field = fields[index];
    if (!field || target < 0 || target >= fields.length) return;
    const next = [...fields];
    next.splice(index, 1);
    next.splice(target, 0, field);
    setFields(next);
    const atEdge = target === 0 || target === fields.length - 1;
    // Stay on the same button unless it is now disabled, then take its twin.
    focusNext.current = `${field.key}-${atEdge ? (step === -1 ? 'down' : 'up') : step === -1 ? 'up' : 'down'}`;
    setAnnouncement(`“${field.label.trim() || 'New field'}” moved to position ${target + 1} of ${fields.length}.`);
  };

  const remove = (index: number): void => {
    const field = fields[index];
    if (!field) return;
    const after = fields[index + 1] ?? fields[index - 1];
    setFields(fields.filter((item) => item.key !== field.key));
    focusNext.current = after ? `${after.key}-label` : 'add-field';
    setAnnouncement(`“${field.label.trim() || 'New field'}” removed. ${fields.length - 1} fields left.`);
  };

  const place = (key: string, placement: EditableField['placement']): void =>
    setFields((current) => current.map((field) => (field.key !== key ? field : placement ? { ...field, placement } : withoutPlacement(field))));

  // A new PDF keeps the placements that still fit its pages, as the server does; none without one.
  const changePdf = (next: TemplatePdf): void => {
    setPdf(next);
    setFields((current) =>
      current.map((field) => (field.placement && (!next.url || !fitsPages(field.placement, next.pages)) ? withoutPlacement(field) : field)),
    );
  };

  const add = (): void => {
    const field = blankField();
    setFields([...fields, field]);
    focusNext.current = `${field.key}-label`;
    setAnnouncement(`Field ${fields.length + 1} added at the end.`);
  };

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setChecked(true);
    if (fields.length === 0 || fieldProblems(fields).size > 0) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    send({ type: 'template.save', request: { functions: 'update', id: template.id, type: 'fields', value: formFields(fields) } });
  };

  return (
    <form className="template-fields" noValidate onSubmit={save} aria-labelledby="fields-title" aria-busy={saving}>
      <div className="card template-fields__intro">
        <h2 id="fields-title">Fields</h2>
        <p className="muted">
          The questions of the form, in the order people answer them. The label is the question the signer reads; the name is the key the answer is
          stored under, and each field needs its own. Each field is answered by one of the template&apos;s recipients&apos; places, or by the sender
          when sending: add a place below to give it fields; step 3 says what each place does and whom it goes to.
        </p>
        <RecipientPlaces template={template} steps={steps} disabled={saving} onAdded={setSteps} />
        {problemFields.length > 0 || empty ? (
          <div className="alert alert--error problem-summary" ref={summary} tabIndex={-1} aria-labelledby="fields-problems-title">
            <div className="alert__body">
              <h3 id="fields-problems-title" className="problem-summary__title">
                {empty
                  ? 'There are no fields yet'
                  : problemFields.length === 1
                    ? 'One field needs your attention'
                    : `${problemFields.length} fields need your attention`}
              </h3>
              {empty ? <p>{noFieldsText}</p> : null}
              <ul>
                {problemFields.map((field) => (
                  <li key={field.key}>
                    <a
                      href={`#${firstProblemId(field, problems)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(firstProblemId(field, problems))?.focus();
                      }}
                    >
                      Field {fields.indexOf(field) + 1}
                      {field.label.trim() ? ` (${field.label.trim()})` : ''}: {Object.values(problems.get(field.key) ?? {}).join(' ')}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
        <FormError message={snapshot.matches('failed') ? snapshot.context.error : null} />
      </div>
      <UnsavedChangesGuard when={changed && !saving && !saved} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {fields.length === 0 ? (
        <div className="card empty-state">No fields yet. Add the first question people will answer.</div>
      ) : (
        <ol className="field-list" aria-label="Fields of the template">
          {fields.map((field, index) => (
            <FieldCard
              key={field.key}
              field={field}
              steps={steps}
              others={fields.filter((other) => other.key !== field.key)}
              index={index}
              count={fields.length}
              problems={problems.get(field.key)}
              noStamp={noStamp}
              disabled={saving}
              onChange={(next) => update(field.key, next)}
              onMove={(step) => move(index, step)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <div className="template-fields__add">
        <button id="add-field" type="button" className="button button--secondary" disabled={saving} onClick={add}>
          + Add a field
        </button>
      </div>
      <Suspense fallback={<div className="card muted">Loading the PDF editor…</div>}>
        <TemplatePdfEditor templateId={template.id} pdf={pdf} fields={fields} disabled={saving} onPdfChange={changePdf} onPlace={place} />
      </Suspense>
      <div className="card template-fields__footer">
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save and continue to recipients'}
          </button>
          <Link className="button button--secondary" to={`/template/edit/${template.id}/step1`}>
            Back to details
          </Link>
          <Link className="button button--ghost" to="/template">
            Cancel
          </Link>
        </div>
      </div>
    </form>
  );
}
