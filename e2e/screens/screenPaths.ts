/**
 * A machine's generated paths played through its real screen (docs/qa.md, "Paths through the
 * screens"). A screen driver, one file per machine beside this one, says for each event of the
 * machine's model how a user causes it on the page (a click, a key, a field typed in) or how the
 * real server is brought to answer it (nothing for an answer it gives by itself; a failure
 * arranged for the next request), and what the page shows in each state of the model's oracle.
 *
 * The paths are the model's own (tests/models, every path it generates), each with its stable id.
 * `covering` picks among those the page can play a set that takes every transition they take, at
 * least once, which `npm test` plays; `QA_UI_ALL=1` (`npm run qa -- --ui --all`) plays
 * them all, `QA_PATH` one of them. An event of a path that has no driver fails the run.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Expected } from '../../tests/helpers/modelBased';
import { fewestCovering } from '../../tests/helpers/coveringPaths';
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
  /** The machine's transitions (each payload apart) and states the path takes. */
  signatures: string[];
}

/** How the server is brought to give an answer, before the user's step that asks for it. */
export type Arrange<C> = (page: Page, context: C, event: EventObject) => Promise<void>;

export interface ScreenDriver<C, X extends Expected = Expected> {
  /** The machine's model (tests/models): its paths and its oracle. */
  model: MachineModel;
  /**
   * A fresh account and the screen opened at the machine's start for the model's run (the server
   * set for what the path will ask of it, where that must be done before); returns what the steps need.
   */
  open(page: Page, run: string, path: ScreenPath<X>): Promise<C>;
  /**
   * Why a path of the model cannot be played on the page as it is (a step the page always makes
   * two of), or null. Such paths are left out of the screen's set, the reason reported.
   */
  unplayable?: (path: ScreenPath<X>) => string | null;
  /**
   * The machine's transitions no path the page can play takes, named with the reason (by
   * transition key, as `npm run qa` names them): the report counts them apart, as it does the
   * transitions out of reach.
   */
  offScreen?: { transitions: string[]; why: string };
  /** What a user does on the page for each event they cause, by event type. */
  user: Record<string, (page: Page, context: C, event: EventObject) => Promise<void>>;
  /**
   * The server's answers, by event type: how each is arranged before the request that gets it; or,
   * with `answers: 'held'`, how the request held since the user's step is answered at the answer's own step.
   */
  server: Record<string, Arrange<C>>;
  /**
   * `arranged` (the default): each answer is set up before the user's step that asks for it, and
   * comes at once. `held`: the page's requests wait (the driver holds them) until the path's step
   * that answers, so a user can act while one is in flight, as the model's paths do.
   */
  answers?: 'arranged' | 'held';
  /** What the page shows (and the server holds) in the oracle's expected state, after a step. */
  expect(page: Page, context: C, expected: X, where: string): Promise<void>;
}

/** The events of `paths` no driver plays, by type (the run fails on any). */
export function undriven(driver: ScreenDriver<unknown, Expected>, paths: ScreenPath[]): string[] {
  const types = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
  return [...types].filter((t) => !(t in driver.user) && !(t in driver.server)).sort();
}

/**
 * Every generated path of the model (of each of its runs: the whole set `npm run qa` plays), with
 * the machine's transitions (each payload apart: each name a rename is given, each answer of the
 * server) and states each takes.
 */
export function allPaths<X extends Expected>(model: MachineModel): ScreenPath<X>[] {
  return generate(model, { all: true }).runs.flatMap(({ label, cases }) =>
    cases.map((c) => {
      // Played on the model when first asked: only for the paths the page can play.
      let signatures: string[] | null = null;
      return {
        id: c.id,
        run: label,
        steps: c.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event, expected: s.expected as X })),
        get signatures() {
          return (signatures ??= [...c.signatures()]);
        },
      };
    }),
  );
}

/**
 * A few paths that together take every transition (each payload apart) and state the given paths
 * take (tests/helpers/coveringPaths.ts), and play each run at least once: a run may open another
 * screen with the same transitions (the sandbox beside a link), and what it starts with (an
 * eventless step) is not a transition the signatures name.
 */
export function covering<X extends Expected>(paths: ScreenPath<X>[]): ScreenPath<X>[] {
  const chosen = fewestCovering(paths, paths.map((p) => p.signatures));
  // A run none of the chosen plays: its shortest path too.
  const runs = new Set([...chosen].map((i) => paths[i].run));
  for (const [i, p] of paths.entries()) {
    if (runs.has(p.run)) continue;
    const shortest = paths.reduce((best, q, j) => (q.run === p.run && q.steps.length < paths[best].steps.length ? j : best), i);
    chosen.add(shortest);
    runs.add(p.run);
  }
  return paths.filter((_, i) => chosen.has(i));
}

/** Each step of the path with the oracle's state before it (the run's initial state first). */
export function statesBefore<X extends Expected>(model: MachineModel, path: ScreenPath<X>): Array<ScreenStep<X> & { before: X }> {
  let before = model.runs.find((r) => r.label === path.run)?.run.oracle?.initial() as X;
  return path.steps.map((step) => {
    const withBefore = { ...step, before };
    before = step.expected;
    return withBefore;
  });
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
 * are arranged (or, held, each is given at its own step); after each step, the page must show the
 * oracle's state.
 */
export async function playPath<C, X extends Expected>(page: Page, driver: ScreenDriver<C, X>, path: ScreenPath<X>): Promise<void> {
  const context = await driver.open(page, path.run, path);
  const initial = driver.model.runs.find((r) => r.label === path.run)?.run.oracle?.initial() as X | undefined;
  if (initial) await driver.expect(page, context, initial, 'at the start');
  const held = driver.answers === 'held';
  for (const [i, step] of path.steps.entries()) {
    const where = `step ${i + 1}: ${describeStep(step)}`;
    if (held && !isUser(driver, step.event)) await driver.server[step.event.type](page, context, step.event);
    if (isUser(driver, step.event)) {
      for (const answer of held ? [] : path.steps.slice(i + 1)) {
        if (isUser(driver, answer.event)) break;
        await driver.server[answer.event.type](page, context, answer.event);
      }
      await driver.user[step.event.type](page, context, step.event);
    }
    await driver.expect(page, context, step.expected, where);
  }
}
