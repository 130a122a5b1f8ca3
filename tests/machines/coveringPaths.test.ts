/**
 * The paths `npm test` plays (tests/helpers/coveringPaths.ts): fewer than the generated set, yet
 * every state, every transition with every payload, and every refused outside event the whole set
 * plays; the same seed draws the same sample.
 */
import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { setup } from 'xstate';
import { coveringPaths } from '../helpers/coveringPaths';
import { pathSignatures } from '../helpers/transitionPaths';

const counter = setup({ types: { events: {} as { type: 'inc' } | { type: 'dec' } | { type: 'reset' } | { type: 'lock' } } }).createMachine({
  initial: 'zero',
  states: {
    zero: { on: { inc: 'one', lock: 'locked' } },
    one: { on: { inc: 'two', dec: 'zero', reset: 'zero' } },
    two: { on: { inc: 'three', dec: 'one', reset: 'zero' } },
    three: { on: { dec: 'two', reset: 'zero', lock: 'locked' } },
    locked: { on: { reset: 'zero' } },
  },
});
const events = [{ type: 'inc' }, { type: 'dec' }, { type: 'reset' }, { type: 'lock' }] as const;

describe('the paths npm test plays', () => {
  const paths = createTestModel(counter, { events: [...events] }).getSimplePaths();
  const all = new Set(paths.flatMap((p) => [...pathSignatures(counter, undefined, p.steps.map((s) => s.event))]));

  it('are fewer than the generated ones and play everything they play', () => {
    const chosen = coveringPaths(counter, undefined, paths, { sample: 0, seed: 1 });
    expect(chosen.length).toBeLessThan(paths.length);
    const covered = new Set(chosen.flatMap((p) => [...pathSignatures(counter, undefined, p.steps.map((s) => s.event))]));
    expect([...all].filter((s) => !covered.has(s))).toEqual([]);
    // Every state and every transition of the machine.
    expect([...covered].filter((s) => s.startsWith('state:'))).toHaveLength(5);
    expect(new Set([...covered].filter((s) => !s.startsWith('state:')).map((s) => s.split('|')[0])).size).toBe(12);
  });

  it('draw the same sample from the same seed, and another from another', () => {
    const names = (seed: number) => coveringPaths(counter, undefined, paths, { sample: 3, seed }).map((p) => p.description);
    expect(names(7)).toEqual(names(7));
    const base = coveringPaths(counter, undefined, paths, { sample: 0, seed: 1 }).length;
    expect(names(7)).toHaveLength(base + 3);
    expect([1, 2, 3, 4, 5].map((s) => names(s).join('|')).some((n) => n !== names(7).join('|'))).toBe(true);
  });
});
