/**
 * Build time only (see `prerenderedLogin` in vite.config.ts): the markup of /login as a
 * signed-out visitor first sees it, rendered from the app itself, for index.html. The page
 * then paints before any script has arrived; once the app starts it renders the same page in
 * its place (see prerendered.ts). Until then its Log In button is disabled: a form sent
 * without the app would put the password in the address.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app.tsx';
import { loadPage } from '../routes/page-chunks.ts';
import { AppRoutes } from '../routes/router.tsx';
import { routes } from '../routes/route-table.ts';
import { prerenderedAttribute, prerenderedPath } from './prerendered.ts';

export async function renderLoginMarkup(): Promise<string> {
  const login = routes.find((route) => route.path === prerenderedPath);
  if (!login) throw new Error(`The route table has no ${prerenderedPath}.`);
  // Loaded first, so the page renders itself rather than the loading spinner.
  await loadPage(login);
  const markup = renderToString(
    <AppProviders>
      <MemoryRouter initialEntries={[prerenderedPath]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const submit = '<button type="submit" class="button"';
  if (!markup.includes(submit)) throw new Error('The login page has no submit button to hold back until the app starts.');
  return `<div ${prerenderedAttribute}="">${markup.replace(submit, `${submit} disabled=""`)}</div>`;
}
