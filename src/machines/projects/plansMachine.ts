/**
 * The My Subscriptions dialog's data (SPEC §2, §7): loads the active plans when it opens.
 *   loading -> ready | failed -> (retry) loading
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SubscriptionPlan } from '../../api/schemas';

interface PlansContext {
  plans: SubscriptionPlan[];
}

export type PlansEvent = { type: 'plans.retry' };

export const plansMachine = setup({
  types: {
    context: {} as PlansContext,
    events: {} as PlansEvent,
  },
  actors: {
    /** GET subscriptionPlans/active. */
    loadPlans: fromPromise<SubscriptionPlan[]>(async () => {
      throw new Error('loadPlans is not provided');
    }),
  },
}).createMachine({
  id: 'plans',
  context: { plans: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: { target: 'ready', actions: assign({ plans: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    ready: {},
    failed: {
      on: { 'plans.retry': 'loading' },
    },
  },
});
