/**
 * Model-based testing: `@xstate/graph` walks a machine's transition function (no actor runs,
 * no side effect) and gives a path to every state it reaches with the sample events. Each path
 * is then replayed on a real actor whose request actors the test settles (`controlledActors`),
 * and every reached snapshot is compared with the model's and checked by the test.
 */
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { createActor, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { flush, type controlledActors } from './controlled-actors.js';

type Control = ReturnType<typeof controlledActors>;

const donePrefix = 'xstate.done.actor.';
const errorPrefix = 'xstate.error.actor.';

/** The most steps a traversal takes: a model whose states never end fails fast instead of exhausting memory. */
export const traversalLimit = 20_000;

export function describePath(path: { steps: Array<{ event: { type: string } }> }): string {
  return (
    path.steps
      .slice(1)
      .map((step) => step.event.type.replace(donePrefix, 'done:').replace(errorPrefix, 'error:'))
      .join(' → ') || '(start)'
  );
}

/**
 * Replays `path` on an actor of `machine` (whose request actors come from `control`), calling
 * `check(actual, expected)` after the start and after every step.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>,
  options: {
    control: Control;
    input?: InputFrom<TMachine>;
    check: (actual: SnapshotFrom<TMachine>, expected: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>) => void;
  },
): Promise<SnapshotFrom<TMachine>> {
  const actor = createActor(machine as AnyStateMachine, { input: options.input });
  actor.start();
  await flush();
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as EventFromLogic<TMachine> & { output?: unknown; error?: unknown };
    if (index > 0 || event.type !== 'xstate.init') {
      if (event.type.startsWith(donePrefix)) options.control.resolve(event.type.slice(donePrefix.length), event.output);
      else if (event.type.startsWith(errorPrefix)) options.control.reject(event.type.slice(errorPrefix.length), event.error);
      else actor.send(event);
      await flush();
    }
    options.check(actor.getSnapshot() as SnapshotFrom<TMachine>, step.state, event);
  }
  const last = actor.getSnapshot() as SnapshotFrom<TMachine>;
  actor.stop();
  return last;
}

export interface TraversalOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  events: (snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[];
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  limit?: number;
}

type Path<TMachine extends AnyStateMachine> = StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>;

/**
 * A path through every transition of the model: the shortest path to each state, then one
 * step along each transition out of it. It covers what simple paths cover, transition by
 * transition, without their growth (a model with cycles has a great many simple paths).
 */
export function getTransitionPaths<TMachine extends AnyStateMachine>(machine: TMachine, options: TraversalOptions<TMachine>): Path<TMachine>[] {
  // @xstate/graph's option types follow the machine's transition function; ours, its snapshots.
  const traversal = options as never;
  const shortest = getShortestPaths(machine, traversal) as unknown as Path<TMachine>[];
  const toState = new Map(shortest.map((path) => [options.serializeState(path.state), path]));
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { state: SnapshotFrom<TMachine>; transitions: Record<string, { event: EventFromLogic<TMachine>; state: SnapshotFrom<TMachine> }> }
  >;
  return Object.values(adjacency).flatMap(({ state, transitions }) => {
    const lead = toState.get(options.serializeState(state));
    if (!lead) return [];
    return Object.values(transitions).map(({ event, state: next }) => ({
      state: next,
      steps: [...lead.steps, { state: next, event }],
      weight: lead.weight + 1,
    }));
  });
}
