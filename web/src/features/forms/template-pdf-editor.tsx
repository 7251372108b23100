/**
 * The template's PDF in the editor (step 2): uploading it (a PDF of at most 20 MB and 50
 * pages), replacing or removing it, and placing each field on its pages. A page is shown with
 * pdf.js; each placed field is a box on it that the pointer drags to move and resizes by its
 * corner handle. The keyboard does the same through the selected field's page, position and
 * size (in points from the page's bottom-left corner) and its Place on page / Remove from page
 * buttons; a focused box also moves with the arrow keys (Shift: 10 points). Uploading or
 * removing the PDF is saved at once; the placements are saved with the fields.
 */
import type { FieldPlacement, PdfPageSize, TemplateDetail } from '@formsign/sdk';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { templatesApi } from '@formsign/sdk';
import { area } from '../../api/client.ts';
import { useMutation } from '../../api/use-mutation.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormError } from '../../components/form-error.tsx';
import { centred, fitsPages, fitToPage, moved, placeAt, resized, screenBox } from './pdf-placement.ts';
import { drawPage, openPdf, type PDFDocumentProxy } from './pdf-document.ts';
import type { EditableField } from './template-fields.ts';

const templatesCalls = area(templatesApi);

export interface TemplatePdf {
  url: string | null;
  pages: PdfPageSize[];
}

export interface TemplatePdfEditorProps {
  templateId: number;
  pdf: TemplatePdf;
  fields: readonly EditableField[];
  disabled: boolean;
  /** The PDF was uploaded, replaced or removed (already saved). */
  onPdfChange(pdf: TemplatePdf, template: TemplateDetail): void;
  onPlace(key: string, placement: FieldPlacement | undefined): void;
}

const largestPdf = 20 * 1024 * 1024;

/** How the page is shown: as wide as its frame allows, up to 1.5 times its size. Answers the frame's ref and the scale. */
function useScale(page: PdfPageSize | undefined): [(element: HTMLDivElement | null) => void, number] {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);
  return [setFrame, page && width > 0 ? Math.min(1.5, width / page.width) : 0];
}

function PageCanvas({ document, number, scale, label }: { document: PDFDocumentProxy; number: number; scale: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target || scale <= 0) return;
    let cancelled = false;
    let cancel = (): void => undefined;
    setFailed(false);
    drawPage(document, number, target, scale)
      .then(({ task }) => {
        cancel = () => task.cancel();
        if (cancelled) task.cancel();
        return task.promise;
      })
      .catch((error: unknown) => {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') setFailed(true);
      });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [document, number, scale]);
  return (
    <>
      <canvas ref={canvas} role="img" aria-label={label} />
      {failed ? (
        <p className="muted">
          <Trans>This page could not be shown.</Trans>
        </p>
      ) : null}
    </>
  );
}

function PointsInput({
  id,
  label,
  value,
  min,
  max,
  step,
  disabled,
  onCommit,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  onCommit(value: number, final: boolean): void;
}) {
  const [draft, setDraft] = useState(String(value));
  const [last, setLast] = useState(value);
  if (value !== last) {
    setLast(value);
    setDraft(String(value));
  }
  return (
    <div className="field pdf-editor__number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={draft}
        disabled={disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value.trim() !== '' && Number.isFinite(number)) onCommit(number, false);
        }}
        onBlur={() => onCommit(Number(draft) || 0, true)}
      />
    </div>
  );
}

