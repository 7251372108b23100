/**
 * The settings of one integration: each template field's name in the receiving system, where
 * completed forms go and what is sent. Saving sends the map as JSON (`action=save`, `data`);
 * a failed save keeps everything typed and says why in the product's words.
 */
import type { IntegrationResponse, IntegrationsQuery } from '@formsign/sdk';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { integrationsApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError } from '../../components/form-error.tsx';
import { humanize } from '../../lists/format.ts';
import { useNotify } from '../../shell/notifications.tsx';
import { deliveryTypes, type DeliveryType, type SourceInfo } from './integration-sources.ts';

const integrationsCalls = area(integrationsApi);

export interface FieldMapEditorProps {
  templateId: number;
  templateTitle: string;
  source: SourceInfo;
  /** The integration being edited, or null for a new one. */
  sid: number | null;
  answer: IntegrationResponse;
  initialType: DeliveryType;
  onSaved(): void;
  onClose(): void;
}

interface Problems {
  recipient?: MessageDescriptor;
  map?: MessageDescriptor;
}

function check(map: Record<string, string>, recipient: string, source: SourceInfo): Problems {
  const problems: Problems = {};
  const address = recipient.trim();
  problems.recipient = address ? (source.check(address) ?? undefined) : msg`Enter where completed forms go.`;
  const seen = new Map<string, string>();
  for (const [field, name] of Object.entries(map)) {
    const key = name.trim().toLowerCase();
    if (!key) continue;
    const other = seen.get(key);
    if (other) {
      const first = humanize(other);
      const second = humanize(field);
      const shared = name.trim();
      problems.map = msg`${first} and ${second} can't share the name “${shared}” in the receiving system.`;
      break;
    }
    seen.set(key, field);
  }
  if (!problems.recipient) delete problems.recipient;
  return problems;
}

export function FieldMapEditor({ templateId, templateTitle, source, sid, answer, initialType, onSaved, onClose }: FieldMapEditorProps) {
  const notify = useNotify();
  const { t, i18n } = useLingui();
  const id = useId();
  const destination = i18n._(source.label);
  const [map, setMap] = useState<Record<string, string>>(() => Object.fromEntries(answer.fields.map((field) => [field, answer.map[field] ?? ''])));
  const [recipient, setRecipient] = useState(answer.recipient);
  const [type, setType] = useState<DeliveryType>(initialType);
  const [problems, setProblems] = useState<Problems>({});
  const saving = useMutation((request: IntegrationsQuery, options) => integrationsCalls.manage(request, options), {
    onSuccess: (saved, request) => {
      const address = request.recipient ?? '';
      notify({
        type: 'success',
        title: t`Integration saved`,
        description: saved.message || t`Completed ${templateTitle} forms now go to ${address}.`,
      });
      onSaved();
    },
  });
  const failure = saving.error;

  const save = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = check(map, recipient, source);
    setProblems(found);
    saving.reset();
    if (found.recipient || found.map) return;
    const mapped = Object.fromEntries(Object.entries(map).flatMap(([field, name]) => (name.trim() ? [[field, name.trim()]] : [])));
    void saving.run({
      action: 'save',
      id: templateId,
      source: source.value,
      type,
      recipient: recipient.trim(),
      data: JSON.stringify(mapped),
      ...(sid ? { sid } : {}),
    });
  };

  return (
    <form onSubmit={save} noValidate aria-describedby={failure ? `${id}-failure` : undefined}>
      <FormError message={failure} id={`${id}-failure`} />
      <h3>
        <Trans>Field map</Trans>
      </h3>
      {answer.fields.length === 0 ? (
        <p className="ops-quiet">
          <Trans>This template has no fields to map: only its files are delivered.</Trans>
        </p>
      ) : (
        <>
          <p className="ops-quiet">
            <Trans>Give each field the name the receiving system expects. Fields left empty are not sent.</Trans>
          </p>
          <div className="table-wrap ops-map-table">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Field map of {templateTitle}</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Field in formsign</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Name in {destination}</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.fields.map((field) => {
                  const fieldName = humanize(field);
                  return (
                    <tr key={field}>
                      <th scope="row">
                        {fieldName} <span className="ops-code">{field}</span>
                      </th>
                      <td>
                        <label className="visually-hidden" htmlFor={`${id}-${field}`}>
                          <Trans>{fieldName}: name in the receiving system</Trans>
                        </label>
                        <input
                          id={`${id}-${field}`}
                          className="input"
                          value={map[field] ?? ''}
                          maxLength={100}
                          aria-invalid={problems.map ? true : undefined}
                          aria-describedby={problems.map ? `${id}-map-problem` : undefined}
                          onChange={(event) => setMap((current) => ({ ...current, [field]: event.target.value }))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {problems.map ? (
            <p className="ops-field-error" id={`${id}-map-problem`}>
              {i18n._(problems.map)}
            </p>
          ) : null}
        </>
      )}
      <h3 className="ops-spaced">
        <Trans>Delivery</Trans>
      </h3>
      <div className="ops-choices">
        <div className="field">
          <label htmlFor={`${id}-recipient`}>{i18n._(source.recipientLabel)}</label>
          <input
            id={`${id}-recipient`}
            className="input"
            value={recipient}
            maxLength={500}
            aria-invalid={problems.recipient ? true : undefined}
            aria-describedby={`${id}-recipient-hint`}
            onChange={(event) => setRecipient(event.target.value)}
          />
          <span id={`${id}-recipient-hint`} className={problems.recipient ? 'ops-field-error' : 'field__hint'}>
            {i18n._(problems.recipient ?? source.hint)}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>
            <Trans>What is sent</Trans>
          </label>
          <select id={`${id}-type`} className="select" value={type} onChange={(event) => setType(event.target.value as DeliveryType)}>
            {deliveryTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
          <span className="field__hint">&nbsp;</span>
        </div>
      </div>
      {answer.files.length > 0 ? (
        <p className="ops-quiet ops-files">
          <Trans>Files delivered for each form:</Trans>{' '}
          {answer.files.map((file) => (
            <span key={file} className="ops-chip">
              {file}
            </span>
          ))}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving.busy}>
          {saving.busy ? t`Saving…` : t`Save integration`}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </form>
  );
}
