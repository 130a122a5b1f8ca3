/**
 * Pointer gestures on the canvas (the camera's own controls read the same events: one finger or
 * the left button orbits, two fingers pinch and pan, the wheel zooms):
 * - a click or tap is a press and release that moved at most 5 px with a mouse, 10 px with a
 *   finger (anything more is a camera drag); a gesture that ever had two fingers down is never a tap;
 * - two taps within 350 ms and 30 px are a double tap (reported after the second tap's click);
 * - hover positions are reported only after the pointer moved more than 5 px;
 * - two fingers moving apart or together zoom (pinch, the ratio of their spreads), and moving
 *   together pan (the move of their midpoint);
 * - while aiming is wanted (measuring), a finger held still for 300 ms aims instead: the camera
 *   stops following it, its moves and its release are reported as aim positions, and no tap follows;
 * - a press that grabs something (a section box handle) drags it instead: its moves are reported
 *   until it lifts, and no click, tap or camera move follows;
 * - drags, pinches and wheel turns count as the user moving the camera.
 */
import { movedBeyond, POINTER_MOVE_THRESHOLD_PX } from '../measure/measureMath';

export type PointerKind = 'mouse' | 'touch' | 'pen';

export interface PointerHandlers {
  click(x: number, y: number, kind: PointerKind): void;
  doubleTap(x: number, y: number): void;
  /** Two fingers moved apart (factor above 1) or together, by the ratio of their spreads. */
  pinch(factor: number): void;
  /** Two fingers moved together by (dx, dy) CSS pixels (their midpoint). */
  pan(dx: number, dy: number): void;
  /** Whether a held finger aims (measurement by touch). */
  aimWanted(): boolean;
  /** A held finger: where it is as it aims, and where it lifted ('end') or that another finger came ('cancel'). */
  aim(phase: 'start' | 'move' | 'end' | 'cancel', x: number, y: number): void;
  hover(x: number, y: number): void;
  userMovedCamera(): void;
  /** A wheel turn over (x, y): towards the screen (zoom in) when `zoomIn`. */
  wheel(x: number, y: number, zoomIn: boolean): void;
  /** Any input that may change the view (camera controls read the same events). */
  activity(): void;
  /** A first press at (x, y): true when it grabbed something to drag (then `dragTo` and `release` follow). */
  grab?(x: number, y: number, kind: PointerKind): boolean;
  dragTo?(x: number, y: number): void;
  release?(): void;
}

const WHEEL_REPORT_MS = 250;
/** A finger wobbles more than a mouse. */
const TOUCH_TAP_THRESHOLD_PX = 10;
export const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_DISTANCE_PX = 30;
/** How long a finger must stay still to aim. */
export const AIM_HOLD_MS = 300;

function kindOf(e: PointerEvent): PointerKind {
  return e.pointerType === 'touch' || e.pointerType === 'pen' ? e.pointerType : 'mouse';
}

