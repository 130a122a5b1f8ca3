/**
 * "View in your room" in the page (WebXR, issue 32): nothing runs until the user asks; asking reads
 * the AR file and asks the browser for a session with the link's AR GLB and the page's overlay; a
 * refusal (no session, an unreadable file) is said and dismissed, or asked again; while the session
 * runs each Place puts the model where the floor ring is; Leave ends the session, and the system
 * ending it (the user's back gesture, a call) returns to the page as well.
 */
import { deepStrictEqual as same } from 'node:assert/strict';
import { roomArMachine, type RoomArSession } from '../../src/machines/viewer/tools/roomArMachine';
import { createSut, type Expected, type Oracle } from '../helpers/modelBased';
import { defineRun, type MachineModel } from './machineModel';

type RoomArModelEvent = { type: string; glbUrl?: string; overlay?: unknown; output?: unknown; error?: unknown };

const GLB = 'https://cv.example.com/api/v1/projects/accessKeys/Abc123/ar.glb';
const overlay = { id: 'overlay' } as unknown as HTMLElement;

/** The places asked of the fake browser's session in the path being played (reset with each system under test). */
let places = 0;
const session: RoomArSession = { size: [1.2, 0.72, 0.56], place: () => void (places += 1), exit: () => Promise.resolve(), ended: new Promise(() => {}) };

export interface RoomArExpected extends Expected {
  /** Sessions asked of the browser so far, and the places asked in the path. */
  starts: number;
  placesNow: number;
}

export const roomArOracle: Oracle<RoomArModelEvent, RoomArExpected> = {
  initial: () => ({ value: 'idle', effects: [], starts: 0, placesNow: 0 }),
  next(e, event) {
    const base = { ...e, effects: [] as string[] };
    const asking = event.type === 'ar.start' && (e.value === 'idle' || e.value === 'failed');
    if (asking) return { ...base, value: 'starting', starts: e.starts + 1, effects: [`AR file ${GLB} read, immersive-ar session asked with the overlay`] };
    if (e.value === 'starting' && event.type === 'xstate.done.actor.start') return { ...base, value: 'placing', effects: ['the floor ring follows the hit test'] };
    if (e.value === 'starting' && event.type === 'xstate.error.actor.start') return { ...base, value: 'failed', effects: ['"could not start on this device" said'] };
    if (e.value === 'failed' && event.type === 'ar.dismiss') return { ...base, value: 'idle' };
    if (e.value === 'placing' && event.type === 'ar.place') return { ...base, placesNow: e.placesNow + 1, effects: ['the model put where the ring is'] };
    if (e.value === 'placing' && event.type === 'ar.exit') return { ...base, value: 'leaving', effects: ['the session asked to end'] };
    if (e.value === 'placing' && (event.type === 'xstate.done.actor.ended' || event.type === 'xstate.error.actor.ended')) return { ...base, value: 'idle', effects: ['back on the page'] };
    if (e.value === 'leaving' && (event.type === 'xstate.done.actor.exit' || event.type === 'xstate.error.actor.exit')) return { ...base, value: 'idle', effects: ['back on the page'] };
    return base;
  },
  check(real, e, sut) {
    const starts = (sut.pending.start ?? []).map((call) => call.input);
    same(starts, e.value === 'starting' ? [{ glbUrl: GLB, overlay }] : [], 'the session asked for, with the AR file and the overlay');
    const c = real.context as { session: RoomArSession | null };
    same(c.session !== null, e.value === 'placing' || e.value === 'leaving', 'a session running');
    same(places, e.placesNow, 'places asked of the session');
  },
};

export const roomArModel: MachineModel = {
  name: 'roomAr',
  machine: roomArMachine,
  source: 'src/machines/viewer/tools/roomArMachine.ts',
  testFile: 'tests/machines/roomArModel.test.ts',
  runs: [
    {
      label: 'in-page AR',
      run: defineRun<RoomArModelEvent>({
        events: [
          { type: 'ar.start', glbUrl: GLB, overlay },
          { type: 'xstate.done.actor.start', output: session },
          { type: 'xstate.error.actor.start', error: new DOMException('no AR', 'NotSupportedError') },
          { type: 'ar.place' },
          { type: 'ar.exit' },
          { type: 'ar.dismiss' },
          { type: 'xstate.done.actor.ended' },
          { type: 'xstate.done.actor.exit' },
        ],
        serializeState: (s) => JSON.stringify(s.value),
        sut: () => {
          places = 0;
          return createSut(roomArMachine, { promiseActors: ['start', 'ended', 'exit'] });
        },
        oracle: roomArOracle as never,
      }),
    },
  ],
};
