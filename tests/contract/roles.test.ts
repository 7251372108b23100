/**
 * The roles of the contract (`x-roles`, which the server enforces) agree with the app's route
 * table (its admin and personal flags): no call opens to a role that
 * none of the pages making it is shown to. A page's calls are read from its source and the
 * sources it imports (`api.<area>.<function>(`, `<area>Calls.<function>(`), and each SDK function is matched to its
 * operation by making it against a recording `fetch`. Calls the shell makes (the top bar,
 * the tutorial panel, the session) are made on every page.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bulkSendsApi, createFormsignClient, mayCall, operations, type OperationId, type Role } from '@formsign/sdk';

const webSource = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** The app's route table and its access rule, read as data: the page modules it names load lazily, and are not this package's to compile. */
interface RouteFlags {
  chunk: string;
  admin: boolean;
  personal: boolean;
}
const { routes } = (await import(/* @vite-ignore */ resolve(webSource, 'routes/route-table.ts'))) as { routes: readonly RouteFlags[] };
const { canSee } = (await import(/* @vite-ignore */ resolve(webSource, 'routes/access.ts'))) as {
  canSee: (route: RouteFlags, viewer: { isAdmin: boolean; isPersonal: boolean }) => boolean;
};
const roles: readonly Role[] = ['basic', 'personal', 'admin', 'super'];
const viewerOf = (role: Role) => ({ isAdmin: role !== 'basic', isPersonal: role === 'personal' });

/** The operation each SDK function (`area.function`) makes, found by making it. */
async function sdkOperations(): Promise<Map<string, OperationId>> {
  const last: { request: { method: string; path: string } | null } = { request: null };
  // Read through a function: the request is recorded by the fetch, out of the compiler's sight.
  const recorded = () => last.request;
  const made = createFormsignClient({
    baseUrl: 'http://formsign.test/api',
    token: () => 'a-token',
    fetch: async (request) => {
      last.request = { method: request.method.toLowerCase(), path: new URL(request.url).pathname.replace(/^\/api/, '') };
      return new Response('{}', { status: 500 });
    },
  });
  // With the areas kept out of the client (made on its transport where an app uses them).
  const client = { ...made, bulkSends: bulkSendsApi(made.transport) };
  const found = new Map<string, OperationId>();
  const file = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  for (const [area, functions] of Object.entries(client)) {
    // `raw` and `transport` are what the areas call through, not areas.
    if (area === 'raw' || area === 'transport') continue;
    for (const [name, call] of Object.entries(functions as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)) {
      last.request = null;
      for (const args of [
        [{}, {}],
        [1, file, {}],
        [file, {}],
      ]) {
        await call(...args).catch(() => undefined);
        if (recorded()) break;
      }
      const request = recorded();
      const operation =
        request &&
        (Object.keys(operations) as OperationId[]).find((id) => operations[id].method === request.method && operations[id].path === request.path);
      if (operation) found.set(`${area}.${name}`, operation);
    }
  }
  return found;
}

/** The `api.<area>.<function>` calls of a source file and of the app's files it imports, followed through. */
function callsOf(file: string, visited = new Set<string>()): Set<string> {
  if (visited.has(file)) return new Set();
  visited.add(file);
  const text = readFileSync(file, 'utf8');
  // `api.<area>.<function>` (the shell's areas) or `<area>Calls.<function>` (an area made where its pages use it).
  const calls = new Set([...text.matchAll(/\b(?:api\.(\w+)|(\w+)Calls)\.(\w+)\b/g)].map((match) => `${match[1] ?? match[2]}.${match[3]}`));
  for (const match of text.matchAll(/from '(\.{1,2}\/[^']+\.tsx?)'/g)) {
    for (const call of callsOf(resolve(dirname(file), match[1] ?? ''), visited)) calls.add(call);
  }
  return calls;
}

describe('the roles of the contract agree with the route table', () => {
  it('lists only roles of the contract in x-roles', () => {
    for (const [id, operation] of Object.entries(operations)) {
      for (const role of operation.roles) expect(roles, id).toContain(role);
    }
  });

  it('opens no call to a role that no page making it is shown to', async () => {
    const sdk = await sdkOperations();
    const shownTo = new Map<OperationId, Set<Role>>();
    const madeBy = (calls: Set<string>, to: readonly Role[]) => {
      for (const call of calls) {
        const operation = sdk.get(call);
        expect(operation, `${call} is an SDK function that makes a call`).toBeDefined();
        if (!operation) continue;
        const known = shownTo.get(operation) ?? new Set<Role>();
        for (const role of to) known.add(role);
        shownTo.set(operation, known);
      }
    };
    madeBy(callsOf(resolve(webSource, 'app.tsx')), roles);
    for (const route of routes)
      madeBy(
        callsOf(resolve(webSource, `pages/${route.chunk}.tsx`)),
        roles.filter((role) => canSee(route, viewerOf(role))),
      );
    expect(shownTo.size).toBeGreaterThan(40);
    const tooOpen = [...shownTo].flatMap(([operation, to]) =>
      roles.filter((role) => mayCall(role, operation) && !to.has(role)).map((role) => `${operation} is open to ${role}, who sees no page making it`),
    );
    expect(tooOpen).toEqual([]);
  });
});
