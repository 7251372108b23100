/**
 * The settings of a template's field beyond its type (step 2 of the editor): when it is shown
 * (always, or only while another field's answer meets a condition, the answer offered as the
 * other field's choices where it has them) and the checks on its answer that its type takes
 * (lengths, a number range, a format from a fixed list), with the message the person filling
 * in reads when one breaks. Loaded apart from the editor's page.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  formulaMaxLength,
  conditionOperators,
  fieldPatterns,
  lengthTypes,
  patternTypes,
  rangeTypes,
  type ConditionOperator,
  type FieldPattern,
} from '@formsign/sdk/field-rules';
import type { EditableField, FieldProblems } from './template-fields.ts';

/** The words of each condition, read after the other field's choice: Only when “Country”… is not… */
const operatorWords: Record<ConditionOperator, MessageDescriptor> = {
  equals: msg({ message: 'is', comment: 'A condition: Only when “Country”… is “France”' }),
  not_equals: msg({ message: 'is not', comment: 'A condition: Only when “Country”… is “France”' }),
  filled: msg({ message: 'is answered', comment: 'A condition: Only when “Country”… is “France”' }),
  one_of: msg({ message: 'is one of', comment: 'A condition: Only when “Country”… is “France”' }),
};

/** The formats an answer may be checked against. */
const patternWords: Record<FieldPattern, MessageDescriptor> = {
  email: msg`Email address`,
  phone: msg`Phone number`,
  postcode: msg`Postcode`,
  digits: msg`Digits only`,
};

