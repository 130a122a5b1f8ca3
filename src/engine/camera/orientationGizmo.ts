/**
 * The orientation gizmo: the world axes as the camera sees them, computed from the view matrix
 * and drawn into a small 2D canvas. No scene objects, no extra draw calls.
 */
import type { AxesOrientation } from '../types';

const AXES = [
  { key: 'x', label: 'X', color: '#ef4444' },
  { key: 'y', label: 'Y', color: '#22c55e' },
  { key: 'z', label: 'Z', color: '#3b82f6' },
] as const;

/**
 * Writes the screen directions of the world axes into `out` from a right-handed view matrix
 * (Babylon layout, row vectors): x right, y up, z towards the viewer.
 */
export function axesFromView(m: ArrayLike<number>, out: { x: number[]; y: number[]; z: number[] }): void {
  out.x[0] = m[0]; out.x[1] = m[1]; out.x[2] = m[2];
  out.y[0] = m[4]; out.y[1] = m[5]; out.y[2] = m[6];
  out.z[0] = m[8]; out.z[1] = m[9]; out.z[2] = m[10];
}

const order = [0, 1, 2];
let font = '';

/** Draws the axes; allocation-free so that it can run on every camera frame. */
export function drawOrientationGizmo(canvas: HTMLCanvasElement, axes: AxesOrientation): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const w = canvas.width;
  const h = canvas.height;
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.36;
  ctx.clearRect(0, 0, w, h);
  ctx.lineWidth = Math.max(1.5, r / 14);
  const size = Math.round(r / 3);
  if (!font.startsWith(`bold ${size}px`)) font = `bold ${size}px sans-serif`;
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // Far axes first so near ones are drawn over them (insertion sort of three).
  for (let i = 1; i < 3; i++) {
    for (let j = i; j > 0 && axes[AXES[order[j - 1]].key][2] > axes[AXES[order[j]].key][2]; j--) {
      const t = order[j];
      order[j] = order[j - 1];
      order[j - 1] = t;
    }
  }
  for (const i of order) {
    const { key, label, color } = AXES[i];
    const v = axes[key];
    const x = cx + v[0] * r;
    const y = cy - v[1] * r;
    ctx.globalAlpha = v[2] < -0.2 ? 0.45 : 1;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.fillText(label, cx + v[0] * r * 1.28, cy - v[1] * r * 1.28);
  }
  ctx.globalAlpha = 1;
}
