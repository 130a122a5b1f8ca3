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
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { isDeepStrictEqual } from 'node:util';
import { createTestModel } from 'xstate/graph';
import { activePaths, coverageReport, machineShape, recorder, type Visited } from './coverage';
import { toModelMachine } from './modelMachine';
import { pathsCoveringTransitions, pathSignatures } from './transitionPaths';
import { pathsToPlay } from './coveringPaths';
import { pathId } from './pathIds';

export { toModelMachine };

export { activePaths };

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

export interface Deferred {
  input: unknown;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

/** A fake promise actor that waits until the test settles it; a stopped one leaves the queue. */
export function controlledPromise(queue: Deferred[], onStart?: () => void) {
  return fromPromise(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const call: Deferred = { input, resolve, reject };
        onStart?.();
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
  /** How many calls each controlled promise actor was asked for, by invoke id (a call restarted counts again). */
  started: Record<string, number>;
  /** What the real actor visited (states and transitions), from its inspection events. */
  visited: Visited;
  /** Stops the system (the actor, or its parent when it has one). */
  stop(): void;
}

export const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * Builds the system under test: the real machine, with its promise actors (listed by invoke id
 * = src name) replaced by controlled fakes, plus any other implementations given.
 */
export function createSut(
  machine: AnyStateMachine,
  options: {
    promiseActors?: string[];
    provide?: Parameters<AnyStateMachine['provide']>[0];
    input?: unknown;
    /** Receives what the machine sends its parent (`sendParent`), as the real parent would. */
    parentInbox?: EventObject[];
    /** What the parent answers a message with, sent back to the machine (as the viewer answers its children). */
    parentAnswers?: (message: EventObject) => EventObject[];
  } = {},
): Sut {
  const pending: Record<string, Deferred[]> = {};
  const started: Record<string, number> = {};
  const actors: Record<string, unknown> = {};
  for (const id of options.promiseActors ?? []) {
    pending[id] = [];
    started[id] = 0;
    actors[id] = controlledPromise(pending[id], () => void (started[id] += 1));
  }
  const provided = machine.provide({ ...(options.provide ?? {}), actors: { ...(options.provide?.actors ?? {}), ...actors } } as never);
  const clock = new SimulatedClock();
  const visited: Visited = { states: new Set(), transitions: new Set() };
  let actor: AnyActorRef | null = null;
  const inspect = recorder(visited, () => actor);
  const inbox = options.parentInbox;
  // The parent, when there is one, owns the system: the clock and the inspection go to it.
  const answer = (e: EventObject) => {
    inbox!.push(e);
    for (const back of options.parentAnswers?.(e) ?? []) actor!.send(back);
  };
  const parent = inbox ? createActor(fromCallback<EventObject>(({ receive }) => receive(answer)), { clock, inspect }).start() : undefined;
  actor = createActor(provided, { clock, input: options.input as never, ...(parent ? { parent } : { inspect }) });
  actor.start();
  const root = parent ?? actor;
  return { actor, clock, pending, started, visited, stop: () => root.stop() };
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

/** A snapshot of the real actor, as the checks read it. */
export type RealSnapshot = ReturnType<AnyActorRef['getSnapshot']>;

/**
 * What the machine SHOULD do, written from SPEC's rules and the events played: an oracle shares
 * nothing with the implementation beyond its public event and output types (no machine config,
 * context, guard or helper). `value` is the expected state value; `effects` the observable
 * effects expected of the last step (calls started, messages sent, output), in words.
 */
export interface Expected {
  value: unknown;
  effects: string[];
}

export interface Oracle<E extends EventObject, O extends Expected> {
  /** The expected state before any event. */
  initial(): O;
  /** The expected state after one more event. Pure: the same for Node, the browser and the report. */
  next(expected: O, event: E): O;
  /** Compares the real system with the expectation (after the start, `event` is null). */
  check(real: RealSnapshot, expected: O, sut: Sut, event: E | null): void | Promise<void>;
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
  /** 'transitions' (default): more paths until every transition of the model is taken; 'states': the paths alone. */
  cover?: 'states' | 'transitions';
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
  /**
   * The machine the paths are generated from, when it must differ from the one under test (e.g.
   * with its messages to a parent left out, as the model runs without one). Same states.
   */
  model?: AnyStateMachine;
  /** The expectations of each step; the real state value is always compared with the oracle's. */
  oracle?: Oracle<E, Expected>;
  /**
   * Extra checks after every step. Without an oracle the real state value is compared with the
   * model's (a machine compared with itself: only for tests not yet given an oracle).
   */
  check?: (real: RealSnapshot, model: { value: unknown; context: unknown }, sut: Sut, event: E) => void | Promise<void>;
}

export interface PathStep {
  event: EventObject;
  expected: Expected | null;
}
export interface PathCase {
  /** Stable id from the path's events (pathIds.ts): `npm run qa -- --machine X --path ID` replays it. */
  id: string;
  name: string;
  steps: PathStep[];
  /** The machine's transitions (with their payloads) and states the path takes, played on the model without its oracle. */
  signatures(): Set<string>;
  execute(): Promise<Visited>;
}

const sameValue = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * Generates the paths of the machine's model and returns them as test cases. Each case plays its
 * events on a fresh real actor, checks each step against the oracle, and returns what the real
 * actor visited; `coverage()` runs every case (once) and compares the union with the machine.
 */
export function modelPaths<E extends EventObject>(machine: AnyStateMachine, run: ModelRun<E>, options: { all?: boolean } = {}) {
  const model = createTestModel(toModelMachine(run.model ?? machine), {
    events: run.events as never,
    input: run.input as never,
    ...(run.serializeState ? { serializeState: run.serializeState as never } : {}),
    ...(run.filterEvents ? { filterEvents: run.filterEvents as never } : {}),
  });
  const modelMachine = model.testLogic as unknown as AnyStateMachine;
  const generated = run.paths === 'simple' ? model.getSimplePaths() : model.getShortestPaths();
  const serialize = (snapshot: { value: unknown; context: unknown }) =>
    run.serializeState ? run.serializeState(snapshot) : JSON.stringify({ value: snapshot.value, context: snapshot.context });
  const paths = pathsToPlay(modelMachine, run.input, [
    ...generated,
    ...(run.cover === 'states'
      ? []
      : pathsCoveringTransitions(modelMachine, run.input, generated as never, model.getAdjacencyMap() as never, serialize as never)),
  ], options.all);
  const reachedByModel = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)].flatMap((s) => activePaths(s.value))));
  const oracle = run.oracle;
  const results = new Map<string, Promise<Visited>>();
  const cases: PathCase[] = paths.map((path) => {
    let expected = oracle?.initial() ?? null;
    const steps: PathStep[] = path.steps.map((step) => {
      if (oracle) expected = oracle.next(expected!, step.event as E);
      return { event: step.event as EventObject, expected };
    });
    const runCase = async () => {
      const sut = run.sut();
      if (oracle) await checkStep(sut, oracle.initial(), null);
      for (const [i, step] of steps.entries()) {
        await play(sut, step.event);
        if (step.expected) await checkStep(sut, step.expected, step.event as E);
        else await run.check?.(sut.actor.getSnapshot(), path.steps[i].state as never, sut, step.event as E);
      }
      const real = sut.actor.getSnapshot();
      if (!oracle && !sameValue(real.value, path.state.value)) {
        throw new Error(`Expected the machine in ${JSON.stringify(path.state.value)}, it is in ${JSON.stringify(real.value)}`);
      }
      sut.stop();
      return sut.visited;
    };
    const checkStep = async (sut: Sut, exp: Expected, event: E | null) => {
      const real = sut.actor.getSnapshot();
      const at = event ? `after ${JSON.stringify(event)}` : 'at the start';
      if (!sameValue(real.value, exp.value)) {
        throw new Error(`${at}: expected the machine in ${JSON.stringify(exp.value)}, it is in ${JSON.stringify(real.value)}`);
      }
      await oracle!.check(real, exp, sut, event);
      if (event) await run.check?.(real, undefined as never, sut, event);
    };
    return {
      id: pathId(steps.map((step) => step.event)),
      name: path.description,
      steps,
      signatures: () => pathSignatures(modelMachine, run.input, steps.map((step) => step.event)),
      execute() {
        if (!results.has(path.description)) results.set(path.description, runCase());
        return results.get(path.description)!;
      },
    };
  });
  const shape = machineShape(machine);
  /** Runs every case (those already run are not run again) and reports what the real actor covered. */
  async function coverage() {
    const visited: Visited = { states: new Set(), transitions: new Set() };
    for (const c of cases) {
      const v = await c.execute();
      v.states.forEach((s) => visited.states.add(s));
      v.transitions.forEach((t) => visited.transitions.add(t));
    }
    return coverageReport(shape, visited);
  }
  return { cases, reachedByModel, allStates: allStatePaths(machine), shape, coverage };
}
