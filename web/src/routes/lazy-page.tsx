/**
 * A route's page, loaded on demand through the chunk-loading machine: a spinner while it
 * loads; the chunk loading error, naming the failed request, with a retry when it fails or
 * takes longer than the page-load time-out.
 */
import { chunkLoadingMachine } from '@formsign/machines';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useState, type ComponentType } from 'react';
import { fromPromise } from 'xstate';
import { handOverFirstPaint } from '../prerender/first-paint.ts';
import { inspectOption } from '../session/inspection.ts';
import { markPageShown } from '../shell/shell-extras.ts';
import { chunkRequest, loadedPage, loadPage } from './page-chunks.ts';
import type { RouteEntry } from './route-table.ts';

const reasonText = {
  missing: msg`The page’s script is missing from the server (404).`,
  timeout: msg`The page’s script did not arrive within 120 seconds.`,
  failed: msg`The page’s script could not be downloaded.`,
} as const;

/** A loaded page, telling the shell it has been shown. */
function ShownPage({ page: Page }: { page: ComponentType }) {
  useEffect(() => markPageShown(), []);
  return <Page />;
}

function ChunkLoader({ route }: { route: RouteEntry }) {
  const logic = useMemo(
    () => chunkLoadingMachine.provide({ actors: { loadChunk: fromPromise<unknown, { request: string }>(() => loadPage(route)) } }),
    [route],
  );
  const [latest, send] = useMachine(logic, { input: { request: chunkRequest(route) }, ...inspectOption() });
  const { i18n } = useLingui();
  // The page follows the machine in a transition: it renders in slices once its script is
  // here, so a slow phone stays responsive while it does.
  const snapshot = useDeferredValue(latest);
  const module = loadedPage(route);
  // A page that cannot load says so in place of a first page the server painted for it.
  const failed = snapshot.matches('failed');
  useEffect(() => {
    if (failed) handOverFirstPaint();
  }, [failed]);

  if (snapshot.matches('loaded') && module) return <ShownPage page={module.default} />;
  if (snapshot.matches('failed') && snapshot.context.error) {
    const { error } = snapshot.context;
    const request = error.request;
    return (
      <div className="chunk-error card" role="alert" data-reason={error.reason}>
        <h2>
          <Trans>This page could not be loaded</Trans>
        </h2>
        <p>{i18n._(reasonText[error.reason])}</p>
        <p>
          <Trans>
            Chunk loading error: <code data-testid="chunk-request">{request}</code>
          </Trans>
        </p>
        <p className="muted">{error.message}</p>
        <button type="button" className="button" onClick={() => send({ type: 'chunk.retry' })}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="spinner" role="status" aria-live="polite">
      <Trans>Loading…</Trans>
    </div>
  );
}

export function LazyPage({ route }: { route: RouteEntry }) {
  // Decided once: a page already loaded renders at once, without a spinner frame; switching
  // later would remount the page and lose what the person typed.
  const [module] = useState(() => loadedPage(route));
  if (module) return <ShownPage page={module.default} />;
  return <ChunkLoader route={route} />;
}