function Problem({ id, text }: { id: string; text?: string | undefined }) {
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
  choices,
  field,
  disabled,
  onChange,
}: {
  id: string;
  other: EditableField;
  /** The other field's choices; none for a tick box (ticked or not), null for a typed answer. */
  choices: readonly string[] | null;
  field: EditableField;
  disabled: boolean;
  onChange(value: string): void;
}) {
  const { t } = useLingui();
  const { operator, value } = field.condition;
  if (operator === 'filled') return null;
  if (operator === 'one_of')
    return (
      <div className="field">
        <label htmlFor={`${id}-condition-value`}>
          <Trans>Answers (one per line)</Trans>
        </label>
        <textarea
          id={`${id}-condition-value`}
          className="textarea"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    );
  return (
    <div className="field">
      <label htmlFor={`${id}-condition-value`}>
        <Trans>Answer</Trans>
      </label>
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
          <option value="">{t`Choose an answer`}</option>
          {other.type === 'checkbox' ? (
            <>
              <option value="true">{t`Ticked`}</option>
              <option value="false">{t`Not ticked`}</option>
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
  choicesOf,
  onChange,
}: {
  field: EditableField;
  others: readonly EditableField[];
  problem?: string;
  disabled: boolean;
  choicesOf(other: EditableField): readonly string[] | null;
  onChange(condition: EditableField['condition']): void;
}) {
  const { t, i18n } = useLingui();
  const id = field.key;
  const other = others.find((item) => item.key === field.condition.field);
  const change = (patch: Partial<EditableField['condition']>): void => onChange({ ...field.condition, ...patch });
  return (
    <fieldset className="account-fieldset">
      <legend>
        <Trans>When it is shown</Trans>
      </legend>
      <div className="field-card__grid">
        <div className="field">
          <label htmlFor={`${id}-condition-field`}>
            <Trans>Show this field</Trans>
          </label>
          <select
            id={`${id}-condition-field`}
            className="select"
            value={other ? other.key : ''}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-condition-error` : undefined}
            onChange={(event) => change({ field: event.target.value, value: '' })}
          >
            <option value="">{t`Always`}</option>
            {others.map((item) => {
              const label = item.label.trim() || item.name || t`New field`;
              return (
                <option key={item.key} value={item.key}>
                  {t`Only when “${label}”…`}
                </option>
              );
            })}
          </select>
        </div>
        {other ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-condition-operator`}>
                <Trans>Condition</Trans>
              </label>
              <select
                id={`${id}-condition-operator`}
                className="select"
                value={field.condition.operator}
                disabled={disabled}
                onChange={(event) => change({ operator: event.target.value as ConditionOperator })}
              >
                {conditionOperators.map((operator) => (
                  <option key={operator.value} value={operator.value}>
                    {i18n._(operatorWords[operator.value])}
                  </option>
                ))}
              </select>
            </div>
            <ConditionAnswer
              id={id}
              other={other}
              choices={choicesOf(other)}
              field={field}
              disabled={disabled}
              onChange={(value) => change({ value })}
            />
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
  const { t, i18n } = useLingui();
  const id = field.key;
  const checks = field.validation;
  const change = (patch: Partial<EditableField['validation']>): void => onChange({ ...checks, ...patch });
  const described = problem ? `${id}-validation-error` : undefined;
  const inputs: Array<{ key: 'minLength' | 'maxLength' | 'min' | 'max'; label: string }> = [
    ...(lengthTypes.has(field.type)
      ? [
          { key: 'minLength' as const, label: t`At least (characters)` },
          { key: 'maxLength' as const, label: t`At most (characters)` },
        ]
      : []),
    ...(rangeTypes.has(field.type)
      ? [
          { key: 'min' as const, label: t`Lowest number` },
          { key: 'max' as const, label: t`Highest number` },
        ]
      : []),
  ];
  if (inputs.length === 0) return null;
  return (
    <fieldset className="account-fieldset">
      <legend>
        <Trans>Checks on the answer</Trans>
      </legend>
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
            <label htmlFor={`${id}-validation-pattern`}>
              <Trans>Format</Trans>
            </label>
            <select
              id={`${id}-validation-pattern`}
              className="select"
              value={checks.pattern}
              disabled={disabled}
              onChange={(event) => change({ pattern: event.target.value as FieldPattern | '' })}
            >
              <option value="">{t`Any text`}</option>
              {fieldPatterns.map((pattern) => (
                <option key={pattern.value} value={pattern.value}>
                  {i18n._(patternWords[pattern.value])}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-validation-message`}>
          <Trans>Message when an answer does not pass</Trans>
        </label>
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
            <Trans>Shown on the field; left empty, the form says what is wrong in its own words.</Trans>
          </span>
        )}
      </div>
      <Problem id={`${id}-validation-error`} text={problem} />
    </fieldset>
  );
}

interface FieldRuleSettingsProps {
  field: EditableField;
  /** The template's other fields: those this one may be shown on. */
  others: readonly EditableField[];
  problems?: FieldProblems | undefined;
  disabled: boolean;
  /** The choices a field offers: none for a tick box (ticked or not), null where the answer is typed. */
  choicesOf(other: EditableField): readonly string[] | null;
  onChange(patch: Partial<EditableField>): void;
}

/** A calculated field's formula, with the names it may use. */
function FormulaSetting({
  field,
  others,
  problem,
  disabled,
  onChange,
}: {
  field: EditableField;
  others: readonly EditableField[];
  problem?: string | undefined;
  disabled: boolean;
  onChange(formula: string): void;
}) {
  const id = field.key;
  const numbers = others
    .filter((other) => other.type === 'number' || other.type === 'calculated')
    .map((other) => other.name.trim())
    .filter(Boolean);
  // Field names, as they are written in a formula.
  const names = numbers.join(', ');
  return (
    <div className="field">
      <label htmlFor={`${id}-formula`}>
        <Trans>Formula</Trans>
      </label>
      <input
        id={`${id}-formula`}
        className="input field-card__name"
        value={field.formula}
        maxLength={formulaMaxLength}
        spellCheck={false}
        autoCapitalize="off"
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-formula-error` : `${id}-formula-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? null : (
        <span id={`${id}-formula-hint`} className="field__hint">
          {names ? (
            <Trans comment="sum(a, b) is written as it is in a formula; the names are the fields'">
              Numbers, + − × ÷, parentheses and sum(a, b) over the names of number fields: {names}.
            </Trans>
          ) : (
            <Trans comment="sum(a, b) is written as it is in a formula">
              Numbers, + − × ÷, parentheses and sum(a, b) over the names of number fields.
            </Trans>
          )}
        </span>
      )}
      <Problem id={`${id}-formula-error`} text={problem} />
    </div>
  );
}

export default function FieldRuleSettings({ field, others, problems, disabled, choicesOf, onChange }: FieldRuleSettingsProps) {
  return (
    <>
      {field.type === 'calculated' ? (
        <FormulaSetting field={field} others={others} problem={problems?.formula} disabled={disabled} onChange={(formula) => onChange({ formula })} />
      ) : null}
      <ConditionSettings
        field={field}
        others={others}
        choicesOf={choicesOf}
        problem={problems?.condition}
        disabled={disabled}
        onChange={(condition) => onChange({ condition })}
      />
      <ValidationSettings field={field} problem={problems?.validation} disabled={disabled} onChange={(validation) => onChange({ validation })} />
    </>
  );
}
