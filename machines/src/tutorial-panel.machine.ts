/**
 * The tutorial panel: it shows nothing, a video or a PDF,
 * at a position (top 50, left 60 until moved) and with a width that follows the viewport.
 * Opening it fetches the tutorials of its kind; the ones whose `path` is the current page key
 * or `general` are shown, and when there are none (or the fetch failed) the app's fallback
 * intro video or getting-started PDF is shown instead. The machine holds no URLs.
 */
import type { TutorialItem } from '@formsign/sdk/contract';
import { assign, setup } from 'xstate';
import { notProvided } from './request-actor.js';

export type TutorialKind = 'video' | 'pdf';

/** Where the panel opens until the user moves it. */
export const panelDefaults = { top: 50, left: 60 } as const;

/** The panel's width: 30% of a viewport wider than 600 px, otherwise 50%, never under 150 px. */
export const panelWidthRule = { wideAbove: 600, wideShare: 0.3, narrowShare: 0.5, minWidth: 150 } as const;

/** The `path` of tutorials that belong to every page. */
export const generalTutorialPath = 'general';

/** The panel's width in pixels for a viewport of `viewportWidth` pixels. */
export function panelWidth(viewportWidth: number): number {
  const share = viewportWidth > panelWidthRule.wideAbove ? panelWidthRule.wideShare : panelWidthRule.narrowShare;
  return Math.max(panelWidthRule.minWidth, viewportWidth * share);
}

/**
 * The tutorials to show on `page`: those whose `path` is the page key or `general`, or the
 * fallback when there are none.
 */
export function tutorialsForPage(items: readonly TutorialItem[], page: string, fallback: TutorialItem): TutorialItem[] {
  const matching = items.filter((item) => item.path === page || item.path === generalTutorialPath);
  return matching.length > 0 ? matching : [fallback];
}

export interface PanelPosition {
  top: number;
  left: number;
}

export interface TutorialPanelInput {
  /** The current page key; `general` when the page has none. */
  page?: string;
  /** The viewport's width in pixels. */
  viewportWidth: number;
  /** The intro video and getting-started PDF shown when no tutorial exists. */
  fallback: Record<TutorialKind, TutorialItem>;
}

export interface TutorialPanelContext {
  page: string;
  fallback: Record<TutorialKind, TutorialItem>;
  /** What the panel shows, or null when closed. */
  kind: TutorialKind | null;
  /** The fetched tutorials of `kind`; null while they load. */
  available: TutorialItem[] | null;
  /** The tutorials shown: matched by page, or the fallback; empty while closed or loading. */
  items: TutorialItem[];
  position: PanelPosition;
  viewportWidth: number;
  width: number;
}

export type TutorialPanelEvent =
  | { type: 'panel.open'; kind: TutorialKind }
  | { type: 'panel.close' }
  | { type: 'panel.move'; top: number; left: number }
  | { type: 'panel.viewport'; width: number }
  | { type: 'panel.page'; key: string };

function shown(context: Pick<TutorialPanelContext, 'kind' | 'available' | 'page' | 'fallback'>): TutorialItem[] {
  if (context.kind === null || context.available === null) return [];
  return tutorialsForPage(context.available, context.page, context.fallback[context.kind]);
}

export const tutorialPanelMachine = setup({
  types: {
    context: {} as TutorialPanelContext,
    events: {} as TutorialPanelEvent,
    input: {} as TutorialPanelInput,
  },
  actors: {
    /** `client.tutorials.videos()`. */
    videoTutorials: notProvided<TutorialItem[]>('videoTutorials'),
    /** `client.tutorials.pdfs()`. */
    pdfTutorials: notProvided<TutorialItem[]>('pdfTutorials'),
  },
  guards: {
    opensVideo: ({ event }) => event.type === 'panel.open' && event.kind === 'video',
    opensPdf: ({ event }) => event.type === 'panel.open' && event.kind === 'pdf',
  },
  actions: {
    startLoading: assign((_, params: { kind: TutorialKind }) => ({ kind: params.kind, available: null, items: [] })),
    showTutorials: assign(({ context }, params: { tutorials: TutorialItem[] }) => ({
      available: params.tutorials,
      items: shown({ ...context, available: params.tutorials }),
    })),
    showFallback: assign(({ context }) => ({ available: [], items: shown({ ...context, available: [] }) })),
    close: assign({ kind: null, available: null, items: [] }),
    move: assign(({ event }) => (event.type === 'panel.move' ? { position: { top: event.top, left: event.left } } : {})),
    resize: assign(({ event }) => (event.type === 'panel.viewport' ? { viewportWidth: event.width, width: panelWidth(event.width) } : {})),
    changePage: assign(({ context, event }) => {
      if (event.type !== 'panel.page') return {};
      return { page: event.key, items: shown({ ...context, page: event.key }) };
    }),
  },
}).createMachine({
  id: 'tutorialPanel',
  context: ({ input }) => ({
    page: input.page ?? generalTutorialPath,
    fallback: input.fallback,
    kind: null,
    available: null,
    items: [],
    position: { ...panelDefaults },
    viewportWidth: input.viewportWidth,
    width: panelWidth(input.viewportWidth),
  }),
  initial: 'closed',
  on: {
    'panel.page': { actions: 'changePage' },
    'panel.viewport': { actions: 'resize' },
  },
  states: {
    closed: {
      on: {
        'panel.open': [
          { guard: 'opensVideo', target: 'video' },
          { guard: 'opensPdf', target: 'pdf' },
        ],
      },
    },
    video: {
      entry: { type: 'startLoading', params: { kind: 'video' } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'videoTutorials',
            src: 'videoTutorials',
            onDone: { target: 'ready', actions: { type: 'showTutorials', params: ({ event }) => ({ tutorials: event.output }) } },
            onError: { target: 'failed', actions: 'showFallback' },
          },
        },
        ready: {},
        failed: { description: 'The fetch failed: the fallback video is shown.' },
      },
      on: {
        'panel.open': { guard: 'opensPdf', target: 'pdf' },
        'panel.close': { target: 'closed', actions: 'close' },
        'panel.move': { actions: 'move' },
      },
    },
    pdf: {
      entry: { type: 'startLoading', params: { kind: 'pdf' } },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'pdfTutorials',
            src: 'pdfTutorials',
            onDone: { target: 'ready', actions: { type: 'showTutorials', params: ({ event }) => ({ tutorials: event.output }) } },
            onError: { target: 'failed', actions: 'showFallback' },
          },
        },
        ready: {},
        failed: { description: 'The fetch failed: the fallback PDF is shown.' },
      },
      on: {
        'panel.open': { guard: 'opensVideo', target: 'video' },
        'panel.close': { target: 'closed', actions: 'close' },
        'panel.move': { actions: 'move' },
      },
    },
  },
});
