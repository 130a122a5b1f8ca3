/**
 * Model-based testing for any machine of src/machines with `createTestModel` from `xstate/graph`.
 *
 * `createTestModel` refuses machines that invoke actors or use delayed transitions, and real
 * machines do both. So the model is the machine's own config with each effect turned into the
 * event it produces: an invoke with id X becomes transitions on `xstate.done.actor.X` /
 * `xstate.error.actor.X`, and `after: { 200: ... }` becomes a transition on
 * `xstate.after.200.<state id>`. The paths generated from that model are then run against the
 * REAL machine (with `machine.provide` fakes): done/error events settle the pending fake promise
 * of that actor, after events advance a simulated clock, every other event is sent as is.
 */
import {
  createActor,
  createMachine,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { createTestModel } from 'xstate/graph';

type StateConfig = {
  id?: string;
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};
type InvokeConfig = { id?: string; src: unknown; onDone?: unknown; onError?: unknown; [key: string]: unknown };

function rewrite(config: StateConfig, stateId: string): StateConfig {
  const out: StateConfig = { ...config };
  const on: Record<string, unknown> = { ...(config.on ?? {}) };
  const invokes = config.invoke === undefined ? [] : Array.isArray(config.invoke) ? config.invoke : [config.invoke];
  for (const invoke of invokes) {
    const id = invoke.id ?? (typeof invoke.src === 'string' ? invoke.src : undefined);
    if (!id) throw new Error(`State ${stateId}: give every invoke an id (or a string src) so its events can be modelled`);
    if (invoke.onDone !== undefined) on[`xstate.done.actor.${id}`] = invoke.onDone;
    if (invoke.onError !== undefined) on[`xstate.error.actor.${id}`] = invoke.onError;
  }
  delete out.invoke;
  for (const [delay, transition] of Object.entries(config.after ?? {})) on[`xstate.after.${delay}.${stateId}`] = transition;
  delete out.after;
  out.on = on;
  if (config.states) {
    out.states = Object.fromEntries(
      Object.entries(config.states).map(([key, child]) => [key, rewrite(child, child.id ?? `${stateId}.${key}`)]),
    );
  }
  return out;
}

/** The machine's model: same states, guards and actions; effects turned into plain events. */
export function toModelMachine<M extends AnyStateMachine>(machine: M): M {
  const config = machine.config as unknown as StateConfig;
  const rootId = config.id ?? '(machine)';
  const modelConfig = rewrite(config, rootId);
  return createMachine(modelConfig as never, machine.implementations as never) as unknown as M;
}

/** Every state node path of a machine, as dot paths (`transferring.confirmingCredit`). */
export function allStatePaths(machine: AnyStateMachine): string[] {
  const paths: string[] = [];
  const walk = (states: Record<string, { states?: unknown }> | undefined, prefix: string) => {
    for (const [key, node] of Object.entries(states ?? {})) {
      const path = prefix ? `${prefix}.${key}` : key;
      paths.push(path);
      walk(node.states as never, path);
    }
  };
  walk(machine.root.states as never, '');
  return paths;
}

/** Dot paths of every active state node of a state value, ancestors included. */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...activePaths(child, path)];
  });
}

export interface Deferred {
  input: unknown;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

/** A fake promise actor that waits until the test settles it; a stopped one leaves the queue. */
export function controlledPromise(queue: Deferred[]) {
  return fromPromise(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const call: Deferred = { input, resolve, reject };
        queue.push(call);
        signal.addEventListener('abort', () => {
          const index = queue.indexOf(call);
          if (index >= 0) queue.splice(index, 1);
        });
      }),
  );
}

export interface Sut {
  actor: AnyActorRef;
  clock: SimulatedClock;
  /** Pending calls of each controlled promise actor, by invoke id. */
  pending: Record<string, Deferred[]>;
}

export const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * Builds the system under test: the real machine, with its promise actors (listed by invoke id
 * = src name) replaced by controlled fakes, plus any other implementations given.
 */
