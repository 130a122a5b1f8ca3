/** The link's estimate machine, model-based: read once for its access key, shown, or failed and read again. */
import { describe, expect, it } from 'vitest';
import { linkEstimateMachine } from '../../src/machines/viewer/linkEstimateMachine';
import { createSut, modelPaths } from '../helpers/modelBased';

const input = { accessKey: 'Key9' };
const estimate = { currency: 'CHF', revision: 2, lines: [], total: 12.5, previous: null };
const events = [
  { type: 'xstate.done.actor.loadEstimate', output: estimate },
  { type: 'xstate.error.actor.loadEstimate', error: new Error('404') },
  { type: 'linkEstimate.retry' },
] as never[];

describe('link estimate machine (model-based)', () => {
  const { cases, reachedByModel, allStates } = modelPaths(linkEstimateMachine, {
    events,
    input,
    paths: 'simple',
    sut: () => createSut(linkEstimateMachine, { promiseActors: ['loadEstimate'], input }),
    check: (real, model, sut) => {
      expect(real.value).toEqual(model.value);
      if (real.matches('loading')) expect(sut.pending.loadEstimate.at(-1)?.input).toEqual({ accessKey: 'Key9' });
      expect(real.context.estimate).toEqual(real.matches('loaded') ? estimate : null);
    },
  });

  it('reaches every state of the machine', () => {
    expect(allStates.filter((s) => !reachedByModel.has(s))).toEqual([]);
  });

  for (const c of cases) it(c.name, async () => void (await c.execute()));
});
