/**
 * `/embed.js`: the script a site loads to embed a formsign signing link in its own page, built
 * on its own (web/vite.config.ts, `embedScript`), apart from the app's bundle. It defines
 * `<formsign-signing link="https://formsign.example/web-signing/...">`: a frame on that link,
 * as tall as the signing page (it posts `formsign:resize`), and the page's messages turned
 * into DOM events on the element (`formsign:loaded`, `formsign:field-changed`,
 * `formsign:signed`, `formsign:declined`, `formsign:completed`, each with `{ formId }`, and
 * `fieldId` for a changed field; they bubble). Only messages from that frame, at the link's
 * origin, are heard. A link that is not a signing link's address shows why instead, and the
 * element sends `formsign:error`.
 *
 * The signing page posts only to a site its organisation allows (Settings), and the browser
 * shows it only there: the site's address must be on that list.
 */

const events = ['loaded', 'field-changed', 'signed', 'declined', 'completed'] as const;
const minHeight = 120;
const maxHeight = 50_000;

interface FramedMessage {
  type?: unknown;
  formId?: unknown;
  fieldId?: unknown;
  height?: unknown;
}

/** The link as an address of a signing page, or null. */
function signingAddress(link: string | null, base: string): URL | null {
  if (!link) return null;
  try {
    const url = new URL(link, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return /^\/web-signing\/[^/]+\/?$/.test(url.pathname) ? url : null;
  } catch {
    return null;
  }
}

class FormsignSigning extends HTMLElement {
  static observedAttributes = ['link', 'title'];
  private frame: HTMLIFrameElement | null = null;
  private origin = '';
  private readonly listener = (event: MessageEvent): void => this.heard(event);

  connectedCallback(): void {
    window.addEventListener('message', this.listener);
    this.render();
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.listener);
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.render();
  }

  private render(): void {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    this.style.display = 'block';
    const url = signingAddress(this.getAttribute('link'), document.baseURI);
    root.replaceChildren();
    this.frame = null;
    if (!url) {
      const problem = document.createElement('p');
      problem.setAttribute('role', 'alert');
      problem.textContent = 'This signing link cannot be shown: its address is not a formsign signing link (…/web-signing/…).';
      root.append(problem);
      this.dispatchEvent(new CustomEvent('formsign:error', { bubbles: true, composed: true, detail: { reason: 'link' } }));
      return;
    }
    const frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = this.getAttribute('title') ?? 'Sign a form';
    // The signing page learns which site embeds it from the referrer: its origin, never its path.
    frame.referrerPolicy = 'origin';
    frame.style.display = 'block';
    frame.style.width = '100%';
    frame.style.height = '640px';
    frame.style.border = '0';
    this.origin = url.origin;
    this.frame = frame;
    root.append(frame);
  }

  private heard(event: MessageEvent): void {
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== this.origin) return;
    const data = (event.data ?? {}) as FramedMessage;
    if (typeof data.type !== 'string' || !data.type.startsWith('formsign:') || typeof data.formId !== 'string') return;
    const name = data.type.slice('formsign:'.length);
    if (name === 'resize') {
      if (typeof data.height === 'number' && Number.isFinite(data.height))
        this.frame.style.height = `${Math.min(maxHeight, Math.max(minHeight, Math.ceil(data.height)))}px`;
      return;
    }
    if (!(events as readonly string[]).includes(name)) return;
    const detail: { formId: string; fieldId?: string } = { formId: data.formId };
    if (name === 'field-changed' && typeof data.fieldId === 'string') detail.fieldId = data.fieldId;
    this.dispatchEvent(new CustomEvent(data.type, { bubbles: true, composed: true, detail }));
  }
}

if (!customElements.get('formsign-signing')) customElements.define('formsign-signing', FormsignSigning);
