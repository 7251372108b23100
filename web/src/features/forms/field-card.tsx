/**
 * One field of a template in the editor (step 2): its label, name, type, whether it is
 * required and, for a choice list or radio group, its choices; when it is shown (always, or
 * only while another field's answer meets a condition); the checks on its answer that its type
 * takes (lengths, a number range, a format from a fixed list) with the message the person
 * filling in reads; with buttons to move it up or down and to remove it. Every control is a
 * labelled input or a real button, so the editor works with a keyboard alone.
 */
import type { TemplateStep } from '@formsign/sdk';
import {
  conditionOperators,
  fieldPatterns,
  lengthTypes,
  patternTypes,
  rangeTypes,
  type ConditionOperator,
  type FieldPattern,
} from '@formsign/sdk/field-rules';
import {
  choiceTypes,
  choicesOf,
  fieldTypes,
  labelMaxLength,
  nameFromLabel,
  nameMaxLength,
  type EditableField,
  type FieldProblems,
} from './template-fields.ts';

interface FieldCardProps {
  field: EditableField;
  /** The template's recipients in order: who may answer the field. */
  steps: readonly TemplateStep[];
  /** The template's other fields: those this one may be shown on. */
  others: readonly EditableField[];
  index: number;
  count: number;
  problems?: FieldProblems;
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

/** The answers a condition compares with, offered as choices where the other field has them. */
function ConditionAnswer({
  id,
  other,
  field,
  disabled,
  onChange,
}: {
  id: string;
  other: EditableField;
  field: EditableField;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { operator, value } = field.condition;
  if (operator === 'filled') return null;
  if (operator === 'one_of')
    return (
      <div className="field">
        <label htmlFor={`${id}-condition-value`}>Answers (one per line)</label>
        <textarea
          id={`${id}-condition-value`}
          className="textarea"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  const choices = other.type === 'checkbox' ? [] : choiceTypes.has(other.type) ? choicesOf(other.options) : null;
  return (
    <div className="field">
      <label htmlFor={`${id}-condition-value`}>Answer</label>
      {choices === null ? (
        <input
          id={`${id}-condition-value`}
          className="input"
          value={value}
          maxLength={200}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <select id={`${id}-condition-value`} className="select" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose an answer</option>
          {other.type === 'checkbox' ? (
            <>
              <option value="true">Ticked</option>
              <option value="false">Not ticked</option>
            </>
          ) : (
            choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))
          )}
        </select>
      )}
    </div>
  );
}

/** When the field is shown: always, or while another field's answer meets a condition. */
function ConditionSettings({
  field,
  others,
  problem,
  disabled,
  onChange,
}: {
  field: EditableField;
  others: readonly EditableField[];
  problem?: string;
  disabled: boolean;
  onChange(condition: EditableField['condition']): void;
}) {
  const id = field.key;
  const other = others.find((item) => item.key === field.condition.field);
  const change = (patch: Partial<EditableField['condition']>): void => onChange({ ...field.condition, ...patch });
  return (
    <fieldset className="field-card__rules">
      <legend>When it is shown</legend>
      <div className="field-card__grid">
        <div className="field">
          <label htmlFor={`${id}-condition-field`}>Show this field</label>
          <select
            id={`${id}-condition-field`}
            className="select"
            value={other ? other.key : ''}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-condition-error` : undefined}
            onChange={(event) => change({ field: event.target.value, value: '' })}
          >
            <option value="">Always</option>
            {others.map((item) => (
              <option key={item.key} value={item.key}>
                Only when “{item.label.trim() || item.name || 'New field'}”…
              </option>
            ))}
          </select>
        </div>
        {other ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-condition-operator`}>Condition</label>
              <select
                id={`${id}-condition-operator`}
                className="select"
                value={field.condition.operator}
                disabled={disabled}
                onChange={(event) => change({ operator: event.target.value as ConditionOperator })}
              >
                {conditionOperators.map((operator) => (
                  <option key={operator.value} value={operator.value}>
                    {operator.label}
                  </option>
                ))}
              </select>
            </div>
            <ConditionAnswer id={id} other={other} field={field} disabled={disabled} onChange={(value) => change({ value })} />
          </>
        ) : null}
      </div>
      <Problem id={`${id}-condition-error`} text={problem} />
    </fieldset>
  );
}

