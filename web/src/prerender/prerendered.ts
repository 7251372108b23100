/**
 * The login page prerendered into index.html (see login-markup.tsx): shown only at /login to
 * a visitor without a session (a small script in index.html hides it elsewhere, before the
 * first paint), and replaced by the app once it starts. What a person typed into it before
 * then is carried over into the app's own fields, with the focus.
 */
import { prerenderedAttribute, submittedAttribute } from './boot-script.ts';

export { prerenderedAttribute, prerenderedPath } from './boot-script.ts';

interface TypedInput {
  values: Map<string, string>;
  focused: { id: string; start: number | null; end: number | null } | null;
  /** Enter was pressed in a field (the held-back Log In button sends nothing; see submittedAttribute): the app's form is sent once it is here. */
  submitted?: boolean;
}

/** The prerendered page shown now, if any. */
export function shownPrerenderedPage(root: HTMLElement): HTMLElement | null {
  const page = root.querySelector<HTMLElement>(`[${prerenderedAttribute}]`);
  return page && !document.documentElement.classList.contains('no-prerender') ? page : null;
}

/** Where the focus is in the prerendered page's fields, and the caret in it. */
function focusIn(page: HTMLElement, element: Element | null): TypedInput['focused'] {
  return element instanceof HTMLInputElement && page.contains(element) && element.id
    ? { id: element.id, start: element.selectionStart, end: element.selectionEnd }
    : null;
}

/** What was typed into the prerendered page's fields (read even once the page has left the document). */
function valuesIn(page: HTMLElement): Map<string, string> {
  const values = new Map<string, string>();
  for (const input of page.querySelectorAll<HTMLInputElement>('input[id]')) if (input.value) values.set(input.id, input.value);
  return values;
}

/**
 * Once the app's own page has taken the place of the prerendered one (the app renders it in
 * the background, in slices, while the prerendered page stays usable), types into the app's
 * fields what was typed into the prerendered page meanwhile, and puts the focus and the
 * caret back where they were. The focus is followed as the person moves it, because the
 * document forgets it when the prerendered page leaves.
 */
export function carryOverWhenReplaced(page: HTMLElement): void {
  const parent = page.parentNode;
  if (!parent) return;
  let focused = focusIn(page, document.activeElement);
  const follow = (event: Event): void => {
    focused = focusIn(page, event.target as Element | null) ?? focused;
  };
  // Moved elsewhere on the page, the focus is the person's choice; lost with the page going, it is not.
  const leave = (event: FocusEvent): void => {
    if (event.relatedTarget !== null) focused = null;
  };
  const followed = ['focusin', 'input', 'keyup', 'select', 'pointerup'] as const;
  for (const type of followed) page.addEventListener(type, follow);
  page.addEventListener('focusout', leave);
  // Called in the task that took the page out (a microtask of the app's commit), before anything else can be typed.
  const replaced = new MutationObserver(() => {
    if (page.isConnected) return;
    replaced.disconnect();
    for (const type of followed) page.removeEventListener(type, follow);
    page.removeEventListener('focusout', leave);
    carryOver({ values: valuesIn(page), focused, submitted: page.querySelector(`form[${submittedAttribute}]`) !== null });
  });
  replaced.observe(parent, { childList: true });
}

/** Types the same into the app's fields of the same ids (as input events, so the app's state has it) and puts the focus back. */
export function carryOver({ values, focused, submitted = false }: TypedInput): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const [id, value] of values) {
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement) || !setValue) continue;
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const input = focused ? document.getElementById(focused.id) : null;
  if (focused && input instanceof HTMLInputElement) {
    input.focus();
    if (focused.start !== null && focused.end !== null) input.setSelectionRange(focused.start, focused.end);
  }
  if (!submitted) return;
  // After the app has taken in the values above (its state is set as the input events end).
  const form = input instanceof HTMLInputElement ? input.form : document.querySelector('form');
  if (form) setTimeout(() => form.requestSubmit(), 0);
}
