/**
 * What serving the app on the mock adds to it (`npm start` with the mock, the dev server with
 * the mock, the browser tests), and only then: a thin banner at the top of every page saying
 * the data are examples and changes are not kept, with the way to the QA page; and that page,
 * `/__mock`, reachable at the app's own address. A real backend gets neither, whatever build
 * it serves: this is added by the serving layer, not built into the app.
 */
import { qaPagePath } from './qa-page.js';

/**
 * The banner, last in `<body>`, outside the app's root (the app never renders over it), so the
 * app's own skip link stays the first stop of the keyboard. The app's stylesheet shows it
 * above the app (`.mock-banner`).
 */
export const mockBannerHtml =
  `<aside class="mock-banner" aria-label="Example data">` +
  `<p>Example data from the mock: changes are not kept. <a href="${qaPagePath}">Choose who you are and what calls answer</a></p>` +
  `</aside>`;

export interface MockModeServing {
  /** Markup put last in the page's `<body>`. */
  bodyEnd: string;
  /** Paths passed to the backend as they are (not under `/api`). */
  passThrough: string[];
}

export const mockModeServing: MockModeServing = { bodyEnd: mockBannerHtml, passThrough: [qaPagePath] };
