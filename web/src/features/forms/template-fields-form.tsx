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
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

export function TemplateFieldsForm({ template }: { template: TemplateDetail }) {
  const { t } = useLingui();
  // One signer when the template has no places yet.
  const [steps, setSteps] = useState<readonly TemplateStep[]>(() =>
    template.steps?.length ? template.steps : [{ label: t`Signer`, action: 'sign', user_id: null }],
  );
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
  const problemCount = problemFields.length;

  // The focus goes where the last move, addition or removal says, once React has drawn it.
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  // Once, when saved: go on to who the template goes to, which says it is saved at its top. A
  // notification there would sit over the recipients' controls until dismissed.
  const announceSaved = useEffectEvent(() => {
    const title = template.title;
    const count = fields.length;
    const saved =
      snapshot.context.message ||
      t`${plural(count, { one: `“${title}” is saved with its field.`, other: `“${title}” is saved with its # fields.` })}`;
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
    const label = field.label.trim() || t`New field`;
    const position = target + 1;
    const count = fields.length;
    setAnnouncement(t`“${label}” moved to position ${position} of ${count}.`);
  };

  const remove = (index: number): void => {
    const field = fields[index];
    if (!field) return;
    const after = fields[index + 1] ?? fields[index - 1];
    setFields(fields.filter((item) => item.key !== field.key));
    focusNext.current = after ? `${after.key}-label` : 'add-field';
    const label = field.label.trim() || t`New field`;
    const left = fields.length - 1;
    setAnnouncement(t`${plural(left, { one: `“${label}” removed. # field left.`, other: `“${label}” removed. # fields left.` })}`);
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
    const number = fields.length + 1;
    setAnnouncement(t`Field ${number} added at the end.`);
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
        <h2 id="fields-title">
          <Trans>Fields</Trans>
        </h2>
        <p className="muted">
          <Trans>
            The questions of the form, in the order people answer them. The label is the question the signer reads; the name is the key the answer is
            stored under, and each field needs its own. Each field is answered by one of the template&apos;s recipients&apos; places, or by the sender
            when sending: add a place below to give it fields; step 3 says what each place does and whom it goes to.
          </Trans>
        </p>
        <RecipientPlaces template={template} steps={steps} disabled={saving} onAdded={setSteps} />
        {problemFields.length > 0 || empty ? (
          <div className="alert alert--error problem-summary" ref={summary} tabIndex={-1} aria-labelledby="fields-problems-title">
            <div className="alert__body">
              <h3 id="fields-problems-title" className="problem-summary__title">
                {empty
                  ? t`There are no fields yet`
                  : t`${plural(problemCount, { one: 'One field needs your attention', other: '# fields need your attention' })}`}
              </h3>
              {empty ? (
                <p>
                  <Trans>Add at least one field before saving: a template needs a question to ask.</Trans>
                </p>
              ) : null}
              <ul>
                {problemFields.map((field) => {
                  const number = fields.indexOf(field) + 1;
                  const label = field.label.trim();
                  const issues = Object.values(problems.get(field.key) ?? {}).join(' ');
                  return (
                    <li key={field.key}>
                      <a
                        href={`#${firstProblemId(field, problems)}`}
                        onClick={(event) => {
                          event.preventDefault();
                          document.getElementById(firstProblemId(field, problems))?.focus();
                        }}
                      >
                        {label ? t`Field ${number} (${label}): ${issues}` : t`Field ${number}: ${issues}`}
                      </a>
                    </li>
                  );
                })}
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
        <div className="card empty-state">
          <Trans>No fields yet. Add the first question people will answer.</Trans>
        </div>
      ) : (
        <ol className="field-list" aria-label={t`Fields of the template`}>
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
          <Trans>+ Add a field</Trans>
        </button>
      </div>
      <Suspense
        fallback={
          <div className="card muted">
            <Trans>Loading the PDF editor…</Trans>
          </div>
        }
      >
        <TemplatePdfEditor templateId={template.id} pdf={pdf} fields={fields} disabled={saving} onPdfChange={changePdf} onPlace={place} />
      </Suspense>
      <div className="card template-fields__footer">
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t`Saving…` : t`Save and continue to recipients`}
          </button>
          <Link className="button button--secondary" to={`/template/edit/${template.id}/step1`}>
            <Trans>Back to details</Trans>
          </Link>
          <Link className="button button--ghost" to="/template">
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </div>
    </form>
  );
}
