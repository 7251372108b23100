/**
 * The organisation's stamp on Settings, Company settings: the image its templates' stamp
 * fields are applied with (`fetchSettings`' `stamp`). An administrator uploads one (a PNG or a
 * JPEG of at most 1 MB and 2000 × 2000 pixels; the server reads the file itself, so a file
 * refused says why), replaces it or removes it (`POST /company-stamp`); others see it. Forms
 * it was applied to keep the image they were given, whatever is done here later.
 */
import { settingsApi, type CompanyStamp } from '@formsign/sdk';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { FormError, FormSuccess } from '../../components/form-error.tsx';

const settingsCalls = area(settingsApi);

type Change = { action: 'upload'; file: File } | { action: 'remove' };

/** The largest stamp image, as the server takes it. */
const largest = 1024 * 1024;

function StampFigure({ stamp }: { stamp: CompanyStamp }) {
  const { t } = useLingui();
  const imageType = stamp.type === 'image/png' ? 'PNG' : 'JPEG';
  const { width, height } = stamp;
  return (
    <figure className="company-stamp">
      <img src={stamp.url} alt={t`The organisation’s stamp`} width={Math.min(width, 200)} />
      <figcaption className="muted">
        <Trans>
          {imageType}, {width} × {height} pixels
        </Trans>
      </figcaption>
    </figure>
  );
}

export function CompanyStampPanel({ stamp: first, readOnly }: { stamp: CompanyStamp | null; readOnly: boolean }) {
  const id = useId();
  const { t } = useLingui();
  const [stamp, setStamp] = useState(first);
  const [tooLarge, setTooLarge] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const change = useMutation(
    (asked: Change, options) => (asked.action === 'upload' ? settingsCalls.uploadStamp(asked.file, options) : settingsCalls.removeStamp(options)),
    { onSuccess: (answer) => setStamp(answer.stamp) },
  );
  const choose = (file: File | undefined): void => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Told at once rather than after sending a megabyte; the server checks it again.
    setTooLarge(file.size > largest);
    if (file.size > largest) return change.reset();
    void change.run({ action: 'upload', file });
  };

  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Organisation’s stamp</Trans>
      </h2>
      <p className="muted">
        <Trans>
          The image a template’s stamp field is applied with: the signer applies it with one click, and the sealed PDF shows it in the field’s place.
          A form keeps the stamp it was given, even when you replace or remove it later.
        </Trans>
      </p>
      <FormError message={tooLarge ? t`The stamp image is larger than 1 MB. Please choose a smaller file.` : change.error} />
      <FormSuccess message={change.result?.message ?? null} />
      {stamp ? (
        <StampFigure stamp={stamp} />
      ) : (
        <p>
          <Trans>Your organisation has no stamp yet.</Trans>
        </p>
      )}
      {readOnly ? null : (
        <div className="form-actions">
          <label className="button" htmlFor={`${id}-file`} aria-disabled={change.busy}>
            {change.busy ? t`Saving…` : stamp ? t`Replace the stamp` : t`Upload a stamp`}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg"
            disabled={change.busy}
            aria-describedby={`${id}-hint`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {stamp ? (
            <button type="button" className="button button--secondary" disabled={change.busy} onClick={() => void change.run({ action: 'remove' })}>
              <Trans>Remove the stamp</Trans>
            </button>
          ) : null}
          <span id={`${id}-hint`} className="field__hint">
            <Trans>A PNG or a JPEG, at most 1 MB and 2000 × 2000 pixels. A PNG with a transparent background looks best.</Trans>
          </span>
        </div>
      )}
    </section>
  );
}
