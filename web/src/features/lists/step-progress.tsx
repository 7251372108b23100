/** Where a form is in its signing order: "Step 2 of 4", with one pip per step. */
import { Trans } from '@lingui/react/macro';

export function StepProgress({ step, steps }: { step: number; steps: number }) {
  const pips = Array.from({ length: Math.min(steps, 12) }, (_, index) => index + 1);
  return (
    <span className="step-progress">
      <span>
        <Trans>
          Step {step} of {steps}
        </Trans>
      </span>
      <span className="step-progress__track" aria-hidden="true">
        {pips.map((pip) => (
          <span
            key={pip}
            className={`step-progress__pip${pip < step ? ' step-progress__pip--done' : pip === step ? ' step-progress__pip--current' : ''}`}
          />
        ))}
      </span>
    </span>
  );
}
