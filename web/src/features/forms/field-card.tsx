/**
 * One field of a template in the editor (step 2): its label, name, type, whether it is
 * required and, for a choice list or radio group, its choices; when it is shown (always, or
 * only while another field's answer meets a condition); the checks on its answer that its type
 * takes (lengths, a number range, a format from a fixed list) with the message the person
 * filling in reads; with buttons to move it up or down and to remove it. Every control is a
 * labelled input or a real button, so the editor works with a keyboard alone.
 */
import type { TemplateStep } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { choiceTypes, choicesOf } from './field-choices.ts';
import { fieldTypes, labelMaxLength, nameFromLabel, nameMaxLength, type EditableField, type FieldProblems } from './template-fields.ts';

interface FieldCardProps {
  field: EditableField;
  /** The template's recipients in order: who may answer the field. */
  steps: readonly TemplateStep[];
  /** The template's other fields: those this one may be shown on. */
  others: readonly EditableField[];
  index: number;
  count: number;
  problems?: FieldProblems;
  /** The organisation has no stamp: a stamp field cannot be saved. */
  noStamp?: boolean;
  disabled: boolean;
  onChange(field: EditableField): void;
  onMove(step: -1 | 1): void;
  onRemove(): void;
}

function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p className="field__error" id={id}>
      {text}
    </p>
  ) : null;
}

/**
 * When the field is shown and the checks on its answer: a chunk of its own, as only the editor
 * shows them, fetched as soon as the cards' module loads (beside the template's data). A card
 * waits for it within the page's loading state, instead of growing under the pointer when it
 * arrives (a click aimed at a button would land on what moved there).
 */
const settings = import('./field-rule-settings.tsx');
const FieldRuleSettings = lazy(() => settings);

/** The answers a condition on `other` may compare with: its choices, none for a tick box, null where the answer is typed. */
function offeredAnswers(other: EditableField): readonly string[] | null {
  if (other.type === 'checkbox') return [];
  return choiceTypes.has(other.type) ? choicesOf(other.options) : null;
}

