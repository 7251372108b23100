/**
 * Template editing, step 2 of 2 (`/template/edit/{id}/step2`): the template's fields, loaded
 * with `POST /getform`. Fields can be added, removed, moved up and down (buttons, so the
 * keyboard can do it), and each has a label, a name, a type (short or long text, number, date,
 * email, tick box, choice list, signature), whether it is required, and the choices of a
 * choice list. Names are checked (not empty, unique) before `POST /getforms`
 * (`update`, `type: fields`). The page title is the template's title.
 * Designed where the specification is silent: saving the last step finishes the template and
 * goes back to Manage Template with a notification; Back to details returns to step 1; leaving
 * with unsaved changes asks first; a new template reaches this step only once its details are
 * saved (step 1 gives it its id).
 */
import type { TemplateDetail } from '@formsign/sdk';
import { Trans } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { templatesApi } from '@formsign/sdk';
import { area } from '../api/client.ts';
import { TemplateFieldsForm } from '../features/forms/template-fields-form.tsx';
import { EditorFrame, NotATemplate, TemplateLoadState, templateIdOf } from '../features/forms/template-steps.tsx';
import { useDataGroup } from '../lists/use-data-group.ts';
import { useReportedTitle } from '../shell/page-title.tsx';
import '../styles/forms.css';

const templatesCalls = area(templatesApi);

function FieldsStep({ id }: { id: number }) {
  const template = useDataGroup(
    'template',
    null as TemplateDetail | null,
    (templateId: number, options) => templatesCalls.get(templateId, options),
    id,
  );
  useReportedTitle(template.data?.title);
  return (
    <EditorFrame current={2} id={id}>
      <TemplateLoadState loading={template.loading} error={template.error ? template.message : null} onRetry={template.refetch} />
      {!template.loading && template.data ? <TemplateFieldsForm key={template.data.id} template={template.data} /> : null}
    </EditorFrame>
  );
}

/** Step 2 of a template that does not exist yet: its details come first. */
function DetailsFirst() {
  return (
    <EditorFrame current={2} id="new">
      <section className="card" aria-labelledby="details-first-title">
        <h2 id="details-first-title">
          <Trans>Save the details first</Trans>
        </h2>
        <p>
          <Trans>A new template gets its fields once its title and category are saved in step 1.</Trans>
        </p>
        <Link className="button" to="/template/edit/new/step1">
          <Trans>Go to step 1: details</Trans>
        </Link>
      </section>
    </EditorFrame>
  );
}

export default function TemplateStep2Page() {
  const { id: address } = useParams();
  const id = templateIdOf(address);
  if (id === null) return <NotATemplate />;
  if (id === 'new') return <DetailsFirst />;
  return <FieldsStep key={id} id={id} />;
}
