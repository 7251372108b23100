/**
 * What the server puts into the HTML of a signing link's page (`/web-signing/{pageId}?token=…`),
 * read from the link in one go when the page is served:
 *
 * - the sites its organisation allows to embed it (its `frame-ancestors`); none for a link whose
 *   token does not prove it (the token is checked before the database is read);
 * - for the holder of a valid link to a form open for them, not expired, whose PDF's pages the
 *   server has drawn: its first page, painted by the HTML itself before the app has started (the
 *   app's chain of scripts, strings and the form's answer takes seconds on a slow phone). The
 *   markup is the app's own signing page as it first shows the document (the classes of
 *   `signing-screen.tsx`, `signing-intro.tsx` and `document-viewer.tsx`, with the same texts),
 *   so the first page sits where the app draws it, at the very address the form's answer names
 *   (`page-images.ts` ends it on the hour): the app's own image comes from the browser's cache,
 *   and the app takes the paint's place once it is drawn (web/src/prerender/first-paint.ts).
 *   It says only what the form's answer says to the same holder, and nothing for a place that
 *   asks its holder for a code first (`verify-signer.ts`), in the form's language (the app opens
 *   the page in it). Opening the page this way records nothing: the form is opened when the app
 *   reads it.
 */
import { firstPaintId } from '@formsign/serving/first-paint';
import { msg } from '#words';
import { frameAncestorsOf } from '../../companies/embedding.js';
import { formatDate } from '../../companies/dates.js';
import type { ServerContext } from '../../context.js';
import { plainSigningPage as nothing, type SigningPageHead } from '../../http/web-app.js';
import { say, type Language } from '../../i18n/i18n.js';
import type { Words } from '../../i18n/words.js';
import { drawnPages } from '../templates/page-images.js';
import { tokenMatches } from './links.js';
import { placeOfPage } from './repository.js';
import { expired, signingCompany } from './signing-rules.js';

/** The head of the signing page of `pageId` for the holder of `token`. */
export async function signingPageHead(ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>, pageId: string, token: string): Promise<SigningPageHead> {
  if (!pageId || pageId.length > 100 || !tokenMatches(ctx.keys, pageId, token)) return nothing;
  const row = await placeOfPage(ctx.db, pageId);
  if (!row) return nothing;
  const { form, recipient } = row;
  const company = await signingCompany(ctx, form.companyId);
  const frameAncestors = frameAncestorsOf(company.embedOrigins);
  const open = (form.status === 'sent' || form.status === 'in_progress') && recipient.status === 'open';
  // A place that asks its holder for a code shows nothing of the form before it is given.
  if (!open || recipient.verification !== 'none' || form.deletedAt || !form.pdfKey || expired(form, ctx.now())) return { ...nothing, frameAncestors };
  // Pages not drawn yet are queued by the form's answer, when the page asks for it.
  const pages = await drawnPages(ctx, form.pdfKey);
  const first = pages?.[0];
  if (!pages || !first) return { ...nothing, frameAncestors };
  const markup = firstPaintMarkup({
    language: form.language,
    title: form.title,
    sender: company.name ? `${form.senderName}, ${company.name}` : form.senderName,
    message: form.message,
    signer: { name: recipient.name, email: recipient.email, order: recipient.order },
    completeBy: form.expiresAt
      ? { iso: form.expiresAt.toISOString(), text: formatDate(form.expiresAt, company.dates, { time: true, zone: false }) }
      : null,
    page: first,
    count: pages.length,
  });
  return { frameAncestors, firstPage: first.url, firstPaint: markup };
}

/** Text for HTML, in an element or a quoted attribute. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An address as `EmailAddress` writes it: it may wrap after its @ and before a dot. */
function emailMarkup(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at + 1);
  const domain = at < 0 ? '' : address.slice(at + 1);
  const byDots = (text: string): string[] => text.split(/(?=\.)/).filter(Boolean);
  return `<span class="email" data-email="">${[...byDots(local), ...byDots(domain)].map(escape).join('<wbr>')}</span>`;
}

interface FirstPaint {
  /** The form's language, the one the app opens its signing page in. */
  language: Language;
  title: string;
  sender: string;
  message: string;
  signer: { name: string; email: string; order: number };
  completeBy: { iso: string; text: string } | null;
  page: { url: string; width: number; height: number };
  count: number;
}

/** Each language as the language menu names it, in itself. */
const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

