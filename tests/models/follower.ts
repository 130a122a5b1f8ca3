/**
 * Following a presentation (issue 52), from the rules of "Present it live", not from the machine:
 * nobody presents -> nothing happens; someone starts -> this screen follows (it says so to the
 * server, and shows the presenter's latest view at once, if one came); each view of the presenter
 * is shown while following and only kept otherwise; an own gesture or "Stop following" stops it
 * (said to the server); "Follow again" shows the latest view; another presenter is followed from the
 * start; the presentation ending stops following. Views of anyone but the presenter are never shown.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import type { PresentedView } from '../../src/api/presence';
import { followerMachine } from '../../src/machines/viewer/live/followerMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { presentedViewAt } from '../helpers/presentedView';
import { defineRun, type MachineModel } from './machineModel';

type Event = { type: string; presenter?: { id: string; name: string | null } | null; from?: string; view?: PresentedView };

const viewAt = (x: number) => presentedViewAt(x);
const OLGA = { id: 'olga', name: 'Olga' };
const PAUL = { id: 'paul', name: null };

export interface FollowerExpected extends Expected {
  presenter: string | null;
  latest: { from: string; x: number } | null;
  /** What the server and the engine were asked, in order. */
  asked: string[];
}

const shown = (e: FollowerExpected) => (e.latest && e.latest.from === e.presenter ? [`show view ${e.latest.x}`] : []);

export const followerOracle: Oracle<Event, FollowerExpected> = {
  initial: () => ({ value: 'alone', effects: [], presenter: null, latest: null, asked: [] }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    const follow = (next: FollowerExpected, leaving: boolean): FollowerExpected => {
      const asked = [...next.asked, ...(leaving ? ['not following'] : []), 'following', ...shown(next)];
      return { ...next, value: 'following', asked, effects: ['"Following" shown'] };
    };
    if (event.type === 'follower.view') {
      const latest = { from: event.from!, x: event.view!.camera.position[0] };
      // A view is kept whenever it comes; shown only from the presenter, while following.
      const next = { ...base, latest };
      if (e.value === 'following' && event.from !== e.presenter) return next;
      return e.value === 'following' ? { ...next, asked: [...e.asked, `show view ${latest.x}`], effects: ['the view follows'] } : next;
    }
    if (event.type === 'follower.presenter') {
      const presenter = event.presenter ?? null;
      if (!presenter) return e.value === 'alone' ? base : { ...base, value: 'alone', presenter: null, asked: e.value === 'following' ? [...e.asked, 'not following'] : e.asked };
      if (presenter.id === e.presenter) return base;
      return follow({ ...base, presenter: presenter.id }, e.value === 'following');
    }
    if (e.value === 'following' && (event.type === 'follower.gesture' || event.type === 'follower.stop')) return { ...base, value: 'free', asked: [...e.asked, 'not following'], effects: ['"Follow again" offered'] };
    if (e.value === 'free' && event.type === 'follower.followAgain') return follow(base, false);
    return base;
  },
  check(real, e, sut) {
    same(real.value, e.value, 'following or not');
    same((real.context as { presenter: { id: string } | null }).presenter?.id ?? null, e.presenter, 'who is followed');
    const inbox = (sut as FollowerSut).inbox.map((m) =>
      m.type === 'live.following' ? ((m as unknown as { following: boolean }).following ? 'following' : 'not following') : `show view ${(m as unknown as { view: PresentedView }).view.camera.position[0]}`,
    );
    same(inbox, e.asked, 'what the server and the engine were asked');
  },
};

type FollowerSut = ReturnType<typeof createSut> & { inbox: Array<{ type: string }> };

export const followerModel: MachineModel = {
  name: 'follower',
  machine: followerMachine,
  source: 'src/machines/viewer/live/followerMachine.ts',
  testFile: 'tests/machines/followerModel.test.ts',
  runs: [
    {
      label: 'a viewer of a link',
      run: defineRun<Event>({
        events: [
          { type: 'follower.presenter', presenter: OLGA },
          { type: 'follower.presenter', presenter: PAUL },
          { type: 'follower.presenter', presenter: null },
          { type: 'follower.view', from: 'olga', view: viewAt(1) },
          { type: 'follower.view', from: 'paul', view: viewAt(2) },
          { type: 'follower.gesture' },
          { type: 'follower.stop' },
          { type: 'follower.followAgain' },
        ],
        serializeState: (s) => JSON.stringify([s.value, (s.context as { presenter: { id: string } | null }).presenter?.id ?? null]),
        // The paths are generated without a parent: the model leaves its messages out (the real machine sends them).
        model: followerMachine.provide({ actions: { tellFollowing: () => {}, tellNotFollowing: () => {}, applyLatest: () => {} } }),
        sut: () => {
          const inbox: Array<{ type: string }> = [];
          return Object.assign(createSut(followerMachine, { parentInbox: inbox }), { inbox });
        },
        oracle: followerOracle as never,
      }),
    },
  ],
};
