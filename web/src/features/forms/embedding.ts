/**
 * A signing page embedded in another site (`<formsign-signing>`, `/embed.js`): it tells its
 * parent page what happens (`formsign:loaded`, `formsign:field-changed`, `formsign:signed`,
 * `formsign:declined`, `formsign:completed`, and `formsign:resize` with its height), each
 * message carrying the form's id and no answer. A page cannot read its parent's origin; it
 * takes the browser's word for it (`location.ancestorOrigins`, else the referrer's origin),
 * and posts only when that origin is one of the sites the form's organisation allows, with the
 * message addressed to that origin alone: a site that frames the page without being allowed
 * (the browser refuses it anyway) or that navigated the frame elsewhere hears nothing.
 */

export type EmbedEvent = 'loaded' | 'field-changed' | 'signed' | 'declined' | 'completed' | 'resize';

export interface EmbedMessage {
  type: `formsign:${EmbedEvent}`;
  formId: string;
  fieldId?: string;
  height?: number;
}

/** Whether this page is in a frame. */
export function isEmbedded(view: { top: unknown; self: unknown } = window): boolean {
  try {
    return view.top !== view.self;
  } catch {
    // A parent of another origin may refuse even the comparison in old browsers: framed.
    return true;
  }
}

/** The origin of the page that frames this one, as the browser reports it; null when unknown. */
export function parentOrigin(ancestorOrigins: ArrayLike<string> | undefined, referrer: string): string | null {
  const first = ancestorOrigins && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined;
  if (first) return first === 'null' ? null : first;
  if (!referrer) return null;
  try {
    const origin = new URL(referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origin to post to: the parent's, when the organisation allows it; null otherwise (nothing is posted). */
export function allowedParent(parent: string | null, allowed: readonly string[] | undefined): string | null {
  return parent !== null && (allowed ?? []).includes(parent) ? parent : null;
}

/** Posts one message to the parent page, when this page is embedded by a site the form allows. */
export function tellParent(allowed: readonly string[] | undefined, message: EmbedMessage): void {
  if (!isEmbedded()) return;
  const target = allowedParent(parentOrigin(window.location.ancestorOrigins, document.referrer), allowed);
  if (target === null) return;
  window.parent.postMessage(message, target);
}

/** Marks the page as embedded (its own chrome hidden by `html.embedded`); answers whether it is. */
export function markEmbedded(): boolean {
  const embedded = isEmbedded();
  document.documentElement.classList.toggle('embedded', embedded);
  return embedded;
}

/** Tells the parent the page's height whenever it changes; answers how to stop. */
export function reportHeight(allowed: readonly string[] | undefined, formId: string): () => void {
  if (!isEmbedded() || typeof ResizeObserver !== 'function') return () => undefined;
  let last = -1;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    tellParent(allowed, { type: 'formsign:resize', formId, height });
  });
  observer.observe(document.body);
  return () => observer.disconnect();
}