export class PointerInput {
  private down: { id: number; x: number; y: number; kind: PointerKind } | null = null;
  private dragging = false;
  /** Pointers currently pressed (a pinch has two). */
  private readonly pressed = new Set<number>();
  /** Where each pressed finger is, for pinches. */
  private readonly fingers = new Map<number, { x: number; y: number }>();
  private spread: number | null = null;
  private midpoint: { x: number; y: number } | null = null;
  private aimTimer: ReturnType<typeof setTimeout> | null = null;
  private aiming = false;
  /** The pointer dragging a grabbed handle. */
  private grabbing: number | null = null;
  private lastTap: { x: number; y: number; at: number } | null = null;
  private lastHover: { x: number; y: number } | null = null;
  private lastWheel = -Infinity;
  private readonly listeners: Array<[string, EventListener]>;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly handlers: PointerHandlers,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.listeners = [
      ['pointerdown', (e) => this.onDown(e as PointerEvent)],
      ['pointermove', (e) => this.onMove(e as PointerEvent)],
      ['pointerup', (e) => this.onUp(e as PointerEvent)],
      ['pointercancel', (e) => this.onCancel(e as PointerEvent)],
      ['pointerleave', () => (this.lastHover = null)],
      ['wheel', (e) => this.onWheel(e as WheelEvent)],
    ];
    // Not passive: the wheel zooms the view, not the page.
    for (const [type, fn] of this.listeners) canvas.addEventListener(type, fn, type === 'wheel' ? { passive: false } : undefined);
  }

  private position(e: PointerEvent): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private onDown(e: PointerEvent): void {
    this.handlers.activity();
    this.pressed.add(e.pointerId);
    if (e.pointerType === 'touch') this.fingers.set(e.pointerId, this.position(e));
    this.spread = null;
    this.midpoint = null;
    this.pinchStep();
    if (this.down) {
      this.stopAiming(e);
      // A second finger: a pinch or a two-finger pan, never a tap.
      if (!this.dragging) {
        this.dragging = true;
        this.handlers.userMovedCamera();
      }
      return;
    }
    const p = this.position(e);
    if (this.handlers.grab?.(p.x, p.y, kindOf(e))) {
      this.grabbing = e.pointerId;
      return;
    }
    this.down = { id: e.pointerId, kind: kindOf(e), ...p };
    this.dragging = false;
    if (this.down.kind === 'touch' && this.handlers.aimWanted()) {
      this.aimTimer = setTimeout(() => {
        this.aimTimer = null;
        if (!this.down || this.dragging) return;
        this.aiming = true;
        this.handlers.aim('start', this.down.x, this.down.y);
      }, AIM_HOLD_MS);
    }
  }

  private stopAiming(e: PointerEvent): void {
    if (this.aimTimer) clearTimeout(this.aimTimer);
    this.aimTimer = null;
    if (!this.aiming) return;
    this.aiming = false;
    const p = this.position(e);
    this.handlers.aim('cancel', p.x, p.y);
  }

  private onMove(e: PointerEvent): void {
    const p = this.position(e);
    if (this.grabbing !== null) {
      if (e.pointerId === this.grabbing) this.handlers.dragTo?.(p.x, p.y);
      return;
    }
    if (this.fingers.has(e.pointerId)) {
      this.fingers.set(e.pointerId, p);
      this.pinchStep();
    }
    if (this.aiming && this.down && e.pointerId === this.down.id) {
      this.handlers.aim('move', p.x, p.y);
      return;
    }
    if (this.down && this.pressed.has(e.pointerId)) {
      this.handlers.activity();
      const threshold = this.down.kind === 'touch' ? TOUCH_TAP_THRESHOLD_PX : POINTER_MOVE_THRESHOLD_PX;
      if (!this.dragging && e.pointerId === this.down.id && movedBeyond(this.down.x, this.down.y, p.x, p.y, threshold)) {
        this.dragging = true;
        this.handlers.userMovedCamera();
      }
      return;
    }
    if (e.pointerType === 'touch') return;
    if (!this.lastHover || movedBeyond(this.lastHover.x, this.lastHover.y, p.x, p.y, POINTER_MOVE_THRESHOLD_PX)) {
      this.lastHover = p;
      this.handlers.hover(p.x, p.y);
    }
  }

  /** With exactly two fingers down, each move reports how much their spread changed. */
  private pinchStep(): void {
    if (this.fingers.size !== 2) return;
    const [a, b] = [...this.fingers.values()];
    const spread = Math.hypot(a.x - b.x, a.y - b.y);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (this.spread !== null && this.spread > 0 && spread > 0 && spread !== this.spread) this.handlers.pinch(spread / this.spread);
    if (this.midpoint && (mid.x !== this.midpoint.x || mid.y !== this.midpoint.y)) this.handlers.pan(mid.x - this.midpoint.x, mid.y - this.midpoint.y);
    this.spread = spread;
    this.midpoint = mid;
  }

  private onUp(e: PointerEvent): void {
    this.handlers.activity();
    this.pressed.delete(e.pointerId);
    if (this.endGrab(e)) return;
    this.fingers.delete(e.pointerId);
    this.spread = null;
    this.midpoint = null;
    if (!this.down) return;
    if (e.pointerId !== this.down.id) {
      if (this.pressed.size === 0) this.reset();
      return;
    }
    const p = this.position(e);
    const { kind } = this.down;
    if (this.aimTimer) clearTimeout(this.aimTimer);
    this.aimTimer = null;
    if (this.aiming) {
      this.aiming = false;
      this.reset();
      this.handlers.aim('end', p.x, p.y);
      return;
    }
    const click = !this.dragging && e.button === 0;
    // The gesture ends when its last finger lifts; the first finger lifting ends the tap's chance.
    if (this.pressed.size === 0) this.reset();
    else this.down = null;
    if (!click) return;
    this.handlers.click(p.x, p.y, kind);
    if (kind !== 'touch') return;
    const now = this.clock();
    const last = this.lastTap;
    if (last && now - last.at <= DOUBLE_TAP_MS && !movedBeyond(last.x, last.y, p.x, p.y, DOUBLE_TAP_DISTANCE_PX)) {
      this.lastTap = null;
      this.handlers.doubleTap(p.x, p.y);
    } else {
      this.lastTap = { ...p, at: now };
    }
  }

  /** Ends a grab when its pointer lifts; true when it did. */
  private endGrab(e: PointerEvent): boolean {
    if (this.grabbing === null || e.pointerId !== this.grabbing) return false;
    this.grabbing = null;
    this.fingers.delete(e.pointerId);
    this.handlers.release?.();
    return true;
  }

  private onCancel(e: PointerEvent): void {
    if (this.endGrab(e)) {
      this.pressed.delete(e.pointerId);
      return;
    }
    this.stopAiming(e);
    this.pressed.delete(e.pointerId);
    this.fingers.delete(e.pointerId);
    this.spread = null;
    this.midpoint = null;
    if (this.pressed.size === 0) this.reset();
  }

  private onWheel(e: WheelEvent): void {
    if (e.deltaY === 0) return;
    e.preventDefault();
    this.handlers.activity();
    const now = performance.now();
    if (now - this.lastWheel > WHEEL_REPORT_MS) this.handlers.userMovedCamera();
    this.lastWheel = now;
    const rect = this.canvas.getBoundingClientRect();
    this.handlers.wheel(e.clientX - rect.left, e.clientY - rect.top, e.deltaY < 0);
  }

  private reset(): void {
    this.down = null;
    this.dragging = false;
  }

  dispose(): void {
    if (this.aimTimer) clearTimeout(this.aimTimer);
    for (const [type, fn] of this.listeners) this.canvas.removeEventListener(type, fn);
  }
}
