/**
 * The cost estimate on a shared link (issue 33 "Cost estimate", shown on the link only with
 * `isEstimateAvailable`): read once for the link's access key when the panel shows it; shown when
 * read; a failed read says so and is read again on Retry, the estimate staying empty until then.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { Estimate } from '../../src/model/cutting/estimate';
import { linkEstimateMachine } from '../../src/machines/viewer/review/linkEstimateMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { withCallLog, type LoggedSut } from './callLog';
import { defineRun, type MachineModel } from './machineModel';

type LinkEstimateEvent = { type: 'linkEstimate.retry' } | { type: string; output?: unknown; error?: unknown };

const input = { accessKey: 'Key9' };
const estimate: Estimate = { currency: 'CHF', revision: 2, lines: [], options: [], total: 12.5, previous: { revision: 1, total: 10, difference: 2.5 } };

export interface LinkEstimateExpected extends Expected {
  estimate: Estimate | null;
  reads: number;
}

export const linkEstimateOracle: Oracle<LinkEstimateEvent, LinkEstimateExpected> = {
  initial: () => ({ value: 'loading', effects: ['GET projects/accessKeys/Key9/estimate'], estimate: null, reads: 1 }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'loading' && event.type === 'xstate.done.actor.loadEstimate') return { ...base, value: 'loaded', estimate, effects: ['estimate shown: CHF 12.50'] };
    if (e.value === 'loading' && event.type === 'xstate.error.actor.loadEstimate') return { ...base, value: 'failed', effects: ['failure shown, Retry offered'] };
    if (e.value === 'failed' && event.type === 'linkEstimate.retry') return { ...base, value: 'loading', reads: e.reads + 1, effects: ['GET the estimate again'] };
    return base;
  },
  check(real, e, sut) {
    same(real.context.estimate, e.estimate, 'the estimate shown');
    same(sut.pending.loadEstimate.map((call) => call.input), e.value === 'loading' ? [{ accessKey: 'Key9' }] : [], 'the read in flight');
    same((sut as LoggedSut).calls.loadEstimate.length, e.reads, 'reads asked');
  },
};

export const linkEstimateModel: MachineModel = {
  name: 'linkEstimate',
  machine: linkEstimateMachine,
  source: 'src/machines/viewer/review/linkEstimateMachine.ts',
  testFile: 'tests/machines/linkEstimateMachine.test.ts',
  runs: [
    {
      label: 'a link with the estimate offered',
      run: defineRun<LinkEstimateEvent>({
        events: [
          { type: 'xstate.done.actor.loadEstimate', output: estimate },
          { type: 'xstate.error.actor.loadEstimate', error: new Error('404') },
          { type: 'linkEstimate.retry' },
        ],
        input,
        sut: () => withCallLog(createSut(linkEstimateMachine, { promiseActors: ['loadEstimate'], input })),
        oracle: linkEstimateOracle as never,
      }),
    },
  ],
};
