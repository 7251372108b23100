/**
 * The floating tutorial panel, driven by the tutorial panel machine:
 * closed, videos or PDFs for the current page, at a position the person can move (drag the
 * title bar, or focus it and use the arrow keys), as wide as the viewport rule says.
 */
import { fromRequest, tutorialPanelMachine } from '@formsign/machines';
import { createActorContext } from '@xstate/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { fallbackTutorials } from '../config.ts';
import { inspectOption } from '../session/inspection.ts';

const panelLogic = tutorialPanelMachine.provide({
  actors: {
    videoTutorials: fromRequest((_input: unknown, options) => api.tutorials.videos(options)),
    pdfTutorials: fromRequest((_input: unknown, options) => api.tutorials.pdfs(options)),
  },
});

export const Panel = createActorContext(panelLogic);

export const useTutorialPanel = Panel.useActorRef;

export function TutorialPanelProvider({ children }: { children: ReactNode }) {
  return (
    <Panel.Provider options={{ input: { viewportWidth: window.innerWidth, fallback: fallbackTutorials }, ...inspectOption() }}>
      {children}
    </Panel.Provider>
  );
}

/** Keeps the panel told of the page it is on and of the viewport's width. */
export function useTutorialPanelPage(pageKey: string): void {
  const panel = useTutorialPanel();
  useEffect(() => panel.send({ type: 'panel.page', key: pageKey }), [panel, pageKey]);
  useEffect(() => {
    const onResize = (): void => panel.send({ type: 'panel.viewport', width: window.innerWidth });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [panel]);
}

// The panel itself loads the first time it opens.
const TutorialPanelView = lazy(() => import('./tutorial-panel-view.tsx'));

export function TutorialPanel() {
  const open = Panel.useSelector((snapshot) => snapshot.context.kind !== null);
  return open ? (
    <Suspense fallback={null}>
      <TutorialPanelView />
    </Suspense>
  ) : null;
}
