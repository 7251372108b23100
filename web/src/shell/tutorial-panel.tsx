/**
 * The floating tutorial panel, driven by the tutorial panel machine:
 * closed, videos or PDFs for the current page, at a position the person can move (drag the
 * title bar, or focus it and use the arrow keys), as wide as the viewport rule says. The help
 * menus open it, and they are the shell's signed-in extras: the panel loads with them
 * (shell-extras.ts), one actor for the page's life, told of the page it is on.
 */
import { fromRequest, tutorialPanelMachine } from '@formsign/machines';
import { tutorialsApi } from '@formsign/sdk';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { createActor, type SnapshotFrom } from 'xstate';
import { area } from '../api/client.ts';
import { fallbackTutorials } from '../config.ts';
import { inspectOption } from '../session/inspection.ts';

const tutorialsCalls = area(tutorialsApi);

const panelLogic = tutorialPanelMachine.provide({
  actors: {
    videoTutorials: fromRequest((_input: unknown, options) => tutorialsCalls.videos(options)),
    pdfTutorials: fromRequest((_input: unknown, options) => tutorialsCalls.pdfs(options)),
  },
});

const panel = createActor(panelLogic, { input: { viewportWidth: window.innerWidth, fallback: fallbackTutorials }, ...inspectOption() }).start();

export function useTutorialPanel(): typeof panel {
  return panel;
}

export function usePanelSelector<T>(select: (snapshot: SnapshotFrom<typeof panelLogic>) => T): T {
  return useSelector(panel, select);
}

// The panel itself loads the first time it opens.
const TutorialPanelView = lazy(() => import('./tutorial-panel-view.tsx'));

/** The panel, told of the page it is on and of the viewport's width; shown while open. */
export default function TutorialPanel({ pageKey }: { pageKey: string }) {
  useEffect(() => panel.send({ type: 'panel.page', key: pageKey }), [pageKey]);
  useEffect(() => {
    const onResize = (): void => panel.send({ type: 'panel.viewport', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const open = usePanelSelector((snapshot) => snapshot.context.kind !== null);
  return open ? (
    <Suspense fallback={null}>
      <TutorialPanelView />
    </Suspense>
  ) : null;
}
