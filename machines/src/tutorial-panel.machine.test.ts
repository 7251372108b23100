import type { TutorialItem } from '@formsign/sdk/contract';
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { controlledActors, flush } from '../test/controlled-actors.js';
import { describePath, replayPath, traversalLimit } from '../test/model-based.js';
import {
  generalTutorialPath,
  panelDefaults,
  panelWidth,
  panelWidthRule,
  tutorialPanelMachine,
  tutorialsForPage,
  type TutorialPanelInput,
} from './index.js';

function tutorial(path: string, title: string, kind: 'video' | 'pdf' = 'video'): TutorialItem {
  return { path, url: `https://cdn.example/${kind}/${title}`, icon: `https://cdn.example/icons/${title}.png`, title, subtitle: [] };
}

const fallback = { video: tutorial(generalTutorialPath, 'intro'), pdf: tutorial(generalTutorialPath, 'getting-started', 'pdf') };
const videos = [tutorial('dashboard', 'dashboard-tour'), tutorial('general', 'basics'), tutorial('forms', 'forms-tour')];
const pdfs = [tutorial('forms', 'forms-guide', 'pdf')];
const input: TutorialPanelInput = { page: 'dashboard', viewportWidth: 1000, fallback };

function start(overrides: Partial<TutorialPanelInput> = {}) {
  const control = controlledActors();
  const machine = tutorialPanelMachine.provide({
    actors: { videoTutorials: control.logic<TutorialItem[], unknown>(), pdfTutorials: control.logic<TutorialItem[], unknown>() },
  });
  const actor = createActor(machine, { input: { ...input, ...overrides } }).start();
  return { actor, control };
}

async function openLoaded(kind: 'video' | 'pdf', items: TutorialItem[], overrides: Partial<TutorialPanelInput> = {}) {
  const started = start(overrides);
  started.actor.send({ type: 'panel.open', kind });
  await flush();
  started.control.resolve(kind === 'video' ? 'videoTutorials' : 'pdfTutorials', items);
  await flush();
  return started;
}

describe('panelWidth', () => {
  it('is 30% of a viewport wider than 600 px', () => {
    expect(panelWidth(1000)).toBe(300);
    expect(panelWidth(601)).toBeCloseTo(180.3);
  });

  it('is 50% of a viewport of 600 px or less', () => {
    expect(panelWidth(600)).toBe(300);
    expect(panelWidth(400)).toBe(200);
  });

  it('is never under 150 px', () => {
    expect(panelWidth(299)).toBe(150);
    expect(panelWidth(0)).toBe(150);
    expect(panelWidthRule.minWidth).toBe(150);
  });
});

describe('tutorialsForPage', () => {
  it("keeps the tutorials of the page and the general ones, in the list's order", () => {
    expect(tutorialsForPage(videos, 'dashboard', fallback.video)).toEqual([videos[0], videos[1]]);
  });

  it('gives the fallback when none match or none exist', () => {
    expect(tutorialsForPage(pdfs, 'dashboard', fallback.pdf)).toEqual([fallback.pdf]);
    expect(tutorialsForPage([], 'dashboard', fallback.video)).toEqual([fallback.video]);
  });
});