/** The checks on the answer that the field's type takes, and the message shown when one breaks. */
function ValidationSettings({
  field,
  problem,
  disabled,
  onChange,
}: {
  field: EditableField;
  problem?: string;
  disabled: boolean;
  onChange(validation: EditableField['validation']): void;
}) {
  const id = field.key;
  const checks = field.validation;
  const change = (patch: Partial<EditableField['validation']>): void => onChange({ ...checks, ...patch });
  const described = problem ? `${id}-validation-error` : undefined;
  const inputs: Array<{ key: 'minLength' | 'maxLength' | 'min' | 'max'; label: string }> = [
    ...(lengthTypes.has(field.type)
      ? [
          { key: 'minLength' as const, label: 'At least (characters)' },
          { key: 'maxLength' as const, label: 'At most (characters)' },
        ]
      : []),
    ...(rangeTypes.has(field.type)
      ? [
          { key: 'min' as const, label: 'Lowest number' },
          { key: 'max' as const, label: 'Highest number' },
        ]
      : []),
  ];
  if (inputs.length === 0) return null;
  return (
    <fieldset className="field-card__rules">
      <legend>Checks on the answer</legend>
      <div className="field-card__grid">
        {inputs.map((input, place) => (
          <div className="field" key={input.key}>
            <label htmlFor={place === 0 ? `${id}-validation-first` : `${id}-validation-${input.key}`}>{input.label}</label>
            <input
              id={place === 0 ? `${id}-validation-first` : `${id}-validation-${input.key}`}
              className="input"
              inputMode="decimal"
              value={checks[input.key]}
              disabled={disabled}
              aria-invalid={problem ? true : undefined}
              aria-describedby={described}
              onChange={(event) => change({ [input.key]: event.target.value })}
            />
          </div>
        ))}
        {patternTypes.has(field.type) ? (
          <div className="field">
            <label htmlFor={`${id}-validation-pattern`}>Format</label>
            <select
              id={`${id}-validation-pattern`}
              className="select"
              value={checks.pattern}
              disabled={disabled}
              onChange={(event) => change({ pattern: event.target.value as FieldPattern | '' })}
            >
              <option value="">Any text</option>
              {fieldPatterns.map((pattern) => (
                <option key={pattern.value} value={pattern.value}>
                  {pattern.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field field-card__label">
          <label htmlFor={`${id}-validation-message`}>Message when an answer does not pass</label>
          <input
            id={`${id}-validation-message`}
            className="input"
            value={checks.message}
            maxLength={200}
            disabled={disabled}
            aria-describedby={problem ? described : `${id}-validation-hint`}
            onChange={(event) => change({ message: event.target.value })}
          />
          {problem ? null : (
            <span id={`${id}-validation-hint`} className="field__hint">
              Shown on the field; left empty, the form says what is wrong in its own words.
            </span>
          )}
        </div>
      </div>
      <Problem id={`${id}-validation-error`} text={problem} />
    </fieldset>
  );
}

export function FieldCard({ field, steps, others, index, count, problems, disabled, onChange, onMove, onRemove }: FieldCardProps) {
  const id = field.key;
  const shown = field.label.trim() || 'New field';
  const change = (patch: Partial<EditableField>): void => onChange({ ...field, ...patch });

  return (
    <li className="field-card" aria-labelledby={`${id}-heading`}>
      <div className="field-card__head">
        <h3 id={`${id}-heading`} className="field-card__title">
          <span className="field-card__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="visually-hidden">Field {index + 1}: </span>
          {shown}
        </h3>
        <div className="field-card__tools">
          <button
            id={`${id}-up`}
            type="button"
            className="button button--ghost button--small"
            aria-label={`Move “${shown}” up`}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <span aria-hidden="true">↑</span> Up
          </button>
          <button
            id={`${id}-down`}
            type="button"
            className="button button--ghost button--small"
            aria-label={`Move “${shown}” down`}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <span aria-hidden="true">↓</span> Down
          </button>
          <button
            id={`${id}-remove`}
            type="button"
            className="button button--ghost button--small field-card__remove"
            disabled={disabled}
            onClick={onRemove}
          >
            Remove<span className="visually-hidden"> “{shown}”</span>
          </button>
        </div>
      </div>
      <div className="field-card__grid">
        <div className="field field-card__label">
          <label htmlFor={`${id}-label`}>Label</label>
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
          <label htmlFor={`${id}-name`}>Name</label>
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
          <label htmlFor={`${id}-type`}>Type</label>
          <select
            id={`${id}-type`}
            className="select"
            value={field.type}
            disabled={disabled}
            onChange={(event) => change({ type: event.target.value as EditableField['type'] })}
          >
            {fieldTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-step`}>Answered by</label>
          <select
            id={`${id}-step`}
            className="select"
            value={String(field.step ?? 1)}
            disabled={disabled}
            onChange={(event) => change({ step: Number(event.target.value) })}
          >
            <option value="0">The sender, when sending</option>
            {steps.map((step, place) => (
              <option key={place} value={String(place + 1)}>
                {place + 1}. {step.label}
              </option>
            ))}
            {(field.step ?? 1) > steps.length ? <option value={String(field.step)}>Place {field.step} (no longer in the order)</option> : null}
          </select>
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
            <label htmlFor={`${id}-required`}>Required</label>
          </div>
        </div>
      </div>
      {choiceTypes.has(field.type) ? (
        <div className="field field-card__options">
          <label htmlFor={`${id}-options`}>Choices</label>
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
              One choice per line, in the order they are offered.
            </span>
          )}
          <Problem id={`${id}-options-error`} text={problems?.options} />
        </div>
      ) : null}
      <ConditionSettings
        field={field}
        others={others}
        problem={problems?.condition}
        disabled={disabled}
        onChange={(condition) => change({ condition })}
      />
      <ValidationSettings field={field} problem={problems?.validation} disabled={disabled} onChange={(validation) => change({ validation })} />
    </li>
  );
}
