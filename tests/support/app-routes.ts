/**
 * The app's routes as the browser tests visit them, from the web app's route table
 * (`web/src/routes/route-table.ts`), so no test keeps a list of its own. The table is read as
 * data: the page modules it names load lazily, and are not this package's to compile.
 */
import { fileURLToPath } from 'node:url';

const routeTable = fileURLToPath(new URL('../../web/src/routes/route-table.ts', import.meta.url));
const { routes } = (await import(/* @vite-ignore */ routeTable)) as { routes: readonly { path: string }[] };

/** Every route pattern of the table, in its order (`/workflow/:id`, `/users/:page?`, `*`, ...). */
export const routePatterns: readonly string[] = routes.map((route) => route.path);

/** Whether a pattern can be visited as written: no parameter, not the catch-all. */
export function isPlainRoute(pattern: string): boolean {
  return !pattern.includes(':') && pattern !== '*';
}
