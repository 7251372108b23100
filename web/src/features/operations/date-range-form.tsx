/**
 * A period to look at: from one day to another, applied with "Show" (or Enter). A start
 * after the end is refused in the product's words, and what was typed stays.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isDay } from './calendar-dates.ts';

export interface DateRangeFormProps {
  from: string;
  to: string;
  onApply(range: { from: string; to: string }): void;
  /** More choices shown with the dates (they apply on their own). */
  children?: ReactNode;
  label: string;
}

const missingDay = msg`Enter both days of the period.`;
const startAfterEnd = msg`The start of the period must be on or before its end.`;

export function DateRangeForm({ from, to, onApply, children, label }: DateRangeFormProps) {
  const id = useId();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const { i18n } = useLingui();
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!isDay(start) || !isDay(end)) {
      setProblem(missingDay);
      return;
    }
    if (start > end) {
      setProblem(startAfterEnd);
      return;
    }
    setProblem(null);
    onApply({ from: start, to: end });
  };
  return (
    <form className="toolbar" aria-label={label} onSubmit={apply} noValidate>
      <div className="field">
        <label htmlFor={`${id}-from`}>
          <Trans context="start of a period">From</Trans>
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={start}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setStart(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>
          <Trans context="end of a period">To</Trans>
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={end}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setEnd(event.target.value)}
        />
      </div>
      <button type="submit" className="button">
        <Trans>Show</Trans>
      </button>
      {children ? <div className="ops-toolbar-gap toolbar">{children}</div> : null}
      {problem ? (
        <p className="ops-field-error ops-range-problem" id={`${id}-problem`} role="alert">
          {i18n._(problem)}
        </p>
      ) : null}
    </form>
  );
}
