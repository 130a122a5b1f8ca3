/**
 * Following a presentation (issue 52): while someone presents, this viewer's view follows theirs
 * (camera, render mode, section box and clipping, exploded factor, selection, isolation, notice step);
 * any own gesture stops following, and "Follow again" brings the presenter's latest view back.
 *
 *   alone (nobody presents) -> following (someone starts) -> free (an own gesture, "Stop following")
 *   free -> following ("Follow again", or another presenter starts); presenting ends -> alone
 *
 * A view is kept whenever it comes (it may arrive before the list that names its presenter); only
 * the presenter's is applied. The parent (presenceMachine) is told to apply a view (`live.apply`)
 * and whether this viewer follows (`live.following`), which the presenter sees.
 */
import { assign, enqueueActions, sendParent, setup } from 'xstate';
import type { PresentedView } from '../../../api/presence';

export interface FollowedPresenter {
  id: string;
  /** Shown as "Following <name>"; null: an owner without a name. */
  name: string | null;
}

export type FollowerEvent =
  /** Who presents now (null: nobody, or this viewer itself). */
  | { type: 'follower.presenter'; presenter: FollowedPresenter | null }
  | { type: 'follower.view'; from: string; view: PresentedView }
  /** The user moved the camera, picked or used a tool: they look around on their own. */
  | { type: 'follower.gesture' }
  | { type: 'follower.stop' }
  | { type: 'follower.followAgain' };

/** What the follower asks of its parent. */
export type FollowerRequest = { type: 'live.apply'; view: PresentedView } | { type: 'live.following'; following: boolean };

export interface FollowerContext {
  presenter: FollowedPresenter | null;
  latest: { from: string; view: PresentedView } | null;
}

export const followerMachine = setup({
  types: { context: {} as FollowerContext, events: {} as FollowerEvent },
  guards: {
    somebodyPresents: ({ event }) => event.type === 'follower.presenter' && event.presenter !== null,
    nobodyPresents: ({ event }) => event.type === 'follower.presenter' && event.presenter === null,
    anotherPresenter: ({ context, event }) => event.type === 'follower.presenter' && event.presenter !== null && event.presenter.id !== context.presenter?.id,
    fromPresenter: ({ context, event }) => event.type === 'follower.view' && event.from === context.presenter?.id,
  },
  actions: {
    setPresenter: assign({ presenter: ({ event }) => (event.type === 'follower.presenter' ? event.presenter : null) }),
    /** A new presenter's name, the same presenter (a name given late). */
    renamePresenter: assign({ presenter: ({ context, event }) => (event.type === 'follower.presenter' && event.presenter?.id === context.presenter?.id ? event.presenter : context.presenter) }),
    keepView: assign({ latest: ({ context, event }) => (event.type === 'follower.view' ? { from: event.from, view: event.view } : context.latest) }),
    /** The presenter's latest view, when there is one. */
    applyLatest: enqueueActions(({ context, enqueue }) => {
      if (context.latest && context.latest.from === context.presenter?.id) enqueue.sendParent({ type: 'live.apply', view: context.latest.view } satisfies FollowerRequest);
    }),
    tellFollowing: sendParent({ type: 'live.following', following: true } satisfies FollowerRequest),
    tellNotFollowing: sendParent({ type: 'live.following', following: false } satisfies FollowerRequest),
  },
}).createMachine({
  id: 'follower',
  context: { presenter: null, latest: null },
  initial: 'alone',
  on: { 'follower.view': { actions: 'keepView' } },
  states: {
    alone: {
      entry: assign({ presenter: null }),
      on: { 'follower.presenter': { guard: 'somebodyPresents', target: 'following', actions: 'setPresenter' } },
    },
    following: {
      entry: ['tellFollowing', 'applyLatest'],
      exit: 'tellNotFollowing',
      on: {
        'follower.presenter': [
          { guard: 'nobodyPresents', target: 'alone' },
          { guard: 'anotherPresenter', target: 'following', reenter: true, actions: 'setPresenter' },
          { actions: 'renamePresenter' },
        ],
        'follower.view': { guard: 'fromPresenter', actions: ['keepView', 'applyLatest'] },
        'follower.gesture': { target: 'free' },
        'follower.stop': { target: 'free' },
      },
    },
    free: {
      on: {
        'follower.presenter': [
          { guard: 'nobodyPresents', target: 'alone' },
          // Another presentation: everyone follows it from the start.
          { guard: 'anotherPresenter', target: 'following', actions: 'setPresenter' },
          { actions: 'renamePresenter' },
        ],
        'follower.followAgain': { target: 'following' },
      },
    },
  },
});
