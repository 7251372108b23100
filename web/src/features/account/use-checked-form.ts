/**
 * A form that checks what was typed before it sends it. Problems show once the person has
 * tried to send (and follow what they type from then on), the keyboard goes to the first
 * field to correct, and typing after an answer or a failure clears that message. What was
 * typed is never touched here: a failed send keeps it.
 */
import { useState, type FormEvent } from 'react';
import type { Mutation } from '../../api/use-mutation.ts';
import { focusFirstInvalid } from './focus-first-invalid.ts';

export interface CheckedForm<TProblem> {
  /** The first thing to correct, once the person has tried to send; null otherwise. */
  problem: TProblem | null;
  /** Call on every change: clears the last answer or failure of the send. */
  edited(): void;
  /** The form's submit handler: checks, then sends when there is nothing to correct. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Forgets the attempt, so no problem shows until the next one (after a send that empties the form). */
  reset(): void;
}

/**
 * `problemOf` answers the first thing to correct in what is typed now, or null; `send` runs
 * `action` with it, and may call `reset` once the form is emptied after a send.
 */
export function useCheckedForm<TProblem, TInput, TResult>(
  problemOf: () => TProblem | null,
  action: Mutation<TInput, TResult>,
  send: (reset: () => void) => Promise<unknown>,
): CheckedForm<TProblem> {
  const [checked, setChecked] = useState(false);
  const reset = (): void => setChecked(false);
  return {
    problem: checked ? problemOf() : null,
    edited() {
      if (action.result || action.error) action.reset();
    },
    onSubmit(event) {
      event.preventDefault();
      setChecked(true);
      if (problemOf()) {
        focusFirstInvalid(event.currentTarget);
        return;
      }
      void send(reset);
    },
    reset,
  };
}
