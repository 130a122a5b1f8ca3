/**
 * The cost estimate on a shared link, where the owner offers it (`isEstimateAvailable`): read once
 * when the shared-project panel shows it.
 *   loading -> loaded | failed (retry)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Estimate } from '../../../model/cutting/estimate';

export const linkEstimateMachine = setup({
  types: {
    context: {} as { accessKey: string; estimate: Estimate | null },
    input: {} as { accessKey: string },
    events: {} as { type: 'linkEstimate.retry' },
  },
  actors: {
    loadEstimate: fromPromise<Estimate, { accessKey: string }>(async () => {
      throw new Error('loadEstimate is provided by the app');
    }),
  },
}).createMachine({
  id: 'linkEstimate',
  context: ({ input }) => ({ accessKey: input.accessKey, estimate: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadEstimate',
        input: ({ context }) => ({ accessKey: context.accessKey }),
        onDone: { target: 'loaded', actions: assign({ estimate: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: { on: { 'linkEstimate.retry': 'loading' } },
  },
});
