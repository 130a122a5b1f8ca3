/**
 * What planning a STEP assembly part by part (stepParts.ts) reads from the file's geometry: its
 * length unit, placements as matrices, and what makes two products' geometry the same.
 */
import { createHash } from 'node:crypto';
import { argsOf, complexPartArgs, numbersOf, recordOf, refsOf, typeOf, type StepIndex } from './stepIndex.js';

const LENGTH_UNIT_METRES: Record<string, number> = { INCH: 0.0254, FOOT: 0.3048, MILLIMETRE: 0.001, CENTIMETRE: 0.01, METRE: 1 };
const SI_PREFIX: Record<string, number> = { '': 1, MILLI: 0.001, CENTI: 0.01, DECI: 0.1, KILO: 1000, MICRO: 1e-6 };

/** Metres per length unit of the file, when the file has exactly one. */
export function lengthUnit(index: StepIndex, complexIds: readonly number[]): number | undefined {
  const scales = new Set<number>();
  for (const id of complexIds) {
    if (!recordOf(index, id).includes('GLOBAL_UNIT_ASSIGNED_CONTEXT')) continue;
    const context = complexPartArgs(index, id, 'GLOBAL_UNIT_ASSIGNED_CONTEXT');
    if (!context || !Array.isArray(context[0])) continue;
    for (const unit of context[0]) {
      if (typeof unit !== 'number' || !complexPartArgs(index, unit, 'LENGTH_UNIT')) continue;
      const si = complexPartArgs(index, unit, 'SI_UNIT');
      const converted = complexPartArgs(index, unit, 'CONVERSION_BASED_UNIT');
      if (si) {
        const prefix = /\.(\w+)\./.exec(recordOf(index, unit).split(/SI_UNIT\s*\(/i)[1]?.split(',')[0] ?? '')?.[1]?.toUpperCase() ?? '';
        if (SI_PREFIX[prefix] === undefined) return undefined;
        scales.add(SI_PREFIX[prefix]);
      } else if (converted && typeof converted[0] === 'string' && LENGTH_UNIT_METRES[converted[0].toUpperCase()]) {
        scales.add(LENGTH_UNIT_METRES[converted[0].toUpperCase()]);
      } else return undefined;
    }
  }
  return scales.size === 1 ? [...scales][0] : undefined;
}

const sub3 = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot3 = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm3 = (a: number[]) => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : undefined;
};

/**
 * The X axis OpenCascade gives a frame whose reference direction is left out (optional in STEP) or
 * parallel to its axis (gp_Ax2 built from a point and a direction): perpendicular to the axis, in
 * the plane of the axis and the coordinate axis it leans on least.
 */
function defaultXAxis([a, b, c]: number[]): number[] {
  const [ax, bx, cx] = [Math.abs(a), Math.abs(b), Math.abs(c)];
  if (bx <= ax && bx <= cx) return ax > cx ? [-c, 0, a] : [c, 0, -a];
  if (ax <= bx && ax <= cx) return bx > cx ? [0, -c, b] : [0, c, -b];
  return ax > bx ? [-b, a, 0] : [b, -a, 0];
}

/** Directions closer than this angle (radians) are parallel, as OpenCascade's angular precision has it. */
const ANGULAR = 1e-12;

/** An AXIS2_PLACEMENT_3D as a column-major matrix (translation in metres), the frame OpenCascade builds. */
export function placementMatrix(index: StepIndex, id: number, metres: number): number[] | undefined {
  if (typeOf(index, id) !== 'AXIS2_PLACEMENT_3D') return undefined;
  const [, point, axis, ref] = argsOf(index, id);
  const p = typeof point === 'number' ? numbersOf(index, point) : undefined;
  if (!p || p.length < 3) return undefined;
  // A missing or unreadable axis is Z, as OpenCascade reads it.
  const z = norm3(typeof axis === 'number' ? (numbersOf(index, axis) ?? []) : [0, 0, 1]) ?? [0, 0, 1];
  const r = norm3(typeof ref === 'number' ? (numbersOf(index, ref) ?? []) : []);
  const parallel = !r || Math.abs(Math.hypot(z[1] * r[2] - z[2] * r[1], z[2] * r[0] - z[0] * r[2], z[0] * r[1] - z[1] * r[0])) <= Math.sin(ANGULAR);
  const guess = parallel ? defaultXAxis(z) : r;
  const x = norm3(sub3(guess, z.map((v) => v * dot3(guess, z))));
  if (!x) return undefined;
  const y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
  return [...x, 0, ...y, 0, ...z, 0, p[0] * metres, p[1] * metres, p[2] * metres, 1];
}

export function invertRigid(m: number[]): number[] {
  const t = [m[12], m[13], m[14]];
  const r = [m[0], m[4], m[8], 0, m[1], m[5], m[9], 0, m[2], m[6], m[10], 0];
  return [...r, -(r[0] * t[0] + r[4] * t[1] + r[8] * t[2]), -(r[1] * t[0] + r[5] * t[1] + r[9] * t[2]), -(r[2] * t[0] + r[6] * t[1] + r[10] * t[2]), 1];
}

export const isIdentity = (m: number[]) => m.every((v, i) => Math.abs(v - (i % 5 === 0 ? 1 : 0)) < 1e-12);

/** Items of a representation other than placements: its geometry. */
export function geometryItems(index: StepIndex, representation: number): number[] | undefined {
  const items = argsOf(index, representation)[1];
  if (!Array.isArray(items)) return undefined;
  return items.filter((item): item is number => typeof item === 'number' && typeOf(index, item) !== 'AXIS2_PLACEMENT_3D');
}

/**
 * What makes two products' geometry the same: their records with entity numbers replaced by
 * their order of discovery, and the product's name.
 */
export function geometryKey(index: StepIndex, name: string, roots: number[], styles: Map<number, number[]>): string {
  const order = new Map<number, number>();
  const hash = createHash('sha1').update(name);
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (order.has(id)) continue;
    order.set(id, order.size);
    const refs = refsOf(index, id);
    for (let i = refs.length - 1; i >= 0; i--) if (!order.has(refs[i])) stack.push(refs[i]);
    for (const style of styles.get(id) ?? []) if (!order.has(style)) stack.push(style);
  }
  for (const id of order.keys()) {
    const record = recordOf(index, id);
    hash.update(record.slice(record.indexOf('=')).replace(/#(\d+)/g, (_, n: string) => `#${order.get(Number(n)) ?? 'x'}`));
  }
  return hash.digest('base64');
}
