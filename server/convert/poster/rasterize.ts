/**
 * A small software rasterizer for the poster: perspective projection, a z-buffer on 1/z,
 * one flat colour per triangle lit as the viewer lights it (model/viewLook: the sky/ground
 * hemisphere and the key light that follows the camera, normals turned towards the camera so that
 * every face is double-sided, the same soft shoulder), then a post-pass that draws the viewer's
 * solid-mode edge colour where the triangle normal or the depth changes sharply between
 * neighbours (feature outlines). Output: 8-bit RGB pixels, row by row.
 */
import type { Camera } from './camera.js';
import type { TriangleSoup } from './readTriangles.js';
import { VIEWER_BACKGROUND_BYTES } from '../../../src/model/viewerVocabulary.js';
import { EDGE_PALETTE, keyDirectionOf, LIGHT, litColour } from '../../../src/model/viewLook.js';

/** Neighbouring normals closer than this cosine count as one surface. */
const CREASE_COS = 0.85;
/** Second difference of 1/z above this share of 1/z marks a depth edge. */
const DEPTH_EDGE = 0.004;
/** Feature outlines in the viewer's solid mode: its edge colour over the face, at its opacity. */
const EDGE = EDGE_PALETTE.solid;

const byte = (display: number) => Math.round(Math.min(1, Math.max(0, display)) * 255);

/** A linear colour as the screen shows it, without light (a drawing's lines). */
function encode(linear: number): number {
  return byte(Math.pow(Math.max(0, linear), 1 / LIGHT.gamma));
}

/** Renders `soup` through `camera` into a new `width` x `height` RGB buffer. */
export function rasterize(soup: TriangleSoup, camera: Camera, width: number, height: number, onProgress?: (share: number) => void): Uint8Array {
  const pixels = width * height;
  const depth = new Float32Array(pixels); // 1/z; 0 is infinitely far
  const ids = new Int32Array(pixels).fill(-1);
  const normals = new Float32Array(soup.count * 3);
  const shades = new Uint8Array(soup.count * 3);
  const { eye, right, up, forward, focal, cx, cy, near } = camera;
  const p = soup.positions;
  const sx = [0, 0, 0], sy = [0, 0, 0], sw = [0, 0, 0];
  const keyDirection = keyDirectionOf(forward);

  for (let t = 0; t < soup.count; t++) {
    if ((t & 0x3ffff) === 0x3ffff) onProgress?.(t / soup.count);
    const o = t * 9;
    let visible = true;
    for (let k = 0; k < 3; k++) {
      const dx = p[o + k * 3] - eye[0], dy = p[o + k * 3 + 1] - eye[1], dz = p[o + k * 3 + 2] - eye[2];
      const z = dx * forward[0] + dy * forward[1] + dz * forward[2];
      if (!(z > near)) visible = false; // also rejects NaN
      sw[k] = 1 / z;
      sx[k] = cx + focal * (dx * right[0] + dy * right[1] + dz * right[2]) * sw[k];
      sy[k] = cy - focal * (dx * up[0] + dy * up[1] + dz * up[2]) * sw[k];
    }
    if (!visible) continue;

    // Flat normal, turned towards the eye, and the shaded colour of the face.
    const ax = p[o + 3] - p[o], ay = p[o + 4] - p[o + 1], az = p[o + 5] - p[o + 2];
    const bx = p[o + 6] - p[o], by = p[o + 7] - p[o + 1], bz = p[o + 8] - p[o + 2];
    let nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
    const length = Math.hypot(nx, ny, nz);
    if (!(length > 0)) continue;
    const facing = nx * (eye[0] - p[o]) + ny * (eye[1] - p[o + 1]) + nz * (eye[2] - p[o + 2]);
    const scale = (facing < 0 ? -1 : 1) / length;
    nx *= scale;
    ny *= scale;
    nz *= scale;
    normals[t * 3] = nx;
    normals[t * 3 + 1] = ny;
    normals[t * 3 + 2] = nz;
    const lit = litColour([soup.colors[t * 3], soup.colors[t * 3 + 1], soup.colors[t * 3 + 2]], [nx, ny, nz], keyDirection);
    for (let c = 0; c < 3; c++) shades[t * 3 + c] = byte(lit[c]);

    // Edge functions, counter-clockwise on screen (y down) after a swap if needed.
    let area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
    if (!(Math.abs(area) > 1e-12)) continue;
    const flip = area < 0 ? 1 : 0;
    const x0 = sx[0], y0 = sy[0], w0 = sw[0];
    const x1 = sx[1 + flip], y1 = sy[1 + flip], w1 = sw[1 + flip];
    const x2 = sx[2 - flip], y2 = sy[2 - flip], w2 = sw[2 - flip];
    area = Math.abs(area);
    const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
    const maxX = Math.min(width - 1, Math.ceil(Math.max(x0, x1, x2)));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
    const maxY = Math.min(height - 1, Math.ceil(Math.max(y0, y1, y2)));
    if (minX > maxX || minY > maxY) continue;
    // E_ab(px, py) = (bx - ax)(py - ay) - (by - ay)(px - ax): >= 0 inside for every edge.
    const a0 = -(y2 - y1), b0 = x2 - x1; // edge v1 -> v2, weight of v0
    const a1 = -(y0 - y2), b1 = x0 - x2; // edge v2 -> v0, weight of v1
    const a2 = -(y1 - y0), b2 = x1 - x0; // edge v0 -> v1, weight of v2
    const px = minX + 0.5;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      let e0 = b0 * (py - y1) + a0 * (px - x1);
      let e1 = b1 * (py - y2) + a1 * (px - x2);
      let e2 = b2 * (py - y0) + a2 * (px - x0);
      let i = y * width + minX;
      for (let x = minX; x <= maxX; x++, i++, e0 += a0, e1 += a1, e2 += a2) {
        if (e0 < 0 || e1 < 0 || e2 < 0) continue;
        const w = (e0 * w0 + e1 * w1 + e2 * w2) / area;
        if (w > depth[i]) {
          depth[i] = w;
          ids[i] = t;
        }
      }
    }
  }
  return resolve(ids, depth, normals, shades, width, height);
}

