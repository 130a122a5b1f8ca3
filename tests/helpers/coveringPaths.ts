/**
 * The paths `npm test` plays of a machine: a few that together take every transition (each event
 * payload in each transition it takes, and each outside event where it is refused) and visit every
 * state, chosen greedily from the generated ones, plus a seeded sample of the longer others. The
 * generated set plays about fifteen paths per transition (the shortest path to every distinct
 * state and context key); `npm run qa` still plays it whole (MODEL_PATHS=all).
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { random } from '../../samples/generate';
import { pathSignatures } from './transitionPaths';

interface PathLike {
  steps: { event: EventObject }[];
}

/** Longer paths drawn at random (seeded) beside the covering ones. */
const SAMPLE = 8;

/** Every generated path when `all` (by default when MODEL_PATHS=all: the QA run), else the covering set and its sample. */
export function pathsToPlay<P extends PathLike>(model: AnyStateMachine, input: unknown, paths: P[], all = process.env.MODEL_PATHS === 'all'): P[] {
  if (all) return paths;
  return coveringPaths(model, input, paths, { sample: SAMPLE, seed: Number(process.env.MODEL_PATHS_SEED) || 1 });
}

export function coveringPaths<P extends PathLike>(model: AnyStateMachine, input: unknown, paths: P[], options: { sample: number; seed: number }): P[] {
  const chosen = fewestCovering(paths, paths.map((path) => pathSignatures(model, input, path.steps.map((s) => s.event))));
  // A sample of the longer paths left: the longer half, drawn with the seed.
  const rest = paths.map((_, i) => i).filter((i) => !chosen.has(i)).sort((a, b) => paths[b].steps.length - paths[a].steps.length || a - b);
  const pool = rest.slice(0, Math.max(options.sample, Math.ceil(rest.length / 2)));
  const draw = random(options.seed);
  for (let k = 0; k < options.sample && pool.length > 0; k++) chosen.add(pool.splice(Math.floor(draw() * pool.length), 1)[0]);
  return paths.filter((_, i) => chosen.has(i));
}

/** The indices of a few paths that together take every signature the paths take, chosen greedily: the path taking most not yet taken first; of equals, the shorter. */
export function fewestCovering(paths: PathLike[], signatures: Iterable<string>[]): Set<number> {
  const sets = signatures.map((s) => new Set(s));
  const uncovered = new Set(sets.flatMap((set) => [...set]));
  const chosen = new Set<number>();
  while (uncovered.size > 0) {
    let best = -1;
    let gain = 0;
    sets.forEach((set, i) => {
      if (chosen.has(i)) return;
      let n = 0;
      for (const s of set) if (uncovered.has(s)) n++;
      // The path that covers most; of equals, the shorter.
      if (n > gain || (n === gain && n > 0 && paths[i].steps.length < paths[best].steps.length)) [best, gain] = [i, n];
    });
    if (best < 0) break;
    chosen.add(best);
    for (const s of sets[best]) uncovered.delete(s);
  }
  return chosen;
}
