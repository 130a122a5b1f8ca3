/**
 * Notice mode (SPEC §2, §4, §9): a sequence of steps, each a set of part ids. Previous and next
 * wrap around; a step is applied 200 ms after the last move (quick key presses skip the steps in
 * between). Applying a step emits `notice.showStep` with its ids, the camera/flash flags and the
 * camera stored for that step, if any. `notice.cameraStored` keeps the camera the user left a
 * step with, restored when the step comes back.
 * The `noticeEngine` actor applies each shown step to the engine (isolate, flash, camera) and,
 * when the user moved the camera on a step, sends back `notice.cameraStored` as that step is
 * left; when notice mode ends it shows every part again. One step (a single `filter`) is an
 * isolation: the same path, without a step navigator.
 *   idle -> notice.start (with steps) -> active.waiting -(200 ms)-> active.shown ; notice.stop -> idle
 */
import { assign, emit, fromCallback, sendTo, setup } from 'xstate';
import type { CameraState } from '../viewerTypes';

/** The debounce before a step is applied (SPEC §9). */
export const NOTICE_DEBOUNCE_MS = 200;

interface NoticeInput {
  /** Part ids per step (see filterParams.resolveSteps). */
  steps: string[][];
  /** False with `noMoveCamera`. */
  moveCamera?: boolean;
  /** False with `noFlash`. */
  flash?: boolean;
}

interface NoticeContext {
  steps: string[][];
  index: number;
  /** The camera stored per step (null until the user moves the camera on that step). */
  cameras: (CameraState | null)[];
  moveCamera: boolean;
  flash: boolean;
}

/** What the `noticeEngine` actor receives: a step to show, or the end of notice mode. */
export type NoticeEngineCommand = ShowStepEvent | { type: 'notice.ended' };

export type NoticeEvent =
  | { type: 'notice.start' }
  | { type: 'notice.stop' }
  | { type: 'notice.next' }
  | { type: 'notice.previous' }
  | { type: 'notice.load'; steps: string[][] }
  /** The camera the user left step `index` with. */
  | { type: 'notice.cameraStored'; index: number; camera: CameraState };

/** What the screen applies to the engine: isolate `ids`, then restore `camera` or frame the parts. */
export interface ShowStepEvent {
  type: 'notice.showStep';
  index: number;
  ids: string[];
  moveCamera: boolean;
  flash: boolean;
  camera: CameraState | null;
}

function currentStep(context: NoticeContext): ShowStepEvent {
  return {
    type: 'notice.showStep',
    index: context.index,
    ids: context.steps[context.index],
    moveCamera: context.moveCamera,
    flash: context.flash,
    camera: context.cameras[context.index] ?? null,
  };
}

const wrap = (index: number, total: number) => ((index % total) + total) % total;

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
    input: {} as NoticeInput,
    emitted: {} as ShowStepEvent,
  },
  actors: {
    /** Applies `notice.showStep` to the engine; sends back `notice.cameraStored`. Bound per screen. */
    noticeEngine: fromCallback<NoticeEngineCommand>(() => () => {}),
  },
  guards: {
    hasSteps: ({ context }) => context.steps.length > 0,
  },
  actions: {
    load: assign(({ event }) =>
      event.type === 'notice.load' ? { steps: event.steps, cameras: event.steps.map(() => null), index: 0 } : {},
    ),
    first: assign({ index: 0 }),
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.steps.length) }),
    previous: assign({ index: ({ context }) => wrap(context.index - 1, context.steps.length) }),
    storeCamera: assign({
      cameras: ({ context, event }) =>
        event.type === 'notice.cameraStored' ? context.cameras.map((c, i) => (i === event.index ? event.camera : c)) : context.cameras,
    }),
    showStep: emit(({ context }) => currentStep(context)),
    applyStep: sendTo('noticeEngine', ({ context }) => currentStep(context)),
    endSteps: sendTo('noticeEngine', { type: 'notice.ended' } satisfies NoticeEngineCommand),
  },
}).createMachine({
  id: 'notice',
  context: ({ input }) => ({
    steps: input.steps,
    index: 0,
    cameras: input.steps.map(() => null),
    moveCamera: input.moveCamera ?? true,
    flash: input.flash ?? true,
  }),
  invoke: { id: 'noticeEngine', src: 'noticeEngine' },
  // The engine reports a step's camera when the step is left, whatever comes next.
  on: { 'notice.cameraStored': { actions: 'storeCamera' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notice.start': { guard: 'hasSteps', target: 'active', actions: 'first' },
        'notice.load': { actions: 'load' },
      },
    },
    active: {
      initial: 'waiting',
      on: {
        'notice.next': { target: '.waiting', reenter: true, actions: 'next' },
        'notice.previous': { target: '.waiting', reenter: true, actions: 'previous' },
        'notice.stop': { target: 'idle', actions: 'endSteps' },
      },
      states: {
        waiting: { after: { [NOTICE_DEBOUNCE_MS]: 'shown' } },
        shown: {
          entry: ['showStep', 'applyStep'],
        },
      },
    },
  },
});

/** "Step n of N" values: n from 1; null outside notice mode. */
export function noticePosition(snapshot: { context: NoticeContext; matches(state: 'active'): boolean }) {
  if (!snapshot.matches('active')) return null;
  return { current: snapshot.context.index + 1, total: snapshot.context.steps.length };
}

/**
 * The index of the step on screen when it holds no part (its names match nothing in the model);
 * null outside notice mode or when the step shows parts.
 */
export function emptyStepIndex(snapshot: { context: NoticeContext; matches(state: 'active'): boolean }): number | null {
  if (!snapshot.matches('active')) return null;
  return snapshot.context.steps[snapshot.context.index]?.length === 0 ? snapshot.context.index : null;
}
