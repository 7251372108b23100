/**
 * Step 1 of the template editor: the title, description and category of a template. A new
 * template is created (`create`), an existing one updated (`update`), both with
 * `type: details`; once saved, the editor goes on to step 2 of the saved template. A failed
 * save keeps everything typed.
 */
import type { Category, TemplateDetail, TemplateDetails } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { templatesApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { FormError } from '../../components/form-error.tsx';
import { inspectOption } from '../../session/inspection.ts';
import { fromRequest, templateSaveMachine } from '@formsign/machines';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

const templatesCalls = area(templatesApi);

export const titleMaxLength = 200;
export const descriptionMaxLength = 2000;

const saveLogic = templateSaveMachine.provide({
  actors: { save: fromRequest((input, options) => templatesCalls.manage(input, options)) },
});

interface CategoryChoices {
  list: readonly Category[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
}

interface TemplateDetailsFormProps {
  id: number | 'new';
  template: TemplateDetail | null;
  categories: CategoryChoices;
}

export function TemplateDetailsForm({ id, template, categories }: TemplateDetailsFormProps) {
  const { t } = useLingui();
  const [title, setTitle] = useState(template?.title ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [category, setCategory] = useState(template?.category ?? '');
  const [titleProblem, setTitleProblem] = useState<string | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const [snapshot, send] = useMachine(saveLogic, inspectOption());
  const navigate = useNavigate();
  const saving = snapshot.matches('saving');
  const savedId = snapshot.matches('saved') ? snapshot.context.id : null;
  const changed = title !== (template?.title ?? '') || description !== (template?.description ?? '') || category !== (template?.category ?? '');

  useEffect(() => {
    if (savedId !== null) void navigate(`/template/edit/${savedId}/step2`);
  }, [savedId, navigate]);

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleProblem(t`Enter a title: it is what people see when they start a form from this template.`);
      titleInput.current?.focus();
      return;
    }
    setTitleProblem(null);
    const value: TemplateDetails = { title: title.trim(), description: description.trim(), category };
    send({
      type: 'template.save',
      request: id === 'new' ? { functions: 'create', type: 'details', value } : { functions: 'update', id, type: 'details', value },
    });
  };

  // The template's own category stays a choice even when the list no longer has it.
  const names = categories.list.map((item) => item.name);
  if (category && !names.includes(category)) names.unshift(category);
  const failure = categories.error;

  return (
    <form className="card template-details" noValidate onSubmit={save} aria-labelledby="details-title" aria-busy={saving}>
      <UnsavedChangesGuard when={changed && !saving && savedId === null} />
      <h2 id="details-title">
        <Trans>Details</Trans>
      </h2>
      <p className="muted">
        <Trans>What the template is called and how it is filed. The questions come next, in step 2.</Trans>
      </p>
      <FormError message={snapshot.matches('failed') ? snapshot.context.error : null} />
      <div className="field">
        <label htmlFor="template-title">
          <Trans>Title</Trans>
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id="template-title"
          ref={titleInput}
          className="input"
          value={title}
          maxLength={titleMaxLength}
          aria-required="true"
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={titleProblem ? 'template-title-error' : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            if (event.target.value.trim()) setTitleProblem(null);
          }}
        />
        {titleProblem ? (
          <p className="field__error" id="template-title-error">
            {titleProblem}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="template-description">
          <Trans>Description</Trans>
        </label>
        <textarea
          id="template-description"
          className="textarea"
          value={description}
          maxLength={descriptionMaxLength}
          aria-describedby="template-description-hint"
          onChange={(event) => setDescription(event.target.value)}
        />
        <span id="template-description-hint" className="field__hint">
          <Trans>Shown to the people who fill in and sign forms from this template.</Trans>
        </span>
      </div>
      <div className="field">
        <label htmlFor="template-category">
          <Trans>Category</Trans>
        </label>
        <select
          id="template-category"
          className="select"
          value={category}
          aria-describedby={categories.error ? 'template-category-error' : undefined}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">{t`No category`}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {categories.loading ? (
          <span className="field__hint">
            <Trans>Loading the categories…</Trans>
          </span>
        ) : null}
        {categories.error ? (
          <div className="template-details__categories-error" id="template-category-error">
            <span className="field__error">
              <Trans>The categories could not be loaded: {failure}</Trans>
            </span>
            <button type="button" className="button button--secondary button--small" onClick={categories.onRetry}>
              <Trans>Load the categories again</Trans>
            </button>
          </div>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t`Saving…` : t`Save and continue to fields`}
        </button>
        <Link className="button button--ghost" to="/template">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}