export function createSut(
  machine: AnyStateMachine,
  options: { promiseActors?: string[]; provide?: Parameters<AnyStateMachine['provide']>[0]; input?: unknown } = {},
): Sut {
  const pending: Record<string, Deferred[]> = {};
  const actors: Record<string, unknown> = {};
  for (const id of options.promiseActors ?? []) {
    pending[id] = [];
    actors[id] = controlledPromise(pending[id]);
  }
  const provided = machine.provide({ ...(options.provide ?? {}), actors: { ...(options.provide?.actors ?? {}), ...actors } } as never);
  const clock = new SimulatedClock();
  const actor = createActor(provided, { clock, input: options.input as never });
  actor.start();
  return { actor, clock, pending };
}

/** Plays one model event on the system under test. */
export async function play(sut: Sut, event: EventObject): Promise<void> {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const after = /^xstate\.after\.(\d+)\./.exec(event.type);
  if (done || error) {
    const id = (done ?? error)![1];
    const call = sut.pending[id]?.shift();
    if (!call) throw new Error(`Model sent ${event.type} but ${id} has no pending call in the system under test`);
    if (done) call.resolve((event as { output?: unknown }).output);
    else call.reject((event as { error?: unknown }).error ?? new Error('model error'));
  } else if (after) {
    sut.clock.increment(Number(after[1]));
  } else if (!event.type.startsWith('xstate.')) {
    sut.actor.send(event);
  }
  await settle();
  await settle();
}

export interface ModelRun<E extends EventObject> {
  /** The events the model may send in a state (payload included). */
  events: E[] | ((snapshot: { value: unknown; context: unknown; matches(v: unknown): boolean }) => E[]);
  /** Builds a fresh system under test for one path. */
  sut: () => Sut;
  /** The machine's input, when its context is built from one (give the same to createSut). */
  input?: unknown;
  /** Which paths to generate: shortest to each state (default), or every simple path (small machines). */
  paths?: 'shortest' | 'simple';
  /**
   * What makes two model states different (default: value and context). A coarser key keeps
   * machines whose context can take many values (lists, queues) to a small set of paths.
   */
  serializeState?: (snapshot: { value: unknown; context: unknown }) => string;
  /**
   * Which events to play in a state (default: all). The model plays every event its states
   * accept, payload-less when `events` has none of that type: a test of one concern of a large
   * machine keeps to its own events with this.
   */
  filterEvents?: (snapshot: { value: unknown; context: unknown }, event: E) => boolean;
  /** Checks after every step: the real snapshot against the model's. */
  check?: (real: ReturnType<AnyActorRef['getSnapshot']>, model: { value: unknown; context: unknown }, sut: Sut, event: E) => void | Promise<void>;
}

/**
 * Generates the shortest paths of the machine's model and returns them as test cases, plus the
 * list of state paths they reach (to assert that every state of the machine is covered).
 */
export function modelPaths<E extends EventObject>(machine: AnyStateMachine, run: ModelRun<E>) {
  const model = createTestModel(toModelMachine(machine), {
    events: run.events as never,
    input: run.input as never,
    ...(run.serializeState ? { serializeState: run.serializeState as never } : {}),
    ...(run.filterEvents ? { filterEvents: run.filterEvents as never } : {}),
  });
  const paths = run.paths === 'simple' ? model.getSimplePaths() : model.getShortestPaths();
  const reachedByModel = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)].flatMap((s) => activePaths(s.value))));
  const cases = paths.map((path) => ({
    name: path.description,
    async execute() {
      const sut = run.sut();
      const visited: string[] = [];
      for (const step of path.steps) {
        await play(sut, step.event as EventObject);
        const real = sut.actor.getSnapshot();
        visited.push(...activePaths(real.value));
        await run.check?.(real, step.state as never, sut, step.event as E);
      }
      const real = sut.actor.getSnapshot();
      if (JSON.stringify(real.value) !== JSON.stringify(path.state.value)) {
        throw new Error(`Expected the machine in ${JSON.stringify(path.state.value)}, it is in ${JSON.stringify(real.value)}`);
      }
      sut.actor.stop();
      return visited;
    },
  }));
  return { cases, reachedByModel, allStates: allStatePaths(machine) };
}
