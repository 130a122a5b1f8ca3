/**
 * Paths that take every transition, not only reach every state: shortest paths reach each model
 * state once, so a transition between two states already reached (a guarded alternative, a
 * self-transition, a second way in) is never played. For each edge (state, event) of the model's
 * graph that would take a transition with an event no chosen path plays it with yet (or play an
 * event no path plays where it is refused), this adds the shortest path to that state followed by
 * that event. Which transitions an edge takes is read by playing it on the model
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

/**
 * What each event does when `events` are played on the model from `from` (or from its start): the
 * transitions it takes, each with the event played (`<transition>|<event>`), or `(none)|<event>`
 * when it takes none. Every such pair is played by some path, so each payload of an event is
 * played at least once in each transition it takes, and once where it is refused.
 */
function signaturesOf(model: AnyStateMachine, input: unknown, from: AnyMachineSnapshot | null, events: EventObject[]): Set<string> {
  const visited: Visited = { states: new Set(), transitions: new Set() };
  const actor = createActor(model, { input: input as never, ...(from ? { snapshot: from as never } : {}), inspect: recorder(visited) });
  actor.start();
  const signatures = new Set<string>();
  for (const event of events) {
    if (event.type === 'xstate.init') continue;
    visited.transitions = new Set();
    actor.send(event);
    const played = JSON.stringify(event);
    // A refused answer of an actor or a delay cannot happen (no such actor runs, no such timer): only
    // the events from outside are worth playing where they are refused.
    const fromOutside = !/^xstate\.(done|error|after)\./.test(event.type);
    if (visited.transitions.size === 0 && fromOutside) signatures.add(`(none)|${played}`);
    visited.transitions.forEach((t) => signatures.add(`${t}|${played}`));
  }
  actor.stop();
  return signatures;
}

/**
 * What playing `events` on the model from its start shows: the signatures of `signaturesOf` and
 * the state nodes it is in along the way (`state:<path>`).
 */
export function pathSignatures(model: AnyStateMachine, input: unknown, events: EventObject[]): Set<string> {
  const signatures = signaturesOf(model, input, null, events);
  const visited: Visited = { states: new Set(), transitions: new Set() };
  const actor = createActor(model, { input: input as never, inspect: recorder(visited) });
  actor.start();
  for (const event of events) if (event.type !== 'xstate.init') actor.send(event);
  actor.stop();
  visited.states.forEach((state) => signatures.add(`state:${state}`));
  return signatures;
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
  for (const path of paths) signaturesOf(model, input, null, path.steps.map((s) => s.event)).forEach((t) => covered.add(t));
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
      const taken = signaturesOf(model, input, state, [event]);
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
