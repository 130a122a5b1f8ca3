/**
 * The model a machine's paths are generated from: `createTestModel` refuses machines that invoke
 * actors or use delayed transitions, so the model is the machine's own config with each effect
 * turned into the event it produces: an invoke with id X becomes transitions on
 * `xstate.done.actor.X` / `xstate.error.actor.X`, and `after: { 200: ... }` a transition on
 * `xstate.after.200.<state id>`. The invoked child itself is stood for by a silent actor of the
 * same id, spawned after the state's entry actions and stopped after its exit actions (when the
 * real one starts and stops), so that a parent's `sendTo` its child resolves in the model too.
 */
import { createMachine, fromCallback, spawnChild, stopChild, type AnyStateMachine } from 'xstate';

/** Stands for an invoked child in the model: takes events, sends none, never ends. */
const silentChild = fromCallback(() => () => {});

const asList = (actions: unknown): unknown[] => (actions === undefined ? [] : Array.isArray(actions) ? actions : [actions]);

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
    out.entry = [...asList(out.entry), spawnChild(silentChild, { id })];
    out.exit = [...asList(out.exit), stopChild(id)];
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

