/**
 * Coverage of a machine measured on the REAL actor: the states it was in and the transitions it
 * took, recorded from its inspection events (`@xstate.microstep` carries the transitions taken
 * and the snapshot after them), never read from a model's graph.
 *
 * A transition is named `<source state> <event>#<n>`: the n-th candidate (from 0) for that event
 * on that state node, in the machine's order, so guarded alternatives count one by one.
 */
import type { AnyStateMachine, InspectionEvent } from 'xstate';

interface NodeLike {
  path: string[];
  states: Record<string, NodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
}
interface TransitionLike {
  source: NodeLike;
  eventType: string;
  target?: { path: string[] }[];
}

const nodeName = (node: NodeLike) => (node.path.length ? node.path.join('.') : '(root)');

function transitionKey(t: TransitionLike): string {
  const list = t.eventType === '' ? t.source.always ?? [] : t.source.transitions.get(t.eventType) ?? [];
  const event = t.eventType === '' ? '(always)' : t.eventType;
  return `${nodeName(t.source)} ${event}#${Math.max(0, list.indexOf(t))}`;
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

export interface MachineShape {
  states: string[];
  /** Transition keys, with a readable description each. */
  transitions: { key: string; source: string; event: string; targets: string[]; guarded: boolean }[];
}

/** Every state node and every transition of a machine. */
export function machineShape(machine: AnyStateMachine): MachineShape {
  const states: string[] = [];
  const transitions: MachineShape['transitions'] = [];
  const walk = (node: NodeLike) => {
    if (node.path.length) states.push(node.path.join('.'));
    const lists = [...node.transitions.values(), ...(node.always ? [node.always] : [])];
    for (const list of lists) {
      for (const t of list) {
        transitions.push({
          key: transitionKey(t),
          source: nodeName(node),
          event: t.eventType === '' ? '(always)' : t.eventType,
          targets: (t.target ?? []).map((n) => (n.path.length ? n.path.join('.') : '(root)')),
          guarded: Boolean((t as { guard?: unknown }).guard),
        });
      }
    }
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root as unknown as NodeLike);
  return { states, transitions };
}

export interface Visited {
  states: Set<string>;
  transitions: Set<string>;
}

/**
 * An inspect callback that records, into `visited`, what one actor did: the one `target` returns
 * (set it between createActor and start), or else the first actor of the system.
 */
export function recorder(visited: Visited, target?: () => unknown) {
  let root: unknown = null;
  return (event: InspectionEvent) => {
    if (event.type === '@xstate.actor' && root === null) root = event.actorRef;
    if (event.actorRef !== (target?.() ?? root)) return;
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      const snapshot = event.snapshot as { value?: unknown };
      activePaths(snapshot.value).forEach((s) => visited.states.add(s));
    }
    if (event.type === '@xstate.microstep') {
      for (const t of (event as unknown as { _transitions: TransitionLike[] })._transitions) {
        visited.transitions.add(transitionKey(t));
        // The source was active to take it (a transient state shows in no snapshot of its own).
        t.source.path.forEach((_, i) => visited.states.add(t.source.path.slice(0, i + 1).join('.')));
      }
    }
  };
}

export interface CoverageReport {
  states: { visited: number; total: number; missing: string[] };
  transitions: { visited: number; total: number; missing: string[] };
  /** What a model names as out of its events' reach, and why: left out of the totals above. */
  outOfReach?: OutOfReach;
  /** Named out of reach, yet visited or taken: the reason given is wrong. */
  reachedAnyway?: string[];
}

/**
 * States and transitions one variant of a machine cannot reach (the machine is built for several
 * variants from one config), named by the model with the reason.
 */
export interface OutOfReach {
  states: string[];
  transitions: string[];
  why: string;
}

/** `report` with what `outOfReach` names taken out of its totals (and checked to be really out of reach). */
export function withOutOfReach(report: CoverageReport, outOfReach: OutOfReach | undefined): CoverageReport {
  if (!outOfReach) return report;
  const reachedAnyway = [
    ...outOfReach.states.filter((s) => !report.states.missing.includes(s)),
    ...outOfReach.transitions.filter((t) => !report.transitions.missing.includes(t)),
  ];
  const states = report.states.missing.filter((s) => !outOfReach.states.includes(s));
  const transitions = report.transitions.missing.filter((t) => !outOfReach.transitions.includes(t));
  return {
    states: { visited: report.states.visited, total: report.states.total - (report.states.missing.length - states.length), missing: states },
    transitions: { visited: report.transitions.visited, total: report.transitions.total - (report.transitions.missing.length - transitions.length), missing: transitions },
    outOfReach,
    reachedAnyway,
  };
}

export function coverageReport(shape: MachineShape, visited: Visited): CoverageReport {
  const missingStates = shape.states.filter((s) => !visited.states.has(s));
  const missingTransitions = shape.transitions.map((t) => t.key).filter((k) => !visited.transitions.has(k));
  return {
    states: { visited: shape.states.length - missingStates.length, total: shape.states.length, missing: missingStates },
    transitions: {
      visited: shape.transitions.length - missingTransitions.length,
      total: shape.transitions.length,
      missing: missingTransitions,
    },
  };
}
