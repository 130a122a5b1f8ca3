/**
 * Builds one cabinet of the generated kitchen: carcass panels, shelves with pins, doors with
 * hinges and handles, or drawers (front, sides, back, bottom, runners, handle), and legs.
 * Cabinet space: X = width, Y = height (0 = underside of the carcass), Z = depth (0 = back).
 */
import type { AssemblyNode } from './assembly.js';
import { encodeName, formatDimensions, MM_PER_INCH, type DimensionUnit } from './dimensionText.js';
import type { SampleMaterial } from './materials.js';

export type CabinetKind = 'base-doors' | 'base-drawers' | 'wall';

export interface CabinetSpec {
  kind: CabinetKind;
  /** Display name, unique in the kitchen (`Base cabinet 3`). */
  displayName: string;
  /** Width in `unit`. */
  width: number;
  unit: DimensionUnit;
  /** Extra info of the cabinet node, e.g. `Kitchen run A`. */
  run: string;
  frontMaterial: SampleMaterial;
  /** Translation of the cabinet in the kitchen, millimetres. */
  offset: [number, number, number];
  /** Carcass height in `unit`, when the cabinet is made to measure (else the standard height). */
  height?: number;
}

interface Sizes {
  height: number;
  depth: number;
  panel: number;
  back: number;
  front: number;
  gap: number;
  carcass: SampleMaterial;
}

const metric = { panel: 18, back: 8, front: 19, gap: 3, carcass: 'Melamine white 18' } as const;
const imperial = { panel: 0.75, back: 0.25, front: 0.75, gap: 0.125, carcass: 'Maple ply 0_3_4in' } as const;

function sizesOf(spec: CabinetSpec): Sizes {
  const base = spec.kind !== 'wall';
  if (spec.unit === 'mm') return { ...metric, height: spec.height ?? 720, depth: base ? 560 : 330 };
  return { ...imperial, height: spec.height ?? (base ? 34.5 : 30), depth: base ? 23.25 : 12 };
}

/** A box part; position and size in the cabinet's unit, hardware sizes always in millimetres. */
class PartWriter {
  readonly nodes: AssemblyNode[] = [];
  constructor(
    private readonly unit: DimensionUnit,
    private readonly scale: number,
  ) {}

  panel(display: string, origin: number[], size: number[], material: SampleMaterial): AssemblyNode {
    const sorted = [...size].sort((a, b) => b - a);
    const dims = formatDimensions([sorted[0], sorted[2], sorted[1]], this.unit);
    return this.add(encodeName(display, dims, material), origin.map((v) => v * this.scale), size.map((v) => v * this.scale), material);
  }

  /** Hardware is specified in millimetres whatever the cabinet's unit; `dims` is written as given. */
  hardware(display: string, dims: string, extra: string, originInUnit: number[], sizeMm: number[], material: SampleMaterial): AssemblyNode {
    return this.add(encodeName(display, dims, extra), originInUnit.map((v) => v * this.scale), sizeMm, material);
  }

  private add(name: string, origin: number[], size: number[], material: SampleMaterial): AssemblyNode {
    const node: AssemblyNode = {
      name,
      box: { origin: round3(origin), size: round3(size) },
      material,
      children: [],
    };
    this.nodes.push(node);
    return node;
  }
}

/** Rounds to 1/10000 mm, hiding floating-point noise from inch conversions. */
function round3(values: number[]): [number, number, number] {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return [r(values[0]), r(values[1]), r(values[2])];
}

const HINGE_MM = [11.5, 48, 35];
const HANDLE_VERTICAL_MM = [12, 160, 30];
const HANDLE_HORIZONTAL_MM = [160, 12, 30];
const PIN_MM = [8, 5, 5];
const LEG_MM = [40, 100, 40];

