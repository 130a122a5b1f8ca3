/**
 * A machine's generated paths played through its real screen (docs/qa.md, "Paths through the
 * screens"). A screen driver, one file per machine beside this one, says for each event of the
 * machine's model how a user causes it on the page (a click, a key, a field typed in) or how the
 * real server is brought to answer it (nothing for an answer it gives by itself; a failure
 * arranged for the next request), and what the page shows in each state of the model's oracle.
 *
 * The paths are the model's own (tests/models, the same generation as its vitest file), each with
 * its stable id. `covering` picks among them a set that takes every transition the model's paths
 * take, at least once, which `npm test` plays; `QA_UI_ALL=1` (`npm run qa -- --ui --all`) plays
 * them all, `QA_PATH` one of them. An event of a path that has no driver fails the run.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Expected } from '../../tests/helpers/modelBased';
import { generate, type MachineModel } from '../../tests/models/machineModel';

export interface ScreenStep<X extends Expected = Expected> {
  event: EventObject;
  expected: X;
}

export interface ScreenPath<X extends Expected = Expected> {
  /** The model path's stable id (`npm run qa -- --machine <name> --path ID --ui`). */
  id: string;
  /** The model's run it belongs to (its start: e.g. a stored session or none). */
  run: string;
  steps: ScreenStep<X>[];
  /** The transitions the path takes, in the oracle's states. */
  transitions: string[];
}

/** How the server is brought to give an answer, before the user's step that asks for it. */
export type Arrange<C> = (page: Page, context: C, event: EventObject) => Promise<void>;

export interface ScreenDriver<C, X extends Expected = Expected> {
  /** The machine's model (tests/models): its paths and its oracle. */
  model: MachineModel;
  /** A fresh account and the screen opened at the machine's start for the model's run; returns what the steps need. */
  open(page: Page, run: string): Promise<C>;
  /**
   * Why a path of the model cannot be played on the page as it is (a step the page always makes
   * two of), or null. Such paths are left out of the screen's set, the reason reported.
   */
  unplayable?: (path: ScreenPath<X>) => string | null;
  /** What a user does on the page for each event they cause, by event type. */
  user: Record<string, (page: Page, context: C, event: EventObject) => Promise<void>>;
  /** The server's answers, by event type: how each is arranged before the request that gets it. */
  server: Record<string, Arrange<C>>;
  /**
   * What of the oracle's state the screen shows (by default all of it but its effects): a path's
   * transitions are named by it, so the covering set tells apart the states a user can tell apart
   * (not, say, each list of values stored locally on the way).
   */
  shown?: (expected: X) => unknown;
  /** What the page shows (and the server holds) in the oracle's expected state, after a step. */
  expect(page: Page, context: C, expected: X, where: string): Promise<void>;
}

/** The events of `paths` no driver plays, by type (the run fails on any). */
export function undriven(driver: ScreenDriver<unknown, Expected>, paths: ScreenPath[]): string[] {
  const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
  return [...types].filter((t) => !(t in driver.user) && !(t in driver.server)).sort();
}

/**
 * Every path of the model (of each of its runs). A path's transitions are named from its oracle: the
 * state expected before a step (all the oracle expects, its effects aside: a message shown or not is
 * another state), the event with its payload (each name a rename is given, each answer of the
 * server), the state expected after it.
 */
export function allPaths<X extends Expected>(model: MachineModel, shown: (expected: X) => unknown = withoutEffects): ScreenPath<X>[] {
  return generate(model).runs.flatMap(({ label, cases }) => {
    const initial = model.runs.find((r) => r.label === label)?.run.oracle?.initial();
    return cases.map((c) => {
      const steps = c.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event, expected: s.expected as X }));
      const stateOf = (expected: X | null) => (expected ? JSON.stringify(shown(expected)) : 'null');
      let before = stateOf((initial as X | undefined) ?? null);
      const transitions = steps.map((s) => {
        const after = stateOf(s.expected);
        const key = `${before} --${describeEvent(s.event)}--> ${after}`;
        before = after;
        return key;
      });
      return { id: c.id, run: label, steps, transitions: [...new Set(transitions)] };
    });
  });
}

function withoutEffects(expected: Expected): unknown {
  const { effects: _effects, ...rest } = expected;
  return rest;
}

/** A few paths that together take every transition the given paths take (greedy: the path taking most not yet taken first). */
export function covering<X extends Expected>(paths: ScreenPath<X>[]): ScreenPath<X>[] {
  const left = new Set(paths.flatMap((p) => p.transitions));
  const chosen: ScreenPath<X>[] = [];
  while (left.size > 0) {
    let best: ScreenPath<X> | null = null;
    let gain = 0;
    for (const p of paths) {
      const g = p.transitions.filter((t) => left.has(t)).length;
      if (g > gain || (g === gain && best && g > 0 && p.steps.length < best.steps.length)) {
        best = p;
        gain = g;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const t of best.transitions) left.delete(t);
  }
  return chosen;
}

/** The paths the driver can play on its page (see `unplayable`). */
export function playable<C, X extends Expected>(driver: ScreenDriver<C, X>, paths: ScreenPath<X>[]): ScreenPath<X>[] {
  return paths.filter((p) => !driver.unplayable?.(p));
}

/** The paths this run plays: the one `QA_PATH` names, all with `QA_UI_ALL`, else a covering set. */
export function pathsToPlay<X extends Expected>(paths: ScreenPath<X>[], env = process.env): ScreenPath<X>[] {
  if (env.QA_PATH) return paths.filter((p) => p.id === env.QA_PATH);
  return env.QA_UI_ALL ? paths : covering(paths);
}

const isUser = <C, X extends Expected>(driver: ScreenDriver<C, X>, e: EventObject) => e.type in driver.user;

/** An event in words: its type and its plain payload (a long text shortened, with its length). */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const detail = Object.entries(payload)
    .filter(([k, v]) => k !== 'error' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
    .map(([k, v]) => `${k}=${JSON.stringify(typeof v === 'string' && v.length > 12 ? `${v.slice(0, 12)}…(${v.length})` : v)}`)
    .join(' ');
  return `${type}${detail ? ` ${detail}` : ''}`;
}

/** A step in words: the event and the state the oracle expects after it. */
export function describeStep(step: ScreenStep): string {
  return `${describeEvent(step.event)} -> ${JSON.stringify(step.expected.value)}`;
}

/**
 * Plays one path on the page: before each user step, the server's answers up to the next user step
 * are arranged; after each step, the page must show the oracle's state.
 */
export async function playPath<C, X extends Expected>(page: Page, driver: ScreenDriver<C, X>, path: ScreenPath<X>): Promise<void> {
  const context = await driver.open(page, path.run);
  const initial = driver.model.runs.find((r) => r.label === path.run)?.run.oracle?.initial() as X | undefined;
  if (initial) await driver.expect(page, context, initial, 'at the start');
  for (const [i, step] of path.steps.entries()) {
    const where = `step ${i + 1}: ${describeStep(step)}`;
    if (isUser(driver, step.event)) {
      for (const answer of path.steps.slice(i + 1)) {
        if (isUser(driver, answer.event)) break;
        await driver.server[answer.event.type](page, context, answer.event);
      }
      await driver.user[step.event.type](page, context, step.event);
    }
    await driver.expect(page, context, step.expected, where);
  }
}