describe('tutorial panel machine transitions', () => {
  it('starts closed at the default position, its width from the viewport, the page from the input', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({
      page: 'dashboard',
      fallback,
      kind: null,
      available: null,
      items: [],
      position: { top: 50, left: 60 },
      viewportWidth: 1000,
      width: 300,
    });
    expect(panelDefaults).toEqual({ top: 50, left: 60 });
  });

  it('uses the general page key when the input gives none', () => {
    const actor = createActor(tutorialPanelMachine, { input: { viewportWidth: 500, fallback } });
    expect(actor.getSnapshot().context).toMatchObject({ page: 'general', width: 250 });
  });

  it('closed → video.loading (panel.open video): fetches the video tutorials, shows nothing yet', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.open', kind: 'video' });
    expect(actor.getSnapshot().value).toEqual({ video: 'loading' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'video', available: null, items: [] });
    await flush();
    expect(control.started.map((run) => run.id)).toEqual(['videoTutorials']);
  });

  it('closed → pdf.loading (panel.open pdf): fetches the PDF tutorials', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.open', kind: 'pdf' });
    expect(actor.getSnapshot().value).toEqual({ pdf: 'loading' });
    expect(actor.getSnapshot().context.kind).toBe('pdf');
    await flush();
    expect(control.started.map((run) => run.id)).toEqual(['pdfTutorials']);
  });

  it("video.loading → video.ready (done): shows the page's and the general videos", async () => {
    const { actor } = await openLoaded('video', videos);
    expect(actor.getSnapshot().value).toEqual({ video: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ available: videos, items: [videos[0], videos[1]] });
  });

  it('video.loading → video.ready (done): none matching gives the fallback intro video', async () => {
    const { actor } = await openLoaded('video', [tutorial('forms', 'forms-tour')]);
    expect(actor.getSnapshot().context.items).toEqual([fallback.video]);
  });

  it('video.loading → video.ready (done): an empty list gives the fallback intro video', async () => {
    const { actor } = await openLoaded('video', []);
    expect(actor.getSnapshot().context.items).toEqual([fallback.video]);
  });

  it('video.loading → video.failed (error): the fallback intro video', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.open', kind: 'video' });
    await flush();
    control.reject('videoTutorials', new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ video: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ available: [], items: [fallback.video] });
  });

  it("pdf.loading → pdf.ready (done): shows the page's PDFs", async () => {
    const { actor } = await openLoaded('pdf', pdfs, { page: 'forms' });
    expect(actor.getSnapshot().value).toEqual({ pdf: 'ready' });
    expect(actor.getSnapshot().context.items).toEqual(pdfs);
  });

  it('pdf.loading → pdf.ready (done): none matching gives the fallback getting-started PDF', async () => {
    const { actor } = await openLoaded('pdf', pdfs);
    expect(actor.getSnapshot().context.items).toEqual([fallback.pdf]);
  });

  it('pdf.loading → pdf.failed (error): the fallback getting-started PDF', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.open', kind: 'pdf' });
    await flush();
    control.reject('pdfTutorials', new Error('offline'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ pdf: 'failed' });
    expect(actor.getSnapshot().context.items).toEqual([fallback.pdf]);
  });

  it('video → pdf (panel.open pdf): switches to the PDFs and fetches them', async () => {
    const { actor, control } = await openLoaded('video', videos);
    actor.send({ type: 'panel.open', kind: 'pdf' });
    expect(actor.getSnapshot().value).toEqual({ pdf: 'loading' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'pdf', items: [] });
    await flush();
    expect(control.isWaiting('pdfTutorials')).toBe(true);
  });

  it('pdf → video (panel.open video): switches to the videos', async () => {
    const { actor } = await openLoaded('pdf', pdfs);
    actor.send({ type: 'panel.open', kind: 'video' });
    expect(actor.getSnapshot().value).toEqual({ video: 'loading' });
    expect(actor.getSnapshot().context.kind).toBe('video');
  });

  it('video (panel.open video) and pdf (panel.open pdf): opening what is shown changes nothing', async () => {
    const { actor, control } = await openLoaded('video', videos);
    actor.send({ type: 'panel.open', kind: 'video' });
    expect(actor.getSnapshot().value).toEqual({ video: 'ready' });
    await flush();
    expect(control.started).toHaveLength(1);
    const pdf = await openLoaded('pdf', pdfs);
    pdf.actor.send({ type: 'panel.open', kind: 'pdf' });
    expect(pdf.actor.getSnapshot().value).toEqual({ pdf: 'ready' });
  });

  it('video → closed (panel.close): shows nothing', async () => {
    const { actor } = await openLoaded('video', videos);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ kind: null, available: null, items: [] });
  });

  it('pdf → closed (panel.close): shows nothing', async () => {
    const { actor } = await openLoaded('pdf', pdfs);
    actor.send({ type: 'panel.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ kind: null, items: [] });
  });

  it('closing while loading cancels the fetch', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.open', kind: 'video' });
    await flush();
    actor.send({ type: 'panel.close' });
    control.resolve('videoTutorials', videos);
    await flush();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('video (panel.move) and pdf (panel.move): moves the panel, which stays there when reopened', async () => {
    const { actor } = await openLoaded('video', videos);
    actor.send({ type: 'panel.move', top: 120, left: 300 });
    expect(actor.getSnapshot().context.position).toEqual({ top: 120, left: 300 });
    actor.send({ type: 'panel.open', kind: 'pdf' });
    actor.send({ type: 'panel.move', top: 10, left: 20 });
    expect(actor.getSnapshot().context.position).toEqual({ top: 10, left: 20 });
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.open', kind: 'video' });
    expect(actor.getSnapshot().context.position).toEqual({ top: 10, left: 20 });
  });

  it('closed: panel.move does nothing', () => {
    const { actor } = start();
    actor.send({ type: 'panel.move', top: 1, left: 2 });
    expect(actor.getSnapshot().context.position).toEqual(panelDefaults);
  });

  it('(panel.viewport) in any state: resizes to the viewport', async () => {
    const { actor } = start();
    actor.send({ type: 'panel.viewport', width: 500 });
    expect(actor.getSnapshot().context).toMatchObject({ viewportWidth: 500, width: 250 });
    actor.send({ type: 'panel.open', kind: 'video' });
    actor.send({ type: 'panel.viewport', width: 2000 });
    expect(actor.getSnapshot().value).toEqual({ video: 'loading' });
    expect(actor.getSnapshot().context.width).toBe(600);
  });

  it('(panel.page) while showing: the items follow the page', async () => {
    const { actor } = await openLoaded('video', videos);
    actor.send({ type: 'panel.page', key: 'forms' });
    expect(actor.getSnapshot().value).toEqual({ video: 'ready' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 'forms', items: [videos[1], videos[2]] });
    actor.send({ type: 'panel.page', key: 'settings' });
    expect(actor.getSnapshot().context.items).toEqual([videos[1]]);
  });

  it('(panel.page) while closed or loading: only the page key changes', async () => {
    const { actor, control } = start();
    actor.send({ type: 'panel.page', key: 'forms' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 'forms', items: [] });
    actor.send({ type: 'panel.open', kind: 'pdf' });
    actor.send({ type: 'panel.page', key: 'settings' });
    expect(actor.getSnapshot().context.items).toEqual([]);
    await flush();
    control.resolve('pdfTutorials', pdfs);
    await flush();
    expect(actor.getSnapshot().context.items).toEqual([fallback.pdf]);
  });
});

describe('tutorial panel machine, model-based', () => {
  type PanelSnapshot = SnapshotFrom<typeof tutorialPanelMachine>;
  type PanelEvent = EventFromLogic<typeof tutorialPanelMachine>;

  const always: PanelEvent[] = [
    { type: 'panel.open', kind: 'video' },
    { type: 'panel.open', kind: 'pdf' },
    { type: 'panel.close' },
    { type: 'panel.move', top: 200, left: 10 },
    { type: 'panel.viewport', width: 480 },
    { type: 'panel.page', key: 'forms' },
  ];
  const sampleEvents = (snapshot: PanelSnapshot): PanelEvent[] => {
    const settle = (id: string, list: TutorialItem[]) =>
      [
        { type: `xstate.done.actor.${id}`, output: list },
        { type: `xstate.done.actor.${id}`, output: [] },
        { type: `xstate.error.actor.${id}`, error: new Error('offline') },
      ] as unknown as PanelEvent[];
    if (snapshot.matches({ video: 'loading' })) return [...always, ...settle('videoTutorials', videos)];
    if (snapshot.matches({ pdf: 'loading' })) return [...always, ...settle('pdfTutorials', pdfs)];
    return always;
  };

  const paths = getShortestPaths(tutorialPanelMachine, { input, events: sampleEvents, limit: traversalLimit });

  it('reaches every state: closed, and loading, ready and failed for video and pdf', () => {
    const values = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...values].sort()).toEqual(
      ['closed', { video: 'loading' }, { video: 'ready' }, { video: 'failed' }, { pdf: 'loading' }, { pdf: 'ready' }, { pdf: 'failed' }]
        .map((v) => JSON.stringify(v))
        .sort(),
    );
  });

  /** What must hold in every state. */
  function checkInvariants(snapshot: PanelSnapshot) {
    const { context } = snapshot;
    expect(context.width).toBe(panelWidth(context.viewportWidth));
    if (snapshot.matches('closed')) expect(context).toMatchObject({ kind: null, items: [] });
    for (const kind of ['video', 'pdf'] as const) {
      if (!snapshot.matches(kind)) continue;
      expect(context.kind).toBe(kind);
      if (snapshot.matches({ [kind]: 'loading' })) expect(context.items).toEqual([]);
      else {
        expect(context.items.length).toBeGreaterThan(0);
        expect(context.items).toEqual(tutorialsForPage(context.available ?? [], context.page, fallback[kind]));
      }
      if (snapshot.matches({ [kind]: 'failed' })) expect(context.items).toEqual([fallback[kind]]);
    }
  }

  for (const path of paths) {
    it(`path ${describePath(path)}`, async () => {
      const control = controlledActors();
      const machine = tutorialPanelMachine.provide({
        actors: { videoTutorials: control.logic<TutorialItem[], unknown>(), pdfTutorials: control.logic<TutorialItem[], unknown>() },
      });
      await replayPath(machine, path, {
        control,
        input,
        check: (actual, expected) => {
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
          checkInvariants(actual);
        },
      });
    });
  }
});