/**
 * Draws `soup`'s line segments (a drawing without surfaces) over `rgb`: each segment clipped to
 * the near plane, stepped pixel by pixel `thickness` pixels wide, in its colour as a lit face would show it.
 */
export function drawLines(rgb: Uint8Array, soup: TriangleSoup, camera: Camera, width: number, height: number, thickness: number): void {
  const lines = soup.lines;
  if (!lines) return;
  const { eye, right, up, forward, focal, cx, cy, near } = camera;
  const project = (x: number, y: number, z: number) => {
    const dx = x - eye[0], dy = y - eye[1], dz = z - eye[2];
    const depth = dx * forward[0] + dy * forward[1] + dz * forward[2];
    return { depth, x: cx + (focal * (dx * right[0] + dy * right[1] + dz * right[2])) / depth, y: cy - (focal * (dx * up[0] + dy * up[1] + dz * up[2])) / depth };
  };
  const half = Math.floor(thickness / 2);
  for (let s = 0; s < lines.count; s++) {
    const o = s * 6;
    const a = project(lines.positions[o], lines.positions[o + 1], lines.positions[o + 2]);
    const b = project(lines.positions[o + 3], lines.positions[o + 4], lines.positions[o + 5]);
    if (!(a.depth > near) || !(b.depth > near)) continue;
    const colour = [0, 1, 2].map((c) => encode(lines.colors[s * 3 + c] * 0.9));
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y))));
    for (let k = 0; k <= steps; k++) {
      const px = Math.round(a.x + ((b.x - a.x) * k) / steps);
      const py = Math.round(a.y + ((b.y - a.y) * k) / steps);
      for (let oy = -half; oy < thickness - half; oy++) {
        for (let ox = -half; ox < thickness - half; ox++) {
          const x = px + ox, y = py + oy;
          if (x < 0 || y < 0 || x >= width || y >= height) continue;
          rgb.set(colour, (y * width + x) * 3);
        }
      }
    }
  }
}

function creased(normals: Float32Array, a: number, b: number): boolean {
  if (a === b) return false;
  return normals[a * 3] * normals[b * 3] + normals[a * 3 + 1] * normals[b * 3 + 1] + normals[a * 3 + 2] * normals[b * 3 + 2] < CREASE_COS;
}

/** Colours every pixel, darkening creases, depth steps and silhouettes. */
function resolve(ids: Int32Array, depth: Float32Array, normals: Float32Array, shades: Uint8Array, width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  const [br, bg, bb] = VIEWER_BACKGROUND_BYTES;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const id = ids[i];
      const o = i * 3;
      if (id < 0) {
        rgb[o] = br;
        rgb[o + 1] = bg;
        rgb[o + 2] = bb;
        continue;
      }
      const l = x > 0 ? ids[i - 1] : id, r = x < width - 1 ? ids[i + 1] : id;
      const u = y > 0 ? ids[i - width] : id, d = y < height - 1 ? ids[i + width] : id;
      let edge = false;
      if (l !== id || r !== id || u !== id || d !== id) {
        edge = l < 0 || r < 0 || u < 0 || d < 0;
        edge ||= creased(normals, id, l) || creased(normals, id, r) || creased(normals, id, u) || creased(normals, id, d);
        if (!edge) {
          const w = depth[i];
          const ddx = x > 0 && x < width - 1 ? Math.abs(depth[i - 1] + depth[i + 1] - 2 * w) : 0;
          const ddy = y > 0 && y < height - 1 ? Math.abs(depth[i - width] + depth[i + width] - 2 * w) : 0;
          edge = Math.max(ddx, ddy) > DEPTH_EDGE * w;
        }
      }
      for (let c = 0; c < 3; c++) {
        const face = shades[id * 3 + c];
        rgb[o + c] = edge ? Math.round(face * (1 - EDGE.alpha) + EDGE.color[c] * 255 * EDGE.alpha) : face;
      }
    }
  }
  return rgb;
}
