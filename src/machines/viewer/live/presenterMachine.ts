/**
 * Presenting (issue 52, the owner only): while presenting, the viewer's view (camera, render mode,
 * section box and clipping, exploded factor, selection, isolation, notice step) goes to everyone
 * with the link open as it changes, and the presenter's picks show on their screens as a pointer.
 *
 *   idle -> presenting (Present) -> idle (Stop presenting)
 *
 * `watchView` (bound to the engine by the services) sends `presenter.view` when the view changed
 * (at most ten times a second); the parent passes on a pick on the model as `presenter.pick`. The parent
 * (presenceMachine) sends what this machine gives it (`live.send`) on the socket; after a dropped
 * socket it says `presenter.reconnected`, and the presentation and its last view are said again.
 */
import { assign, enqueueActions, fromCallback, sendParent, setup } from 'xstate';
import type { PresenceClientMessage, PresentedView } from '../../../api/presence';

export type PresenterEvent =
  | { type: 'presenter.start' }
  | { type: 'presenter.stop' }
  | { type: 'presenter.view'; view: PresentedView }
  | { type: 'presenter.pick'; at: [number, number, number] }
  | { type: 'presenter.reconnected' };

export type PresenterRequest = { type: 'live.send'; message: PresenceClientMessage };

export interface PresenterInput {
  /** The part selected on this screen (the tools machine's), read with each view. */
  readSelection: () => string | null;
}

export interface PresenterContext extends PresenterInput {
  lastView: PresentedView | null;
}

const send = (message: PresenceClientMessage): PresenterRequest => ({ type: 'live.send', message });

export const presenterMachine = setup({
  types: { context: {} as PresenterContext, events: {} as PresenterEvent, input: {} as PresenterInput },
  actors: {
    /** Sends `presenter.view` when the engine's view changed. */
    watchView: fromCallback<PresenterEvent, PresenterInput>(() => () => {}),
  },
  actions: {
    sayPresenting: sendParent(send({ type: 'present', on: true })),
    sayStopped: sendParent(send({ type: 'present', on: false })),
    keepView: assign({ lastView: ({ context, event }) => (event.type === 'presenter.view' ? event.view : context.lastView) }),
    sendView: enqueueActions(({ context, enqueue }) => {
      if (context.lastView) enqueue.sendParent(send({ type: 'view', view: context.lastView }));
    }),
    sendPoint: sendParent(({ event }) => send({ type: 'point', at: event.type === 'presenter.pick' ? event.at : null })),
    forgetView: assign({ lastView: null }),
  },
}).createMachine({
  id: 'presenter',
  context: ({ input }) => ({ readSelection: input?.readSelection ?? (() => null), lastView: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'presenter.start': { target: 'presenting' } },
    },
    presenting: {
      entry: 'sayPresenting',
      exit: ['sayStopped', 'forgetView'],
      invoke: { id: 'watchView', src: 'watchView', input: ({ context }) => ({ readSelection: context.readSelection }) },
      on: {
        'presenter.view': { actions: ['keepView', 'sendView'] },
        'presenter.pick': { actions: 'sendPoint' },
        'presenter.reconnected': { actions: ['sayPresenting', 'sendView'] },
        'presenter.stop': { target: 'idle' },
      },
    },
  },
});
