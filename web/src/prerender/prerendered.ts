/**
 * The login page prerendered into index.html (see login-markup.tsx): shown only at /login to
 * a visitor without a session (a small script in index.html hides it elsewhere, before the
 * first paint), and replaced by the app once it starts. What a person typed into it before
 * then is carried over into the app's own fields, with the focus.
 */
export { prerenderedPath } from './boot-script.ts';
export const prerenderedAttribute = 'data-prerendered';

interface TypedInput {
  values: Map<string, string>;
  focused: { id: string; start: number | null; end: number | null } | null;
}

/** The prerendered page shown now, if any. */
export function shownPrerenderedPage(root: HTMLElement): HTMLElement | null {
  const page = root.querySelector<HTMLElement>(`[${prerenderedAttribute}]`);
  return page && !document.documentElement.classList.contains('no-prerender') ? page : null;
}

/** What was typed into the prerendered page's fields, and where the focus was. */
export function typedInto(page: HTMLElement): TypedInput {
  const values = new Map<string, string>();
  for (const input of page.querySelectorAll<HTMLInputElement>('input[id]')) if (input.value) values.set(input.id, input.value);
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && page.contains(active) && active.id ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  return { values, focused };
}

/** Types the same into the app's fields of the same ids (as input events, so the app's state has it) and puts the focus back. */
export function carryOver({ values, focused }: TypedInput): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const [id, value] of values) {
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement) || !setValue) continue;
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (!focused) return;
  const input = document.getElementById(focused.id);
  if (input instanceof HTMLInputElement) {
    input.focus();
    if (focused.start !== null && focused.end !== null) input.setSelectionRange(focused.start, focused.end);
  }
}