export function FieldCard({ field, steps, others, index, count, problems, noStamp = false, disabled, onChange, onMove, onRemove }: FieldCardProps) {
  const { t, i18n } = useLingui();
  const id = field.key;
  const title = field.label.trim() || t`New field`;
  const number = index + 1;
  const place = field.step;
  const change = (patch: Partial<EditableField>): void => onChange({ ...field, ...patch });

  return (
    <li className="field-card" aria-labelledby={`${id}-heading`}>
      <div className="field-card__head">
        <h3 id={`${id}-heading`} className="field-card__title">
          <span className="field-card__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="visually-hidden">
            <Trans>Field {number}:</Trans>{' '}
          </span>
          {title}
        </h3>
        <div className="field-card__tools">
          <button
            id={`${id}-up`}
            type="button"
            className="button button--ghost button--small"
            aria-label={t`Move “${title}” up`}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <span aria-hidden="true">↑</span> <Trans>Up</Trans>
          </button>
          <button
            id={`${id}-down`}
            type="button"
            className="button button--ghost button--small"
            aria-label={t`Move “${title}” down`}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <span aria-hidden="true">↓</span> <Trans>Down</Trans>
          </button>
          <button
            id={`${id}-remove`}
            type="button"
            className="button button--ghost button--small field-card__remove"
            disabled={disabled}
            onClick={onRemove}
          >
            <Trans>
              Remove<span className="visually-hidden"> “{title}”</span>
            </Trans>
          </button>
        </div>
      </div>
      <div className="field-card__grid">
        <div className="field field-card__label">
          <label htmlFor={`${id}-label`}>
            <Trans>Label</Trans>
          </label>
          <input
            id={`${id}-label`}
            className="input"
            value={field.label}
            maxLength={labelMaxLength}
            disabled={disabled}
            aria-invalid={problems?.label ? true : undefined}
            aria-describedby={problems?.label ? `${id}-label-error` : undefined}
            onChange={(event) => change({ label: event.target.value, ...(field.nameTouched ? {} : { name: nameFromLabel(event.target.value) }) })}
          />
          <Problem id={`${id}-label-error`} text={problems?.label} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <Trans>Name</Trans>
          </label>
          <input
            id={`${id}-name`}
            className="input field-card__name"
            value={field.name}
            maxLength={nameMaxLength}
            spellCheck={false}
            autoCapitalize="off"
            disabled={disabled}
            aria-invalid={problems?.name ? true : undefined}
            aria-describedby={problems?.name ? `${id}-name-error` : undefined}
            onChange={(event) => change({ name: event.target.value, nameTouched: true })}
          />
          <Problem id={`${id}-name-error`} text={problems?.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>
            <Trans>Type</Trans>
          </label>
          <select
            id={`${id}-type`}
            className="select"
            value={field.type}
            disabled={disabled}
            onChange={(event) => change({ type: event.target.value as EditableField['type'] })}
          >
            {fieldTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {i18n._(type.label)}
              </option>
            ))}
          </select>
          {field.type === 'stamp' && noStamp ? (
            <p className="field__error" role="alert">
              <Trans>
                Upload your organisation’s stamp in <Link to="/settings">Settings, Company settings</Link> first: this field applies it.
              </Trans>
            </p>
          ) : field.type === 'stamp' ? (
            <p className="field__hint">
              <Trans>Applied with one click by the place that answers it, with the stamp uploaded in Settings, Company settings.</Trans>
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-step`}>
            <Trans>Answered by</Trans>
          </label>
          <select
            id={`${id}-step`}
            className="select"
            value={String(field.step ?? 1)}
            disabled={disabled}
            aria-invalid={problems?.step ? true : undefined}
            aria-describedby={problems?.step ? `${id}-step-error` : undefined}
            onChange={(event) => change({ step: Number(event.target.value) })}
          >
            {/* Initials are the signer's own: the sender gives none (offered only while a field that was so still says it). */}
            {field.type !== 'initials' || field.step === 0 ? <option value="0">{t`The sender, when sending`}</option> : null}
            {/* A place that receives a copy answers nothing. */}
            {steps.map((step, at) => {
              if (step.action === 'copy' && field.step !== at + 1) return null;
              const order = at + 1;
              const label = step.label;
              return (
                <option key={at} value={String(order)}>
                  {step.action === 'copy' ? t`${order}. ${label} (receives a copy: choose another)` : `${order}. ${label}`}
                </option>
              );
            })}
            {(field.step ?? 1) > steps.length ? <option value={String(field.step)}>{t`Place ${place} (no longer in the order)`}</option> : null}
          </select>
          <Problem id={`${id}-step-error`} text={problems?.step} />
        </div>
        <div className="field field-card__required">
          <span className="field__label" aria-hidden="true">
            &nbsp;
          </span>
          <div className="checkbox">
            <input
              id={`${id}-required`}
              type="checkbox"
              checked={field.required}
              disabled={disabled}
              onChange={(event) => change({ required: event.target.checked })}
            />
            <label htmlFor={`${id}-required`}>
              <Trans>Required</Trans>
            </label>
          </div>
        </div>
      </div>
      {choiceTypes.has(field.type) ? (
        <div className="field field-card__options">
          <label htmlFor={`${id}-options`}>
            <Trans>Choices</Trans>
          </label>
          <textarea
            id={`${id}-options`}
            className="textarea"
            value={field.options}
            disabled={disabled}
            aria-invalid={problems?.options ? true : undefined}
            aria-describedby={problems?.options ? `${id}-options-error` : `${id}-options-hint`}
            onChange={(event) => change({ options: event.target.value })}
          />
          {problems?.options ? null : (
            <span id={`${id}-options-hint`} className="field__hint">
              <Trans>One choice per line, in the order they are offered.</Trans>
            </span>
          )}
          <Problem id={`${id}-options-error`} text={problems?.options} />
        </div>
      ) : null}
      <FieldRuleSettings field={field} others={others} problems={problems} disabled={disabled} choicesOf={offeredAnswers} onChange={change} />
    </li>
  );
}
