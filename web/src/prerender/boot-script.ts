/**
 * The boot script index.html runs first (built by vite.config.ts), and the one address that
 * index.html prerenders. Free of the DOM's types: the build's config imports it.
 */
export const prerenderedPath = '/login';
/** The attribute of the prerendered page's element. */
export const prerenderedAttribute = 'data-prerendered';
/**
 * Set on a prerendered form when Enter was pressed in one of its fields (its Log In button is
 * held back, so nothing is sent): the app sends the form once it has taken the page over, unless
 * the person typed on after it.
 */
export const submittedAttribute = 'data-submitted';

/**
 * The script index.html runs first, before the first paint. The prerendered page is for
 * /login without a stored session only; everywhere else it is hidden (the loading spinner
 * shows) and the app's scripts are asked for at once. On the prerendered page they are asked
 * for once it has painted, so on a slow network the stylesheet it waits for does not share
 * the line with them. Likewise a signing link's page whose HTML paints its first page (see
 * first-paint.ts) asks for them once that page is painted, with the stylesheet its HTML holds
 * back (server/src/http/painted-page.ts); in a frame it is marked embedded at once, so that
 * paint shows none of the chrome a framed page hides.
 */
export function bootScript(entry: string, preloads: readonly string[], pages: readonly PageScripts[]): string {
  const files = JSON.stringify({ entry, preloads, pages: pages.map((page) => [routePattern(page.path), page.files]) });
  return [
    '(function(){',
    `var d=document,f=${files},path=location.pathname;`,
    `var prerendered=path.replace(/\\/+$/,'')===${JSON.stringify(prerenderedPath)}&&!localStorage.getItem('token');`,
    "if(!prerendered)d.documentElement.classList.add('no-prerender');",
    // Enter in a field of the prerendered page marks its form (see submittedAttribute); typing on clears the mark.
    `function mark(e){var t=e.target,form=t&&t.form;if(form&&t.closest('[${prerenderedAttribute}]')){if(e.type==='input')form.removeAttribute('${submittedAttribute}');else if(e.key==='Enter')form.setAttribute('${submittedAttribute}','')}}`,
    "if(prerendered){d.addEventListener('keydown',mark,true);d.addEventListener('input',mark,true)}",
    // A signing page in a frame hides its own chrome from the first paint (the app's markEmbedded says the same later).
    'var signing=/^\\/web-signing\\//.test(path);',
    "if(signing){try{if(top!==self)d.documentElement.classList.add('embedded')}catch(e){d.documentElement.classList.add('embedded')}}",
    'function add(tag,props){var e=d.createElement(tag);e.crossOrigin="";for(var k in props)e[k]=props[k];d.head.appendChild(e)}',
    // The page's own scripts come along with the app's, instead of after it has started.
    'var page=f.pages.filter(function(p){return new RegExp(p[0]).test(path)})[0],files=f.preloads.concat(page?page[1]:[]);',
    // A painted signing page holds the app's stylesheet disabled (not fetched; its HTML carries the paint's own
    // styles): it is turned on with the scripts, and the app starts once it has loaded, never unstyled.
    "function load(){var s=d.querySelector('link[rel=stylesheet][disabled]'),started=0;function start(){if(!started){started=1;add('script',{type:'module',src:f.entry})}}",
    "files.forEach(function(href){add('link',{rel:'modulepreload',href:href})});if(!s)return start();",
    "add('link',{rel:'modulepreload',href:f.entry});s.addEventListener('load',start);s.addEventListener('error',start);s.removeAttribute('disabled')}",
    // A signing page whose HTML paints its first page asks for them once that page is on screen, as the browser
    // times it (its element timing; else a frame after it loaded), or after 3 s at most.
    'function afterPage(){var done=0;function go(){if(!done){done=1;load()}}',
    // `first-paint` is `firstPaintId` (@formsign/serving/first-paint), written out: the build's config loads this file, packages unbundled.
    "var i=d.querySelector('#first-paint img');if(!i)return go();",
    "i.addEventListener('error',go);setTimeout(go,3000);",
    "if((PerformanceObserver.supportedEntryTypes||[]).indexOf('element')>=0)return new PerformanceObserver(function(l,o){o.disconnect();go()}).observe({type:'element',buffered:true});",
    'function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}',
    "if(i.complete)painted();else i.addEventListener('load',painted)}",
    "if(prerendered)requestAnimationFrame(function(){setTimeout(load,0)});else if(signing&&d.readyState==='loading')d.addEventListener('DOMContentLoaded',afterPage);else load();",
    '})()',
  ].join('');
}

/** A route's page chunk and the scripts it imports that the app's own do not. */
export interface PageScripts {
  path: string;
  files: string[];
}

/** The route table's path pattern as a regular expression source: `/users/:page?` matches `/users` and `/users/2`. */
export function routePattern(path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part === '*') return '(?:/.*)?';
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return `^${parts.join('')}/?$`;
}
