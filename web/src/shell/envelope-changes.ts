/**
 * Tells the envelope counter in the header that the unused count changed (a purchase was
 * completed), so it asks for it again. The counter and the pages that change the count load
 * in different chunks; this small module is what they share.
 */
const changes = new EventTarget();

export function announceEnvelopesChanged(): void {
  changes.dispatchEvent(new Event('change'));
}

/** Calls `listener` on every change; answers the function that stops it. */
export function onEnvelopesChanged(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}
