// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { AIM_HOLD_MS, DOUBLE_TAP_MS, PointerInput, type PointerHandlers } from '../../src/engine/input/pointerInput';
import { pickOffsets, TOUCH_PICK_RADIUS_PX } from '../../src/engine/input/pickOffsets';

/** A canvas at the page's origin, its gestures recorded. */
function setup() {
  const canvas = document.createElement('canvas');
  canvas.getBoundingClientRect = () => ({ left: 0, top: 0, right: 400, bottom: 800, width: 400, height: 800, x: 0, y: 0, toJSON: () => ({}) });
  const calls: string[] = [];
  let now = 1000;
  let aimWanted = false;
  const handlers: PointerHandlers = {
    click: (x, y, kind) => calls.push(`click ${x},${y} ${kind}`),
    doubleTap: (x, y) => calls.push(`double ${x},${y}`),
    pinch: (factor) => calls.push(`pinch ${factor.toFixed(2)}`),
    pan: (dx, dy) => calls.push(`pan ${dx},${dy}`),
    aimWanted: () => aimWanted,
    aim: (phase, x, y) => calls.push(`aim ${phase} ${x},${y}`),
    hover: (x, y) => calls.push(`hover ${x},${y}`),
    userMovedCamera: () => calls.push('moved'),
    wheel: (x, y, zoomIn) => calls.push(`wheel ${x},${y} ${zoomIn ? 'in' : 'out'}`),
    activity: () => {},
  };
  new PointerInput(canvas, handlers, () => now);
  const fire = (type: string, id: number, x: number, y: number, pointerType = 'touch') => {
    const event = new MouseEvent(type, { clientX: x, clientY: y, button: 0 }) as MouseEvent & { pointerId: number; pointerType: string };
    Object.defineProperties(event, { pointerId: { value: id }, pointerType: { value: pointerType } });
    canvas.dispatchEvent(event);
  };
  const tap = (x: number, y: number, wobble = 0) => {
    fire('pointerdown', 1, x, y);
    if (wobble) fire('pointermove', 1, x + wobble, y);
    fire('pointerup', 1, x + wobble, y);
  };
  const wheel = (x: number, y: number, deltaY: number) => {
    const event = new WheelEvent('wheel', { clientX: x, clientY: y, deltaY, cancelable: true });
    canvas.dispatchEvent(event);
    return event;
  };
  return { calls, fire, tap, wheel, advance: (ms: number) => (now += ms), wantAim: () => (aimWanted = true) };
}

describe('the mouse wheel', () => {
  it('zooms over the cursor, in when turned away from the user, keeps the page from scrolling, and counts as a user move', () => {
    const { calls, wheel } = setup();
    const event = wheel(120, 340, -100);
    expect(event.defaultPrevented).toBe(true);
    wheel(120, 340, 100);
    expect(calls).toEqual(['moved', 'wheel 120,340 in', 'wheel 120,340 out']);
  });
});

describe('touch gestures on the canvas', () => {
  it('a finger that wobbles a few pixels still taps; a mouse that moves as much drags', () => {
    const { calls, fire, tap } = setup();
    tap(100, 100, 8);
    expect(calls).toEqual(['click 108,100 touch']);
    calls.length = 0;
    fire('pointerdown', 9, 100, 100, 'mouse');
    fire('pointermove', 9, 108, 100, 'mouse');
    fire('pointerup', 9, 108, 100, 'mouse');
    expect(calls).toEqual(['moved']);
  });

  it('two fingers moving apart pinch by the ratio of their spreads, and a pinch is never a tap', () => {
    const { calls, fire } = setup();
    fire('pointerdown', 1, 100, 100);
    fire('pointerdown', 2, 200, 100);
    fire('pointermove', 2, 300, 100);
    fire('pointermove', 1, 0, 100);
    fire('pointerup', 1, 0, 100);
    fire('pointermove', 2, 350, 100);
    fire('pointerup', 2, 350, 100);
    // Moving one finger moves their midpoint too: a pinch pans by half that finger's move.
    expect(calls).toEqual(['moved', 'pinch 2.00', 'pan 50,0', 'pinch 1.50', 'pan -50,0']);
    calls.length = 0;
    fire('pointerdown', 3, 50, 50);
    fire('pointerup', 3, 50, 50);
    expect(calls).toEqual(['click 50,50 touch']);
  });

  it('two taps close in time and place are a double tap; slower or farther ones are two taps', () => {
    const { calls, tap, advance } = setup();
    tap(100, 100);
    advance(200);
    tap(110, 104);
    expect(calls).toEqual(['click 100,100 touch', 'click 110,104 touch', 'double 110,104']);
    calls.length = 0;
    advance(1000);
    tap(100, 100);
    advance(DOUBLE_TAP_MS + 1);
    tap(100, 100);
    advance(100);
    tap(200, 100);
    expect(calls.filter((c) => c.startsWith('double'))).toEqual([]);
  });

  it('two fingers moving together pan by the move of their midpoint, without zooming', () => {
    const { calls, fire } = setup();
    fire('pointerdown', 1, 100, 100);
    fire('pointerdown', 2, 200, 100);
    fire('pointermove', 1, 100, 140);
    fire('pointermove', 2, 200, 140);
    expect(calls).toEqual(['moved', 'pinch 1.08', 'pan 0,20', 'pinch 0.93', 'pan 0,20']);
  });

  it('while measuring, a finger held still aims: its moves and its release are aim positions, not a drag or a tap', () => {
    vi.useFakeTimers();
    try {
      const { calls, fire, wantAim } = setup();
      wantAim();
      fire('pointerdown', 1, 100, 300);
      vi.advanceTimersByTime(AIM_HOLD_MS - 1);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      fire('pointermove', 1, 130, 280);
      fire('pointerup', 1, 132, 281);
      expect(calls).toEqual(['aim start 100,300', 'aim move 130,280', 'aim end 132,281']);
      calls.length = 0;
      // A quick tap still taps; a second finger cancels an aim.
      fire('pointerdown', 1, 50, 50);
      fire('pointerup', 1, 50, 50);
      vi.advanceTimersByTime(AIM_HOLD_MS);
      fire('pointerdown', 1, 60, 60);
      vi.advanceTimersByTime(AIM_HOLD_MS);
      fire('pointerdown', 2, 160, 60);
      fire('pointerup', 2, 160, 60);
      fire('pointerup', 1, 60, 60);
      expect(calls).toEqual(['click 50,50 touch', 'aim start 60,60', 'aim cancel 160,60', 'moved']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('touch reports no hover (a finger is only seen when it presses)', () => {
    const { calls, fire } = setup();
    fire('pointermove', 1, 10, 10);
    fire('pointermove', 2, 40, 40, 'mouse');
    expect(calls).toEqual(['hover 40,40']);
  });
});

describe('where a tap looks for a part', () => {
  it('its own point first, then two rings around it within the radius', () => {
    const offsets = pickOffsets(TOUCH_PICK_RADIUS_PX);
    expect(offsets[0]).toEqual([0, 0]);
    expect(offsets).toHaveLength(17);
    const distances = offsets.map(([x, y]) => Math.hypot(x, y));
    // The inner ring entirely before the outer one.
    expect(Math.max(...distances.slice(1, 9))).toBeLessThan(Math.min(...distances.slice(9)));
    expect(Math.max(...distances)).toBeLessThanOrEqual(TOUCH_PICK_RADIUS_PX + 0.5);
    expect(pickOffsets(0)).toEqual([[0, 0]]);
  });
});
