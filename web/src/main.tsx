import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { carryOverWhenReplaced, prerenderedPath, shownPrerenderedPage } from './prerender/prerendered.ts';
import { loadPage } from './routes/page-chunks.ts';
import { routes } from './routes/route-table.ts';
import { startInspectorIfAsked } from './session/inspection.ts';
import './styles/app.css';

/**
 * Starts the app. Not awaited at the top of this module: the page chunks import this chunk,
 * so waiting here for one of them would wait for itself.
 */
async function start(): Promise<void> {
  await startInspectorIfAsked();
  // index.html asks for this script from its first lines (see boot-script.ts): it may arrive before the page is parsed.
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root.');

  // The login page index.html already shows (prerendered): the app takes its place once its
  // own login page is here, so the person never sees a spinner in between, and keeps what
  // they typed, with the focus.
  const prerendered = shownPrerenderedPage(root);
  const login = routes.find((route) => route.path === prerenderedPath);
  if (prerendered && login) await loadPage(login).catch(() => undefined);
  if (prerendered) carryOverWhenReplaced(prerendered);

  // Rendered in slices, so a slow phone stays responsive while the app starts (and the
  // prerendered page stays usable until the app's page takes its place).
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
