/**
 * A Mermaid `stateDiagram-v2` of an XState v5 machine, generated from its definition: the
 * state nodes under `machine.root`, their transitions (events, `always`, `after` delays, the
 * done and error events of invoked actors), guards, actions, invokes and entry actions.
 *
 * Conventions of the drawing:
 * - a transition with a target is an arrow labelled `event [guard] / actions`;
 * - a transition without a target (it only runs actions) is a line inside its state
 *   (`on event [guard] / actions`), or inside a note for a compound state;
 * - the transitions the machine handles in every state are listed in a box "in every state";
 * - `invoke x` and `entry / action` lines say what a state runs while it is active;
 * - `x done` and `x error` are the outcomes of the invoked (or spawned) actor `x`;
 * - `after name (ms)` is a named delay and its value.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

interface TransitionLike {
  target?: ReadonlyArray<AnyStateNode> | undefined;
  guard?: unknown;
  actions?: ReadonlyArray<unknown>;
  eventType: string;
  reenter?: boolean;
}

const donePrefix = 'xstate.done.actor.';
const errorPrefix = 'xstate.error.actor.';
const afterPrefix = 'xstate.after.';

/** Text safe inside a Mermaid label or description line. */
function clean(text: string): string {
  return text.replace(/[:;]/g, ',').replace(/#/g, 'no.').replace(/[{}"]/g, '').replace(/\s+/g, ' ').trim();
}

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'function') {
    const type = (item as { type?: unknown }).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return item.name || 'inline';
  }
  if (typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string') {
    return (item as { type: string }).type;
  }
  return 'inline';
}

function eventLabel(eventType: string): string {
  if (eventType.startsWith(donePrefix)) return `${eventType.slice(donePrefix.length)} done`;
  if (eventType.startsWith(errorPrefix)) return `${eventType.slice(errorPrefix.length)} error`;
  return eventType;
}

function label(event: string, transition: TransitionLike): string {
  const parts = [event];
  if (transition.guard !== undefined) parts.push(`[${nameOf(transition.guard)}]`);
  const actions = (transition.actions ?? []).map(nameOf);
  if (actions.length > 0) parts.push(`/ ${actions.join(', ')}`);
  if (transition.reenter) parts.push('(re-enter)');
  return clean(parts.join(' '));
}

function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay} ms`;
  const name = String(delay);
  const value: unknown = (machine.implementations.delays as Record<string, unknown>)[name];
  return typeof value === 'number' ? `after ${name} (${value} ms)` : `after ${name}`;
}

/** The transitions of a node, each with the label its arrow or line gets. */
function labelledTransitions(machine: AnyStateMachine, node: AnyStateNode): Array<{ transition: TransitionLike; text: string }> {
  const result: Array<{ transition: TransitionLike; text: string }> = [];
  for (const [eventType, transitions] of node.transitions as Map<string, TransitionLike[]>) {
    if (eventType.startsWith(afterPrefix)) continue;
    for (const transition of transitions) result.push({ transition, text: label(eventLabel(eventType), transition) });
  }
  for (const transition of (node.always ?? []) as TransitionLike[]) result.push({ transition, text: label('always', transition) });
  for (const after of node.after as Array<TransitionLike & { delay: unknown }>) {
    result.push({ transition: after, text: label(delayLabel(machine, after.delay), after) });
  }
  return result;
}

/** What a state does while active, one line each. */
function activityLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  if (node.description) lines.push(clean(node.description));
  // `after` is implemented by a delayed `raise` on entry and a `cancel` on exit: drawn as the arrow only.
  const timerAction = (action: unknown) => node.after.length > 0 && ['raise', 'cancel'].includes(nameOf(action));
  for (const action of node.entry) if (!timerAction(action)) lines.push(clean(`entry / ${nameOf(action)}`));
  for (const invoke of node.invoke) lines.push(clean(`invoke ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`));
  for (const action of node.exit) if (!timerAction(action)) lines.push(clean(`exit / ${nameOf(action)}`));
  return lines;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** The nearest node that contains both (the block an arrow between them is drawn in). */
function commonParent(a: AnyStateNode, b: AnyStateNode): AnyStateNode | undefined {
  const ancestors = new Set<AnyStateNode>();
  for (let node = a.parent; node; node = node.parent) ancestors.add(node);
  for (let node = b.parent; node; node = node.parent) if (ancestors.has(node)) return node;
  return undefined;
}

/** Generates the diagram of `machine`. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const root = machine.root as AnyStateNode;
  const anyStateId = `${mermaidId(root)}__every_state`;
  /** Arrows, by the node whose block draws them. */
  const arrows = new Map<AnyStateNode, string[]>();
  const addArrow = (block: AnyStateNode, line: string) => arrows.set(block, [...(arrows.get(block) ?? []), line]);
  const rootLines: string[] = [];

  function collect(node: AnyStateNode) {
    for (const { transition, text } of labelledTransitions(machine, node)) {
      const targets = transition.target ?? [];
      if (targets.length === 0) continue;
      for (const target of targets) {
        if (node === root) {
          rootLines.push(`${anyStateId} --> ${mermaidId(target)} : ${text}`);
          continue;
        }
        addArrow(commonParent(node, target) ?? root, `${mermaidId(node)} --> ${mermaidId(target)} : ${text}`);
      }
    }
    children(node).forEach(collect);
  }
  collect(root);

  const out: string[] = ['stateDiagram-v2'];

  function draw(node: AnyStateNode, indent: string) {
    const kids = children(node);
    if (node.initial?.target?.length) {
      for (const target of node.initial.target as AnyStateNode[]) out.push(`${indent}[*] --> ${mermaidId(target)}`);
    }
    for (const child of kids) {
      const id = mermaidId(child);
      const internal = labelledTransitions(machine, child)
        .filter(({ transition }) => (transition.target ?? []).length === 0)
        .map(({ text }) => `on ${text}`);
      const lines = [...activityLines(child), ...internal];
      if (children(child).length > 0) {
        out.push(`${indent}state "${child.key}" as ${id} {`);
        draw(child, `${indent}  `);
        out.push(`${indent}}`);
        if (lines.length > 0) {
          out.push(`${indent}note right of ${id}`);
          for (const line of lines) out.push(`${indent}  ${line}`);
          out.push(`${indent}end note`);
        }
      } else {
        out.push(`${indent}state "${child.key}" as ${id}`);
        for (const line of lines) out.push(`${indent}${id} : ${line}`);
      }
      if (child.type === 'final') out.push(`${indent}${id} --> [*]`);
    }
    for (const line of arrows.get(node) ?? []) out.push(`${indent}${line}`);
  }
  draw(root, '  ');

  const everywhere = labelledTransitions(machine, root)
    .filter(({ transition }) => (transition.target ?? []).length === 0)
    .map(({ text }) => `on ${text}`);
  if (everywhere.length > 0 || rootLines.length > 0) {
    out.push(`  state "in every state" as ${anyStateId}`);
    for (const line of everywhere) out.push(`  ${anyStateId} : ${line}`);
    for (const line of rootLines) out.push(`  ${line}`);
  }
  return out.join('\n');
}

/** How many state nodes (the root excluded) and transitions a machine has. */
export function machineStats(machine: AnyStateMachine): { states: number; transitions: number } {
  let states = 0;
  let transitions = 0;
  function visit(node: AnyStateNode) {
    transitions += labelledTransitions(machine, node).length;
    for (const child of children(node)) {
      states += 1;
      visit(child);
    }
  }
  visit(machine.root as AnyStateNode);
  return { states, transitions };
}
