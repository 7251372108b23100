/**
 * The HTML of a signing link's page that paints the form's first page (the markup of
 * `modules/forms/signing-page.ts`), made from index.html so that a phone on a slow network
 * needs two answers to show that page, the HTML and the page's image, and nothing beside them
 * shares the line:
 *
 * - the rules of the app's stylesheet that may style the painted markup are put inline (the
 *   policy allows them by their hash), in place of the stylesheet, which stays in the page
 *   disabled: a disabled stylesheet is not fetched, and the boot script turns it on once the
 *   page is painted and starts the app when it has loaded (web/src/prerender/boot-script.ts);
 * - the icon (the brand beside the title, and the tab's) is a `data:` address, not a request;
 * - the login page index.html holds for /login is left out (it asks for the icon too, and a
 *   signing page never shows it).
 *
 * The rules kept are every rule one of whose selectors names only classes and ids the page
 * has (the classes the boot script puts on `<html>` included; what a `:not()`, `:is()`,
 * `:where()` or `:has()` names is not required), with the `@media` rules around them: a rule
 * left out cannot apply to any element of the page, so the paint is laid out as the whole
 * stylesheet lays it out (sign-on-document.spec.ts compares it with the app's own page).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type ChildNode, type Container, type Root } from 'postcss';

/** Classes and ids a page's markup uses. */
interface Vocabulary {
  classes: Set<string>;
  ids: Set<string>;
}

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="(\/css\/[^"]+\.css)">/;
const iconLink = /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml" \/>/;
const rootStart = '<div id="root">';
const spinnerStart = '<div class="spinner app-loading"';

/** The classes and ids of `markup`'s elements, and the classes its scripts put on `<html>`. */
export function vocabularyOf(markup: string): Vocabulary {
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const [, names = ''] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of names.split(/\s+/)) if (name) classes.add(name);
  for (const [, id = ''] of markup.matchAll(/\sid="([^"]*)"/g)) ids.add(id);
  for (const [, name = ''] of markup.matchAll(/classList\.add\('([\w-]+)'\)/g)) classes.add(name);
  return { classes, ids };
}

/** A selector without the parts that name nothing an element must have: attribute tests and `:not()`, `:is()`, `:where()`, `:has()`. */
function required(selector: string): string {
  let rest = selector.replace(/\[[^\]]*\]/g, '');
  for (let at = rest.search(/:(?:not|is|where|has|matches)\(/); at >= 0; at = rest.search(/:(?:not|is|where|has|matches)\(/)) {
    let depth = 0;
    let end = rest.indexOf('(', at);
    for (; end < rest.length; end++) {
      if (rest[end] === '(') depth++;
      else if (rest[end] === ')' && --depth === 0) break;
    }
    rest = rest.slice(0, at) + rest.slice(end + 1);
  }
  return rest;
}

/** Whether an element of a page with `vocabulary` may match `selector`. */
export function mayMatch(selector: string, { classes, ids }: Vocabulary): boolean {
  const rest = required(selector);
  for (const [, name = ''] of rest.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (!classes.has(name)) return false;
  for (const [, id = ''] of rest.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)) if (!ids.has(id)) return false;
  return true;
}

/** Leaves in `container` the rules that may style a page with `vocabulary`. */
function keep(container: Container, vocabulary: Vocabulary): void {
  container.each((node: ChildNode) => {
    if (node.type === 'comment') node.remove();
    else if (node.type === 'rule') {
      if (!node.selectors.some((selector) => mayMatch(selector, vocabulary))) node.remove();
    } else if (node.type === 'atrule' && node.name !== 'keyframes' && node.name !== 'font-face' && node.nodes) {
      keep(node, vocabulary);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** The rules of `stylesheet` that may style a page with `vocabulary`, as CSS; animations only those they use. */
export function paintStyle(stylesheet: Root, vocabulary: Vocabulary): string {
  const kept = stylesheet.clone();
  keep(kept, vocabulary);
  const used = new Set<string>();
  kept.walkDecls(/^animation(-name)?$/, (declaration) => {
    for (const word of declaration.value.split(/[\s,]+/)) used.add(word);
  });
  kept.walkAtRules('keyframes', (keyframes) => {
    if (!used.has(keyframes.params)) keyframes.remove();
  });
  return kept.toString();
}

/** A painted page: its HTML, and the inline styles put into it (for its policy). */
export interface PaintedPage {
  html: string;
  styles: string[];
}

/**
 * Makes painted pages from the build in `root`: `page(index, paint)` is index.html's text
 * with `paint` before `#root`, as described above; when index.html has no stylesheet link or
 * `#root` to work with, just the paint put in.
 */
export function paintedPages(root: string): { page(index: string, paint: string): PaintedPage } {
  let stylesheet: { file: string; mtimeMs: number; css: Root; styles: Map<string, string> } | null = null;
  let icon: { mtimeMs: number; address: string } | null = null;

  function styleFor(href: string, vocabulary: Vocabulary): string {
    const file = join(root, href);
    const { mtimeMs } = statSync(file);
    if (stylesheet?.file !== file || stylesheet.mtimeMs !== mtimeMs)
      stylesheet = { file, mtimeMs, css: postcss.parse(readFileSync(file, 'utf8')), styles: new Map() };
    // Forms differ in their texts, not in their classes: the few sets of rules are kept.
    const key = [...vocabulary.classes].sort().join(' ') + '#' + [...vocabulary.ids].sort().join(' ');
    let style = stylesheet.styles.get(key);
    if (style === undefined) {
      style = paintStyle(stylesheet.css, vocabulary);
      if (stylesheet.styles.size < 64) stylesheet.styles.set(key, style);
    }
    return style;
  }

  function iconAddress(): string {
    const file = join(root, 'favicon.svg');
    const { mtimeMs } = statSync(file);
    if (icon?.mtimeMs !== mtimeMs) icon = { mtimeMs, address: `data:image/svg+xml;base64,${readFileSync(file).toString('base64')}` };
    return icon.address;
  }

  return {
    page(index, paint) {
      const link = stylesheetLink.exec(index);
      const rootAt = index.indexOf(rootStart);
      if (!link?.[1] || rootAt < 0) return { html: index.replace(rootStart, () => `${paint}${rootStart}`), styles: [] };
      const icon = iconAddress();
      const content = rootAt + rootStart.length;
      const spinnerAt = index.indexOf(spinnerStart, content);
      // #root keeps the loading spinner (hidden behind the paint), not the login page.
      const body = `${paint.replaceAll('<img src="/favicon.svg"', `<img src="${icon}"`)}${rootStart}${index.slice(spinnerAt < 0 ? content : spinnerAt)}`;
      const head = index.slice(0, rootAt).replace(iconLink, `<link rel="icon" href="${icon}" type="image/svg+xml" />`);
      const style = styleFor(link[1], vocabularyOf(head + body));
      const html = (head + body).replace(link[0], () => `<style>${style}</style>${link[0].replace('>', ' disabled>')}`);
      return { html, styles: [style] };
    },
  };
}