/** Words said in `language` as HTML text: escaped, with each placeholder's markup (already escaped) in its place. */
function markupOf(language: Language, words: Words, markup: Record<string, string>): string {
  const marks = Object.keys(markup);
  const said = say(language, words, Object.fromEntries(marks.map((name, index) => [name, `\uE000${index}\uE001`])));
  return escape(said).replace(/\uE000(\d+)\uE001/g, (_, index: string) => markup[marks[Number(index)] ?? ''] ?? '');
}

/**
 * The signing page as the app first shows the document, to its first page: the language menu
 * (still, until the app's own takes its place), the brand, the form's introduction, the
 * document's tools and its first page. Elements and texts as the app's components write them,
 * with no whitespace between tags (React writes none), so each box has the app's size.
 */
export function firstPaintMarkup({ language, title, sender, message, signer, completeBy, page, count }: FirstPaint): string {
  const text = (words: Words, values?: Record<string, unknown>): string => escape(say(language, words, values));
  // As high as the page is for its width: the image's own proportions (800 px wide) until the CSS fits it to the column.
  const width = 800;
  const height = Math.max(1, Math.round((width * page.height) / page.width));
  const facts = [
    signer.name || signer.email
      ? `<div><dt>${text(msg({ message: 'For' }))}</dt><dd>${escape(signer.name)}${signer.email ? `<span class="muted"> (${emailMarkup(signer.email)})</span>` : ''}</dd></div>`
      : '',
    `<div><dt>${text(msg({ message: 'Your step' }))}</dt><dd>${text(msg({ message: 'Step {order}: signing' }), { order: signer.order })}</dd></div>`,
    completeBy
      ? `<div><dt>${text(msg({ message: 'Please complete by' }))}</dt><dd><time datetime="${escape(completeBy.iso)}">${escape(completeBy.text)}</time></dd></div>`
      : '',
  ].join('');
  return [
    // The page's HTML says English until the app starts: the paint says its own language.
    `<div class="first-paint" id="${firstPaintId}" lang="${language}">`,
    '<div class="app app--no-nav app--no-header"><main class="app__main">',
    '<div class="signing__language"><div class="translation-widget">',
    `<span class="translation-widget__code" aria-hidden="true">${language.toUpperCase()}</span>`,
    `<label for="first-paint-language" class="visually-hidden">${text(msg({ message: 'Language' }))}</label>`,
    `<select id="first-paint-language" class="select translation-widget__select" disabled><option value="${language}" lang="${language}">${escape(languageNames[language])}</option></select>`,
    '</div></div>',
    '<div class="signing"><div class="signing__sheet signing__sheet--wide">',
    '<p class="signing__brand"><img src="/favicon.svg" alt="" width="22" height="22">formsign</p>',
    `<header class="card signing__intro"><p class="signing__kicker">${text(msg({ message: 'Signature requested' }))}</p>`,
    `<h1 class="signing__title">${escape(title)}</h1>`,
    `<p class="signing__sender">${markupOf(language, msg({ message: 'From {sender}' }), { sender: `<strong>${escape(sender)}</strong>` })}</p>`,
    message
      ? `<figure class="signing__message"><blockquote><p>${escape(message)}</p></blockquote><figcaption class="visually-hidden">${text(msg({ message: 'The sender’s message' }))}</figcaption></figure>`
      : '',
    `<dl class="signing__facts">${facts}</dl></header>`,
    `<div class="card signing__document"><section class="doc-viewer" aria-label="${text(msg({ message: 'The document to sign' }))}">`,
    `<div class="doc-viewer__tools" role="group" aria-label="${text(msg({ message: 'Zoom' }))}">`,
    `<button type="button" class="button button--secondary button--small"><span aria-hidden="true">−</span><span class="visually-hidden">${text(msg({ message: 'Zoom out' }))}</span></button>`,
    `<button type="button" class="button button--ghost button--small" disabled>${text(msg({ message: 'Fit to width' }))}</button>`,
    `<button type="button" class="button button--secondary button--small"><span aria-hidden="true">+</span><span class="visually-hidden">${text(msg({ message: 'Zoom in' }))}</span></button>`,
    `<span class="doc-viewer__zoom">100 %</span><span class="doc-viewer__count muted">${text(msg({ message: '{count, plural, one {# page} other {# pages}}' }), { count })}</span></div>`,
    '<div class="doc-viewer__pages"><div class="doc-page doc-page--first-paint" data-page="1">',
    `<img class="doc-page__canvas" src="${escape(page.url)}" width="${width}" height="${height}" alt="${text(msg({ message: 'Page {number} of {count}' }), { number: 1, count })}" fetchpriority="high" elementtiming="formsign:first-page">`,
    '</div></div></section></div>',
    '</div></div></main></div></div>',
  ].join('');
}
