/**
 * The Stately inspector, in development builds only: with `?inspect` in the URL, every actor
 * the app starts is shown in the inspector (see machines/README.md). Production builds drop
 * this code: `import.meta.env.DEV` is false there.
 */
import type { ActorOptions, AnyActorLogic } from 'xstate';

type Inspect = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

let inspect: Inspect | undefined;

export async function startInspectorIfAsked(): Promise<void> {
  // The whole branch is a constant `false` in production, so the inspector is not even bundled.
  if (import.meta.env.DEV) {
    if (!new URLSearchParams(window.location.search).has('inspect')) return;
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
}

/** The `inspect` option every actor of the app is started with. */
export function inspectOption(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
