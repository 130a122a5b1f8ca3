/**
 * Turning and zooming the first frame's view by hand, as the viewer's camera answers the same
 * gestures (camera/cameraControls.ts): one finger or the mouse turns, two fingers pinch, the wheel
 * zooms. Babylon's camera coasts (inertia 0.8) after each move, turning five times the move's own
 * offset; the first frame has no inertia and turns by that total at once.
 */
import { POLE_EPSILON } from '../engine/camera/cameraMath';
import type { Orbit } from './firstFrameView';

/** Radians per CSS pixel: Babylon's 1 / angularSensibility (1000) times the coast (1 / (1 - 0.8)). */
const TURN_PER_PIXEL = 5 / 1000;
/** A wheel notch changes the distance by this share (the camera's wheelDeltaPercentage). */
const WHEEL_STEP = 0.05;
const MIN_RADIUS = 0.01;

/** The orbit turned by a drag of `dx`, `dy` CSS pixels (right and down), beta kept off the poles. */
export function turned(orbit: Orbit, dx: number, dy: number): Orbit {
  const beta = Math.min(Math.PI - POLE_EPSILON, Math.max(POLE_EPSILON, orbit.beta - dy * TURN_PER_PIXEL));
  return { ...orbit, alpha: orbit.alpha - dx * TURN_PER_PIXEL, beta };
}

/** The orbit at `scale` times its distance (below 1: closer). */
export function zoomed(orbit: Orbit, scale: number): Orbit {
  if (!Number.isFinite(scale) || scale <= 0) return orbit;
  return { ...orbit, radius: Math.max(MIN_RADIUS, orbit.radius * scale) };
}

/**
 * Listens to the canvas's pointers and wheel and calls `change` with what each gesture does to the
 * orbit. Returns what removes the listeners.
 */
export function bindOrbitInput(canvas: HTMLCanvasElement, change: (update: (orbit: Orbit) => Orbit) => void): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const down = (event: PointerEvent) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    canvas.setPointerCapture?.(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const before = spread();
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) change((orbit) => turned(orbit, dx, dy));
    else if (pointers.size === 2 && before > 0) {
      const after = spread();
      if (after > 0) change((orbit) => zoomed(orbit, before / after));
    }
  };
  const up = (event: PointerEvent) => void pointers.delete(event.pointerId);
  const wheel = (event: WheelEvent) => {
    event.preventDefault();
    if (event.deltaY !== 0) change((orbit) => zoomed(orbit, event.deltaY > 0 ? 1 + WHEEL_STEP : 1 / (1 + WHEEL_STEP)));
  };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('wheel', wheel, { passive: false });
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
    canvas.removeEventListener('wheel', wheel);
  };
}
