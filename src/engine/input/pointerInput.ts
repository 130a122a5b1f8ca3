/**
 * Pointer gestures on the canvas: a click is a press and release that moved at most 5 px
 * (anything more is a camera drag); hover positions are reported only after the pointer moved
 * more than 5 px; drags and wheel turns count as the user moving the camera.
 */
import { movedBeyond, POINTER_MOVE_THRESHOLD_PX } from '../measure/measureMath';

export interface PointerHandlers {
  click(x: number, y: number): void;
  hover(x: number, y: number): void;
  userMovedCamera(): void;
  /** Any input that may change the view (camera controls read the same events). */
  activity(): void;
}

const WHEEL_REPORT_MS = 250;

export class PointerInput {
  private down: { id: number; x: number; y: number } | null = null;
  private dragging = false;
  private lastHover: { x: number; y: number } | null = null;
  private lastWheel = -Infinity;
  private readonly listeners: Array<[string, EventListener]>;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly handlers: PointerHandlers,
  ) {
    this.listeners = [
      ['pointerdown', (e) => this.onDown(e as PointerEvent)],
      ['pointermove', (e) => this.onMove(e as PointerEvent)],
      ['pointerup', (e) => this.onUp(e as PointerEvent)],
      ['pointercancel', () => this.reset()],
      ['pointerleave', () => (this.lastHover = null)],
      ['wheel', () => this.onWheel()],
    ];
    for (const [type, fn] of this.listeners) canvas.addEventListener(type, fn);
  }

  private position(e: PointerEvent): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  private onDown(e: PointerEvent): void {
    this.handlers.activity();
    if (this.down) return;
    const p = this.position(e);
    this.down = { id: e.pointerId, ...p };
    this.dragging = false;
  }

  private onMove(e: PointerEvent): void {
    const p = this.position(e);
    if (this.down && e.pointerId === this.down.id) {
      this.handlers.activity();
      if (!this.dragging && movedBeyond(this.down.x, this.down.y, p.x, p.y, POINTER_MOVE_THRESHOLD_PX)) {
        this.dragging = true;
        this.handlers.userMovedCamera();
      }
      return;
    }
    if (!this.lastHover || movedBeyond(this.lastHover.x, this.lastHover.y, p.x, p.y, POINTER_MOVE_THRESHOLD_PX)) {
      this.lastHover = p;
      this.handlers.hover(p.x, p.y);
    }
  }

  private onUp(e: PointerEvent): void {
    this.handlers.activity();
    if (!this.down || e.pointerId !== this.down.id) return;
    const p = this.position(e);
    const click = !this.dragging && e.button === 0;
    this.reset();
    if (click) this.handlers.click(p.x, p.y);
  }

  private onWheel(): void {
    this.handlers.activity();
    const now = performance.now();
    if (now - this.lastWheel > WHEEL_REPORT_MS) this.handlers.userMovedCamera();
    this.lastWheel = now;
  }

  private reset(): void {
    this.down = null;
    this.dragging = false;
  }

  dispose(): void {
    for (const [type, fn] of this.listeners) this.canvas.removeEventListener(type, fn);
  }
}