export default function TemplatePdfEditor({ templateId, pdf, fields, disabled, onPdfChange, onPlace }: TemplatePdfEditorProps) {
  const { t } = useLingui();
  const shown = (field: EditableField): string => field.label.trim() || t`New field`;
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const [document, setDocument] = useState<{ url: string; pdf: PDFDocumentProxy } | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [selectedKey, setSelectedKey] = useState<string | null>(fields[0]?.key ?? null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const drag = useRef<{ key: string; mode: 'move' | 'resize'; start: FieldPlacement; x: number; y: number } | null>(null);
  const [dropping, setDropping] = useState(false);

  const pageCount = pdf.pages.length;
  const currentPage = Math.min(pageNumber, Math.max(pageCount, 1));
  const page = pdf.pages[currentPage - 1];
  const [frame, scale] = useScale(page);
  const selected = fields.find((field) => field.key === selectedKey) ?? fields[0];

  const upload = useMutation((file: File, options) => templatesCalls.uploadPdf(templateId, file, options), {
    onSuccess: (answer) => {
      if (!answer.template) return;
      onPdfChange({ url: answer.template.pdf ?? null, pages: answer.template.pdf_pages ?? [] }, answer.template);
      setPageNumber(1);
      const pages = answer.template.pdf_pages?.length ?? 0;
      setAnnouncement(t`${plural(pages, { one: 'PDF saved: # page.', other: 'PDF saved: # pages.' })}`);
    },
  });
  const remove = useMutation((_: null, options) => templatesCalls.removePdf(templateId, options), {
    onSuccess: (answer) => {
      if (!answer.template) return;
      onPdfChange({ url: null, pages: [] }, answer.template);
      setAnnouncement(t`PDF removed. The fields are no longer placed on a page.`);
    },
  });
  const busy = disabled || upload.busy || remove.busy;
  const loadError =
    pdf.url && failedUrl === pdf.url
      ? t`The PDF could not be shown. Reload the page to try again; if it keeps happening, upload the PDF again.`
      : null;

  // The PDF is opened (and pdf.js loaded) once per address.
  useEffect(() => {
    if (!pdf.url) return;
    const url = pdf.url;
    const controller = new AbortController();
    openPdf(url, controller.signal)
      .then((opened) => {
        if (controller.signal.aborted) void opened.destroy();
        else setDocument({ url, pdf: opened });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailedUrl(url);
      });
    return () => controller.abort();
  }, [pdf.url]);
  useEffect(() => () => void document?.pdf.destroy(), [document]);

  const choose = (file: File | undefined): void => {
    setTooLarge(null);
    if (!file) return;
    if (file.size > largestPdf) {
      setTooLarge(t`This PDF is larger than 20 MB. Please choose a smaller file.`);
      return;
    }
    void upload.run(file);
  };

  const place = (key: string, placement: FieldPlacement | undefined, words?: string): void => {
    onPlace(key, placement);
    if (words) setAnnouncement(words);
  };

  const startDrag = (event: ReactPointerEvent<HTMLElement>, field: EditableField, mode: 'move' | 'resize'): void => {
    if (busy || !field.placement || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setSelectedKey(field.key);
    drag.current = { key: field.key, mode, start: field.placement, x: event.clientX, y: event.clientY };
  };
  const onDrag = (event: ReactPointerEvent<HTMLElement>): void => {
    const current = drag.current;
    if (!current || !page || scale <= 0) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    onPlace(current.key, current.mode === 'move' ? moved(current.start, page, scale, dx, dy) : resized(current.start, page, scale, dx, dy));
  };
  const endDrag = (): void => {
    drag.current = null;
  };

  // An unplaced field is dragged from its chip and dropped on the page.
  const startDrop = (event: ReactPointerEvent<HTMLElement>): void => {
    if (busy || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDropping(true);
  };
  const endDrop = (event: ReactPointerEvent<HTMLElement>, field: EditableField): void => {
    if (!dropping) return;
    setDropping(false);
    const area = overlay.current?.getBoundingClientRect();
    if (!area || !page || scale <= 0) return;
    const point = { x: event.clientX - area.left, y: event.clientY - area.top };
    if (point.x < 0 || point.y < 0 || point.x > area.width || point.y > area.height) return;
    setSelectedKey(field.key);
    const label = shown(field);
    place(field.key, placeAt(currentPage, page, scale, point), t`“${label}” placed on page ${currentPage}.`);
  };

  const nudge = (event: KeyboardEvent<HTMLElement>, field: EditableField): void => {
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = steps[event.key];
    if (!step || !field.placement || !page) return;
    event.preventDefault();
    const size = event.shiftKey ? 10 : 1;
    onPlace(field.key, fitToPage({ ...field.placement, x: field.placement.x + step[0] * size, y: field.placement.y + step[1] * size }, page));
  };

  const setNumber = (field: EditableField, part: keyof FieldPlacement, value: number, final: boolean): void => {
    const placement = field.placement;
    if (!placement) return;
    if (part === 'page') {
      const number = Math.round(value);
      const target = pdf.pages[number - 1];
      if (!target) return;
      onPlace(field.key, fitToPage({ ...placement, page: number }, target));
      setPageNumber(number);
      return;
    }
    const next = { ...placement, [part]: value };
    const onPage = pdf.pages[placement.page - 1];
    onPlace(field.key, final && onPage ? fitToPage(next, onPage) : next);
  };

  const onThisPage = fields.filter((field) => field.placement?.page === currentPage);
  const unplaced = fields.filter((field) => !field.placement);
  const misplaced = fields.filter((field) => field.placement && !fitsPages(field.placement, pdf.pages));
  const misplacedCount = misplaced.length;
  const misplacedLabels = misplaced.map(shown).join(', ');
  const selectedLabel = selected ? shown(selected) : '';

  return (
    <section className="card pdf-editor" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        <Trans>Template PDF</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Start the template from your own PDF: upload it, then place each field where its answer goes. A PDF of up to 20 MB and 50 pages. Fields not
          placed on a page are printed on pages after it.
        </Trans>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <input
        ref={fileInput}
        id={`${ids}-file`}
        className="visually-hidden"
        type="file"
        accept="application/pdf,.pdf"
        // The button below opens it: one control for the keyboard and for screen readers.
        tabIndex={-1}
        aria-hidden="true"
        disabled={busy}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div className="form-actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {upload.busy ? t`Uploading…` : pdf.url ? t`Replace the PDF` : t`Upload a PDF`}
        </button>
        {pdf.url ? (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirmRemove(true)}>
            {remove.busy ? t`Removing…` : t`Remove the PDF`}
          </button>
        ) : null}
      </div>
      <FormError message={tooLarge ?? upload.error ?? remove.error ?? loadError} />
      <ConfirmDialog
        open={confirmRemove}
        title={t`Remove the PDF?`}
        confirmLabel={t`Remove the PDF`}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => (setConfirmRemove(false), void remove.run(null))}
      >
        <p>
          <Trans>
            The template goes back to printing its fields on plain pages, and every field comes off the page. Forms already sent keep their PDF.
          </Trans>
        </p>
      </ConfirmDialog>

      {pdf.url && page ? (
        <div className="pdf-editor__body">
          <div className="pdf-editor__side">
            {fields.length === 0 ? (
              <p className="muted">
                <Trans>Add a field below to place it on the PDF.</Trans>
              </p>
            ) : (
              <>
                <div className="field">
                  <label htmlFor={`${ids}-field`}>
                    <Trans>Field to place</Trans>
                  </label>
                  <select id={`${ids}-field`} className="select" value={selected?.key ?? ''} onChange={(event) => setSelectedKey(event.target.value)}>
                    {fields.map((field) => {
                      const label = shown(field);
                      const onPage = field.placement?.page;
                      return (
                        <option key={field.key} value={field.key}>
                          {onPage ? t`${label} (page ${onPage})` : t`${label} (not placed)`}
                        </option>
                      );
                    })}
                  </select>
                </div>
                {selected?.placement ? (
                  <fieldset className="pdf-editor__numbers" disabled={busy}>
                    <legend>
                      <Trans>Where “{selectedLabel}” goes, in points from the page’s bottom-left corner</Trans>
                    </legend>
                    <PointsInput
                      id={`${ids}-page`}
                      label={t`Page`}
                      value={selected.placement.page}
                      min={1}
                      max={pageCount}
                      step={1}
                      disabled={busy}
                      onCommit={(value, final) => setNumber(selected, 'page', value, final)}
                    />
                    <PointsInput
                      id={`${ids}-x`}
                      label="X"
                      value={selected.placement.x}
                      min={0}
                      max={page.width}
                      step={1}
                      disabled={busy}
                      onCommit={(value, final) => setNumber(selected, 'x', value, final)}
                    />
                    <PointsInput
                      id={`${ids}-y`}
                      label="Y"
                      value={selected.placement.y}
                      min={0}
                      max={page.height}
                      step={1}
                      disabled={busy}
                      onCommit={(value, final) => setNumber(selected, 'y', value, final)}
                    />
                    <PointsInput
                      id={`${ids}-width`}
                      label={t`Width`}
                      value={selected.placement.width}
                      min={1}
                      max={page.width}
                      step={1}
                      disabled={busy}
                      onCommit={(value, final) => setNumber(selected, 'width', value, final)}
                    />
                    <PointsInput
                      id={`${ids}-height`}
                      label={t`Height`}
                      value={selected.placement.height}
                      min={1}
                      max={page.height}
                      step={1}
                      disabled={busy}
                      onCommit={(value, final) => setNumber(selected, 'height', value, final)}
                    />
                  </fieldset>
                ) : null}
                {selected ? (
                  <div className="form-actions">
                    {selected.placement ? (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busy}
                        onClick={() => place(selected.key, undefined, t`“${selectedLabel}” taken off the page.`)}
                      >
                        <Trans>Remove from page</Trans>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--small"
                        disabled={busy}
                        onClick={() =>
                          place(selected.key, centred(currentPage, page), t`“${selectedLabel}” placed in the middle of page ${currentPage}.`)
                        }
                      >
                        <Trans>Place on page {currentPage}</Trans>
                      </button>
                    )}
                  </div>
                ) : null}
                {unplaced.length > 0 ? (
                  <div>
                    <p className="field__hint">
                      <Trans>Not placed yet: drag a field onto the page, or choose it above and place it.</Trans>
                    </p>
                    <ul>
                      {unplaced.map((field) => (
                        <li key={field.key}>
                          <span
                            className="pdf-chip"
                            data-field={field.name}
                            onPointerDown={startDrop}
                            onPointerUp={(event) => endDrop(event, field)}
                            onPointerCancel={() => setDropping(false)}
                          >
                            <span aria-hidden="true">⠿ </span>
                            {shown(field)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {misplaced.length > 0 ? (
                  <p className="field__error">
                    {t`${plural(misplacedCount, {
                      one: `${misplacedLabels} is not inside a page of this PDF: move it onto a page before saving.`,
                      other: `${misplacedLabels} are not inside a page of this PDF: move them onto a page before saving.`,
                    })}`}
                  </p>
                ) : null}
              </>
            )}
          </div>
          <div className="pdf-editor__view">
            <div className="form-actions">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={currentPage <= 1}
                onClick={() => setPageNumber(currentPage - 1)}
              >
                <Trans>Previous page</Trans>
              </button>
              <span aria-live="polite">
                <Trans>
                  Page {currentPage} of {pageCount}
                </Trans>
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={currentPage >= pageCount}
                onClick={() => setPageNumber(currentPage + 1)}
              >
                <Trans>Next page</Trans>
              </button>
            </div>
            <div className="pdf-editor__frame" ref={frame}>
              <div className="pdf-page" ref={overlay} data-testid="pdf-page" style={{ width: page.width * scale, height: page.height * scale }}>
                {document?.url === pdf.url && scale > 0 ? (
                  <PageCanvas document={document.pdf} number={currentPage} scale={scale} label={t`Page ${currentPage} of the PDF`} />
                ) : (
                  <p className="muted">{loadError ? '' : t`Loading the page…`}</p>
                )}
                {onThisPage.map((field) => {
                  const box = field.placement ? screenBox(field.placement, page, scale) : null;
                  const label = shown(field);
                  return box ? (
                    <div
                      key={field.key}
                      role="button"
                      tabIndex={0}
                      aria-label={t`“${label}”: drag to move, arrow keys to nudge`}
                      aria-pressed={field.key === selected?.key}
                      className={`pdf-box${field.key === selected?.key ? ' pdf-box--selected' : ''}`}
                      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
                      onFocus={() => setSelectedKey(field.key)}
                      onKeyDown={(event) => nudge(event, field)}
                      onPointerDown={(event) => startDrag(event, field, 'move')}
                      onPointerMove={onDrag}
                      onPointerUp={endDrag}
                      onPointerCancel={endDrag}
                    >
                      {label}
                      <span
                        className="pdf-box__handle"
                        aria-hidden="true"
                        onPointerDown={(event) => startDrag(event, field, 'resize')}
                        onPointerMove={onDrag}
                        onPointerUp={endDrag}
                        onPointerCancel={endDrag}
                      />
                    </div>
                  ) : null;
                })}
              </div>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}
