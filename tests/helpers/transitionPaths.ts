/**
 * Paths that take every transition, not only reach every state: shortest paths reach each model
 * state once, so a transition between two states already reached (a guarded alternative, a
 * self-transition, a second way in) is never played. For each edge (state, event) of the model's
 * graph that would take a transition no chosen path takes yet, this adds the shortest path to that
 * state followed by that event. Which transitions an edge takes is read by playing it on the model
 * (inspection events); coverage itself is always measured on the real actor.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { recorder, type Visited } from './coverage';

interface GraphPath {
  state: AnyMachineSnapshot;
  steps: { state: AnyMachineSnapshot; event: EventObject }[];
  description: string;
}
type Adjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;

/** The transitions the model takes when `events` are played from `from` (or from its start). */
function transitionsOf(model: AnyStateMachine, input: unknown, from: AnyMachineSnapshot | null, events: EventObject[]): Set<string> {
  const visited: Visited = { states: new Set(), transitions: new Set() };
  const actor = createActor(model, { input: input as never, ...(from ? { snapshot: from as never } : {}), inspect: recorder(visited) });
  actor.start();
  for (const event of events) if (event.type !== 'xstate.init') actor.send(event);
  actor.stop();
  return visited.transitions;
}

const formatEvent = ({ type, ...rest }: EventObject) => (Object.keys(rest).length ? `${type} (${JSON.stringify(rest)})` : type);

export function pathsCoveringTransitions(
  model: AnyStateMachine,
  input: unknown,
  paths: GraphPath[],
  adjacency: Adjacency,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): GraphPath[] {
  const covered = new Set<string>();
  for (const path of paths) transitionsOf(model, input, null, path.steps.map((s) => s.event)).forEach((t) => covered.add(t));
  // Generated paths that are prefixes of others are left out: every prefix is a path to its state.
  const toState = new Map<string, GraphPath>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const key = serialize(step.state);
      const known = toState.get(key);
      if (known && known.steps.length <= i + 1) return;
      const steps = path.steps.slice(0, i + 1);
      toState.set(key, { state: step.state, steps, description: steps.map((s) => formatEvent(s.event)).join(' → ') });
    });
  }
  const extra: GraphPath[] = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const path = toState.get(serialize(state));
    if (!path) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const taken = transitionsOf(model, input, state, [event]);
      if ([...taken].every((t) => covered.has(t))) continue;
      taken.forEach((t) => covered.add(t));
      extra.push({
        state: next,
        steps: [...path.steps, { state: next, event }],
        description: `Takes ${formatEvent(event)} after: ${path.description}`,
      });
    }
  }
  return extra;
}
