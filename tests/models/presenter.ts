/**
 * Presenting (issue 52), from the rules of "Present it live", not from the machine: Present tells
 * the server and starts watching the view; each changed view goes to the server; a pick shows as a
 * pointer; after a dropped socket the presentation and its last view are said again; Stop presenting
 * tells the server and stops watching. Nothing is sent while not presenting.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { fromCallback } from 'xstate';
import type { PresentedView } from '../../src/api/presence';
import { presenterMachine } from '../../src/machines/viewer/live/presenterMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { presentedViewAt } from '../helpers/presentedView';
import { defineRun, type MachineModel } from './machineModel';

type Event = { type: string; view?: PresentedView; at?: [number, number, number] };

const viewAt = (x: number) => presentedViewAt(x, { renderMode: 'xray', explode: 0.5, selection: '7' });

export interface PresenterExpected extends Expected {
  watching: boolean;
  last: number | null;
  /** The messages for the server, in order. */
  sent: string[];
}

export const presenterOracle: Oracle<Event, PresenterExpected> = {
  initial: () => ({ value: 'idle', effects: [], watching: false, last: null, sent: [] }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    if (e.value === 'idle') {
      if (event.type !== 'presenter.start') return base;
      return { ...base, value: 'presenting', watching: true, sent: [...e.sent, 'present on'], effects: ['"You are presenting"'] };
    }
    switch (event.type) {
      case 'presenter.view': {
        const x = event.view!.camera.position[0];
        return { ...base, last: x, sent: [...e.sent, `view ${x}`], effects: ['the followers move'] };
      }
      case 'presenter.pick':
        return { ...base, sent: [...e.sent, `point ${event.at!.join(',')}`], effects: ['a pointer on their screens'] };
      case 'presenter.reconnected':
        return { ...base, sent: [...e.sent, 'present on', ...(e.last === null ? [] : [`view ${e.last}`])], effects: ['the presentation said again'] };
      case 'presenter.stop':
        return { ...base, value: 'idle', watching: false, last: null, sent: [...e.sent, 'present off'], effects: ['presenting ends'] };
      default:
        return base;
    }
  },
  check(real, e, sut) {
    same(real.value, e.value, 'presenting or not');
    const s = sut as PresenterSut;
    same(s.watching.count, e.watching ? 1 : 0, 'the view watched while presenting only');
    const sent = s.inbox.map(({ message: m }) =>
      m.type === 'present' ? `present ${m.on ? 'on' : 'off'}` : m.type === 'view' ? `view ${m.view.camera.position[0]}` : m.type === 'point' ? `point ${m.at?.join(',')}` : m.type,
    );
    same(sent, e.sent, 'what the server was told');
  },
};

type Sent = { message: { type: string; on?: boolean; view: PresentedView; at?: number[] } };
type PresenterSut = ReturnType<typeof createSut> & { inbox: Sent[]; watching: { count: number } };

export const presenterModel: MachineModel = {
  name: 'presenter',
  machine: presenterMachine,
  source: 'src/machines/viewer/live/presenterMachine.ts',
  testFile: 'tests/machines/presenterModel.test.ts',
  runs: [
    {
      label: 'the owner presents',
      run: defineRun<Event>({
        events: [
          { type: 'presenter.start' },
          { type: 'presenter.view', view: viewAt(1) },
          { type: 'presenter.view', view: viewAt(2) },
          { type: 'presenter.pick', at: [0.1, 0.2, 0.3] },
          { type: 'presenter.reconnected' },
          { type: 'presenter.stop' },
        ],
        serializeState: (s) => JSON.stringify([s.value, (s.context as { lastView: PresentedView | null }).lastView?.camera.position[0] ?? null]),
        // The paths are generated without a parent: the model leaves its messages out (the real machine sends them).
        model: presenterMachine.provide({ actions: { sayPresenting: () => {}, sayStopped: () => {}, sendView: () => {}, sendPoint: () => {} } }),
        sut: () => {
          const inbox: Sent[] = [];
          const watching = { count: 0 };
          const watchView = fromCallback(() => {
            watching.count += 1;
            return () => void (watching.count -= 1);
          });
          return Object.assign(createSut(presenterMachine, { parentInbox: inbox as never, input: { readSelection: () => null }, provide: { actors: { watchView } } }), { inbox, watching });
        },
        oracle: presenterOracle as never,
      }),
    },
  ],
};