export function buildCabinet(spec: CabinetSpec): AssemblyNode {
  const s = sizesOf(spec);
  const k = spec.unit === 'mm' ? 1 : MM_PER_INCH;
  const mm = (v: number) => v / k; // millimetres -> cabinet unit
  const w = spec.width;
  const p = new PartWriter(spec.unit, k);
  const { panel: t, back: b, height: h, depth: d } = s;

  p.panel('Left side', [0, 0, 0], [t, h, d], s.carcass);
  p.panel('Right side', [w - t, 0, 0], [t, h, d], s.carcass);
  p.panel('Bottom', [t, 0, b], [w - 2 * t, t, d - b], s.carcass);
  p.panel('Top', [t, h - t, b], [w - 2 * t, t, d - b], s.carcass);
  p.panel('Back', [t, t, 0], [w - 2 * t, h - 2 * t, b], spec.unit === 'mm' ? 'HDF 8' : s.carcass);

  const children: AssemblyNode[] = p.nodes;
  if (spec.kind === 'base-drawers') {
    const heights = [0.2, 0.4, 0.4].map((f) => h * f - s.gap);
    let y = h;
    heights.forEach((fh, i) => {
      y -= fh + s.gap;
      children.push(buildDrawer(spec, s, i + 1, fh, [0, y + s.gap / 2, 0], k));
    });
  } else {
    const shelves = spec.kind === 'wall' ? [h / 3, (2 * h) / 3] : [h / 2];
    shelves.forEach((sy, i) => {
      p.panel(`Shelf ${i + 1}`, [t + mm(1), sy, b + mm(10)], [w - 2 * t - mm(2), t, d - b - mm(30)], s.carcass);
      for (const [px, pz] of [[t - mm(8), b + mm(40)], [t - mm(8), d - mm(60)], [w - t, b + mm(40)], [w - t, d - mm(60)]]) {
        p.hardware('Shelf pin', '8x5x5mm', 'Steel nickel plated', [px, sy - mm(5), pz], PIN_MM, 'Steel nickel plated');
      }
    });
    const double = spec.unit === 'mm' ? w >= 500 : w >= 21;
    const doorW = double ? (w - s.gap) / 2 : w - s.gap;
    const doorXs = double ? [0, (w + s.gap) / 2] : [s.gap / 2];
    doorXs.forEach((dx, i) => {
      const label = double ? (i === 0 ? 'Left door' : 'Right door') : 'Door';
      p.panel(label, [dx, s.gap / 2, d], [doorW, h - s.gap, s.front], spec.frontMaterial);
      const hingeX = double && i === 1 ? w - t - mm(11.5) : t;
      for (const hy of [mm(100), h - mm(148)]) {
        p.hardware('Hinge', '48x11,5x35mm', 'Clip top 110 deg', [hingeX, hy, d - mm(35)], HINGE_MM, 'Steel nickel plated');
      }
      const handleX = double && i === 0 ? dx + doorW - mm(50) : dx + mm(38);
      const handleY = spec.kind === 'wall' ? mm(40) : h - mm(200);
      p.hardware('Handle', '160x12x30', 'Bar handle 128', [handleX, handleY, d + s.front], HANDLE_VERTICAL_MM, 'Brushed aluminium');
    });
  }
  if (spec.kind !== 'wall') {
    for (const [lx, lz] of [[mm(30), mm(30)], [w - mm(70), mm(30)], [mm(30), d - mm(90)], [w - mm(70), d - mm(90)]]) {
      p.hardware('Leg', '100x40x40mm', 'Adjustable black', [lx, -mm(100), lz], LEG_MM, 'Black plastic');
    }
  }
  const dims = formatDimensions([h, d, w], spec.unit);
  return { name: encodeName(spec.displayName, dims, spec.run), offset: spec.offset, children };
}

function buildDrawer(spec: CabinetSpec, s: Sizes, index: number, frontH: number, at: number[], k: number): AssemblyNode {
  const mm = (v: number) => v / k;
  const p = new PartWriter(spec.unit, k);
  const w = spec.width;
  const { panel: t, back: b, depth: d } = s;
  const ply = mm(12);
  const inner = w - 2 * t - mm(26);
  const boxDepth = d - b - mm(30);
  const sideH = frontH * 0.7;
  const y0 = mm(20);
  p.panel('Front', [s.gap / 2, 0, d], [w - s.gap, frontH, s.front], spec.frontMaterial);
  p.panel('Left side', [t + mm(13), y0, b + mm(10)], [ply, sideH, boxDepth], 'Birch ply 12');
  p.panel('Right side', [w - t - mm(13) - ply, y0, b + mm(10)], [ply, sideH, boxDepth], 'Birch ply 12');
  p.panel('Back', [t + mm(13) + ply, y0, b + mm(10)], [inner - 2 * ply, sideH, ply], 'Birch ply 12');
  p.panel('Bottom', [t + mm(13) + ply, y0, b + mm(10) + ply], [inner - 2 * ply, mm(8), boxDepth - ply], 'HDF 8');
  for (const rx of [t, w - t - mm(13)]) {
    p.hardware('Runner', '500x13x45mm', 'Full extension', [rx, y0, b + mm(10)], [13, 45, 500], 'Steel nickel plated');
  }
  p.hardware('Handle', '160x12x30mm', 'Bar handle 128', [w / 2 - mm(80), frontH / 2, d + s.front], HANDLE_HORIZONTAL_MM, 'Brushed aluminium');
  const dims = formatDimensions([frontH, boxDepth, w], spec.unit);
  return {
    name: encodeName(`Drawer ${index}`, dims, 'Soft close'),
    offset: round3(at.map((v) => v * k)),
    children: p.nodes,
  };
}
