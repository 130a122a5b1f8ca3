/**
 * "View in your room" in the page (WebXR `immersive-ar`, where the device has no AR viewer of its
 * own): idle until the user asks, then `starting` (the AR file read, the browser's session asked
 * for), `placing` (the session runs: a tap or Place puts the model on the floor, again and again),
 * back to idle when the user leaves or the system ends the session, `failed` with the reason when
 * the file or the session could not be had (the page stays as it was).
 *
 * The machine knows nothing of Babylon.js: the session comes from the `start` actor, which the view
 * provides through the canvas host (the engine's `startRoomAr`).
 */
import { assign, fromPromise, setup } from 'xstate';

/** What a running session offers the page (the engine's RoomAr, seen from here). */
export interface RoomArSession {
  /** Width, height and depth in metres. */
  size: readonly [number, number, number];
  place(): void;
  exit(): Promise<void>;
  ended: Promise<void>;
}

export interface RoomArStartInput {
  glbUrl: string;
  overlay: HTMLElement;
}

export type RoomArEvent =
  | { type: 'ar.start'; glbUrl: string; overlay: HTMLElement }
  | { type: 'ar.place' }
  | { type: 'ar.exit' }
  | { type: 'ar.dismiss' };

export interface RoomArContext {
  session: RoomArSession | null;
  request: RoomArStartInput | null;
}

export const roomArMachine = setup({
  types: {} as { context: RoomArContext; events: RoomArEvent },
  actors: {
    start: fromPromise<RoomArSession, RoomArStartInput>(() => Promise.reject(new Error('no AR here'))),
    ended: fromPromise<void, RoomArSession>(({ input }) => input.ended),
    exit: fromPromise<void, RoomArSession>(({ input }) => input.exit()),
  },
}).createMachine({
  id: 'roomAr',
  context: { session: null, request: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ session: null, request: null }),
      on: { 'ar.start': { target: 'starting', actions: assign({ request: ({ event }) => ({ glbUrl: event.glbUrl, overlay: event.overlay }) }) } },
    },
    starting: {
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => context.request!,
        onDone: { target: 'placing', actions: assign({ session: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    placing: {
      invoke: { id: 'ended', src: 'ended', input: ({ context }) => context.session!, onDone: 'idle', onError: 'idle' },
      on: {
        'ar.place': { actions: ({ context }) => context.session!.place() },
        'ar.exit': 'leaving',
      },
    },
    leaving: {
      invoke: { id: 'exit', src: 'exit', input: ({ context }) => context.session!, onDone: 'idle', onError: 'idle' },
    },
    failed: {
      on: { 'ar.dismiss': 'idle', 'ar.start': { target: 'starting', actions: assign({ request: ({ event }) => ({ glbUrl: event.glbUrl, overlay: event.overlay }) }) } },
    },
  },
});
