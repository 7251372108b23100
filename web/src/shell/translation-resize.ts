/**
 * The translation menu is resized 3 seconds after each route change, once the
 * new page's text has settled: it is made as wide as its longest language name.
 */
export const translationResizeDelay = 3_000;

/** Runs `resize` once, `translationResizeDelay` after now; the returned function cancels it. */
export function scheduleTranslationResize(
  resize: () => void,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  const id = timers.setTimeout(resize, translationResizeDelay);
  return () => timers.clearTimeout(id);
}

/** The width that fits the longest label, measured with `measure`, plus the control's padding. */
export function translationMenuWidth(labels: readonly string[], measure: (label: string) => number, padding = 44): number {
  return Math.ceil(Math.max(0, ...labels.map(measure)) + padding);
}
