/**
 * Template editing, step 1 of 2 (`/template/edit/{id}/step1`): the template's title,
 * description and category (from the company's categories, `POST /categories`). An existing
 * template is loaded with `POST /getform`; `new` starts empty. Saving creates or updates the
 * details (`POST /getforms`, `type: details`) and goes on to step 2 of the saved template.
 * The page title is the template's title ('New template' until it has one).
 * Designed where the specification is silent: a step list shows where the person is; the
 * title is required; the category may be left empty ("No category"); Cancel goes back to
 * Manage Template without saving.
 */
import type { Category, TemplateDetail } from '@formsign/sdk';
import { useParams } from 'react-router-dom';
import { settingsApi, templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { TemplateDetailsForm } from '../features/forms/template-details-form.tsx';
import { EditorFrame, NotATemplate, TemplateLoadState, templateIdOf } from '../features/forms/template-steps.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useReportedTitle } from '../shell/page-title.tsx';
import '../styles/forms.css';

const settingsCalls = area(settingsApi);
const templatesCalls = area(templatesApi);

const noCategories: Category[] = [];

function DetailsStep({ id }: { id: number | 'new' }) {
  const template = useDataGroup(
    'template',
    null as TemplateDetail | null,
    (templateId: number | 'new', options) => (templateId === 'new' ? Promise.resolve(null) : templatesCalls.get(templateId, options)),
    id,
  );
  const categories = useDataGroup(
    'categories',
    noCategories,
    (_params: null, options) => settingsCalls.categories(undefined, options).then((list) => list.data),
    null,
  );
  useReportedTitle(template.data?.title);
  const ready = !template.loading && !template.error;

  return (
    <EditorFrame current={1} id={id}>
      <TemplateLoadState loading={template.loading} error={template.error ? template.message : null} onRetry={template.refetch} />
      {ready ? (
        <TemplateDetailsForm
          key={template.data?.id ?? 'new'}
          id={id}
          template={template.data}
          categories={{
            list: categories.data,
            loading: categories.loading,
            error: categories.error ? categories.message : null,
            onRetry: categories.refetch,
          }}
        />
      ) : null}
    </EditorFrame>
  );
}

export default function TemplateStep1Page() {
  const { id: address } = useParams();
  const id = templateIdOf(address);
  if (id === null) return <NotATemplate />;
  return <DetailsStep key={id} id={id} />;
}
