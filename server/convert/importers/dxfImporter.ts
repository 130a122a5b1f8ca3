/**
 * DXF through dxf-parser, with our own scene building so that the drawing's structure survives:
 * every INSERT becomes a node named after its block (nested blocks give the hierarchy, repeated
 * blocks share one mesh), and loose entities are grouped by layer into nodes named after the
 * layer. 3DFACE, SOLID, polyface and polygon meshes and MESH give triangles; LINE, ARC, CIRCLE
 * and polylines give lines, or bands of quads when they have a thickness. $INSUNITS gives the
 * unit (millimetres when absent, said in a note); DXF is Z up. A drawing without faces is kept as
 * lines, said in a note too.
 */
import { addNote, type ConversionNote } from '../../../src/api/conversionNotes.js';
import DxfParser from 'dxf-parser';
import { conversionErrors } from '../errors.js';
import type { Rgb, SceneMaterial, SceneMesh, SceneModel, SceneNode, ScenePrimitive } from '../scene.js';
import { multiply, scaling, Z_UP_TO_Y_UP } from '../scene.js';
import { extrudableHandlers } from './dxfEntityHandlers.js';
import { arcPoints, GeometryBuffer, withBulges, type Vec3 } from './dxfGeometry.js';
import { meshEntityHandlers, type DxfVertex, type RawMeshEntity } from './dxfMeshEntities.js';

/** Metres per unit, by $INSUNITS code. */
const UNIT_SCALE: Record<number, number> = { 1: 0.0254, 2: 0.3048, 4: 0.001, 5: 0.01, 6: 1, 8: 0.0000254, 9: 0.0000254, 10: 0.9144, 14: 0.1 };
const MAX_DEPTH = 32;

/* dxf-parser's entities, as far as we read them. */
interface Point { x: number; y: number; z?: number; bulge?: number }
interface Entity {
  type: string;
  layer?: string;
  color?: number;
  visible?: boolean;
  inPaperSpace?: boolean;
  vertices?: Point[];
  thickness?: number;
  depth?: number;
  elevation?: number;
  shape?: boolean;
  center?: Point;
  radius?: number;
  startAngle?: number;
  angleLength?: number;
  name?: string;
  position?: Point;
  xScale?: number;
  yScale?: number;
  zScale?: number;
  rotation?: number;
  points?: Point[];
}
type AnyEntity = Entity | RawMeshEntity;
interface Block { name: string; position?: Point; entities?: Entity[] }
interface Drawing { header?: Record<string, unknown>; entities?: Entity[]; blocks?: Record<string, Block>; tables?: { layer?: { layers?: Record<string, { color?: number }> } } }

const p3 = (p: Point | undefined): Vec3 => [p?.x ?? 0, p?.y ?? 0, p?.z ?? 0];

const pv = (p: DxfVertex): Vec3 => [p.x, p.y, p.z];

/** POLYLINE flags (group 70). */
const CLOSED = 1;
const POLYGON_MESH = 16;
const CLOSED_N = 32;
const POLYFACE = 64;

function addPolyline(e: RawMeshEntity, g: GeometryBuffer): void {
  const flags = e.flags ?? 0;
  if (flags & POLYFACE) {
    // Vertices flagged 128 without 64 are face records (71..74: 1-based, negative for hidden edges).
    const isFace = (p: DxfVertex) => (p.flags & 128) !== 0 && (p.flags & 64) === 0;
    const points = e.points.filter((p) => !isFace(p)).map(pv);
    for (const f of e.points.filter(isFace)) {
      const refs = f.refs.map((i) => Math.abs(i) - 1);
      if (refs.length >= 3 && refs.every((i) => i < points.length)) g.face(refs.map((i) => points[i]));
    }
  } else if (flags & POLYGON_MESH) {
    const m = e.meshM ?? 0;
    const n = e.meshN ?? 0;
    const points = e.points.map(pv);
    if (m < 2 || n < 2 || points.length < m * n) return;
    const at = (i: number, j: number) => points[(i % m) * n + (j % n)];
    const rows = flags & CLOSED ? m : m - 1;
    const columns = flags & CLOSED_N ? n : n - 1;
    for (let i = 0; i < rows; i++) for (let j = 0; j < columns; j++) g.face([at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j)]);
  } else {
    const closed = (flags & CLOSED) !== 0;
    g.polyline(withBulges(e.points, closed), closed, e.thickness ?? 0);
  }
}

function addEntity(entity: AnyEntity, g: GeometryBuffer): void {
  if (entity.type === '3DFACE') return g.face((entity as RawMeshEntity).points.map(pv));
  if (entity.type === 'POLYLINE') return addPolyline(entity as RawMeshEntity, g);
  if (entity.type === 'MESH') {
    const mesh = entity as RawMeshEntity;
    const points = mesh.points.map(pv);
    for (const face of mesh.faces ?? []) if (face.length >= 3 && face.every((i) => i >= 0 && i < points.length)) g.face(face.map((i) => points[i]));
    return;
  }
  const e = entity as Entity;
  // dxf-parser may end a vertex list with an empty record.
  const v = (e.vertices ?? []).filter((p) => p.x !== undefined);
  switch (e.type) {
    case 'SOLID': {
      const corners = (e.points ?? []).filter(Boolean).map(p3);
      // SOLID lists its corners in a zigzag: 1, 2, 4, 3.
      if (corners.length === 4) [corners[2], corners[3]] = [corners[3], corners[2]];
      g.face(corners);
      break;
    }
    case 'LINE':
      if (v.length >= 2) g.polyline([p3(v[0]), p3(v[1])], false, e.thickness ?? 0);
      break;
    case 'LWPOLYLINE':
      g.polyline(withBulges(v, !!e.shape, e.elevation ?? 0), !!e.shape, e.depth ?? 0);
      break;
    case 'CIRCLE':
    case 'ARC': {
      const full = e.type === 'CIRCLE';
      const points = arcPoints(p3(e.center), e.radius ?? 0, full ? 0 : (e.startAngle ?? 0), full ? Math.PI * 2 : (e.angleLength ?? 0));
      g.polyline(points, false, e.thickness ?? 0);
      break;
    }
  }
}

class SceneBuilder {
  readonly meshes: SceneMesh[] = [];
  readonly materials: SceneMaterial[] = [];
  private readonly materialByColor = new Map<number, number>();
  private readonly blockContent = new Map<string, { groups: Array<{ layer: string; mesh: number }>; inserts: Entity[] }>();

  constructor(private readonly drawing: Drawing) {}

  private colorOf(e: Entity): number {
    if (e.color !== undefined && e.color !== null) return e.color;
    return this.drawing.tables?.layer?.layers?.[e.layer ?? '0']?.color ?? 0x999999;
  }

  private material(color: number): number {
    let index = this.materialByColor.get(color);
    if (index === undefined) {
      const srgb = [(color >> 16) & 255, (color >> 8) & 255, color & 255].map((c) => Math.pow(c / 255, 2.2)) as Rgb;
      const name = `Color ${color.toString(16).padStart(6, '0')}`;
      index = this.materials.push({ name, color: srgb, opacity: 1, roughness: 0.7, doubleSided: true }) - 1;
      this.materialByColor.set(color, index);
    }
    return index;
  }

  /** Meshes of a list of entities, one per layer, plus the INSERTs to expand. */
  content(entities: Entity[]) {
    const byLayer = new Map<string, Map<number, GeometryBuffer>>();
    const inserts: Entity[] = [];
    for (const e of entities) {
      if (e.visible === false || e.inPaperSpace) continue;
      if (e.type === 'INSERT') {
        inserts.push(e);
        continue;
      }
      const layer = e.layer ?? '0';
      const byColor = byLayer.get(layer) ?? new Map<number, GeometryBuffer>();
      byLayer.set(layer, byColor);
      const color = this.colorOf(e);
      const g = byColor.get(color) ?? new GeometryBuffer();
      byColor.set(color, g);
      addEntity(e, g);
    }
    const groups: Array<{ layer: string; mesh: number }> = [];
    for (const [layer, byColor] of byLayer) {
      const primitives: ScenePrimitive[] = [];
      for (const [color, g] of byColor) {
        const material = this.material(color);
        if (g.triangles.length) primitives.push({ mode: 'triangles', positions: Float32Array.from(g.triangles), normals: flatNormals(g.triangles), material });
        if (g.lines.length) primitives.push({ mode: 'lines', positions: Float32Array.from(g.lines), material });
      }
      if (primitives.length) groups.push({ layer, mesh: this.meshes.push({ name: layer, primitives }) - 1 });
    }
    return { groups, inserts };
  }

  nodes(entities: Entity[], depth: number, cacheKey?: string): SceneNode[] {
    let content = cacheKey ? this.blockContent.get(cacheKey) : undefined;
    if (!content) {
      content = this.content(entities);
      if (cacheKey) this.blockContent.set(cacheKey, content);
    }
    const out: SceneNode[] = content.groups.map(({ layer, mesh }) => ({ name: layer, mesh, children: [] }));
    for (const insert of content.inserts) {
      const node = this.insert(insert, depth + 1);
      if (node) out.push(node);
    }
    return out;
  }

  private insert(e: Entity, depth: number): SceneNode | undefined {
    const block = this.drawing.blocks?.[e.name ?? ''];
    if (!block || depth > MAX_DEPTH) return undefined;
    const children = this.nodes(block.entities ?? [], depth, block.name);
    const node: SceneNode = { name: block.name, matrix: insertMatrix(e, block), children };
    // A block drawn on one layer with no sub-blocks is a part: its mesh goes on the INSERT's node.
    if (children.length === 1 && children[0].mesh !== undefined && this.blockContent.get(block.name)!.inserts.length === 0) {
      node.mesh = children[0].mesh;
      node.children = [];
    }
    return node;
  }
}

function insertMatrix(e: Entity, block: Block): number[] {
  const [x, y, z] = p3(e.position);
  const [bx, by, bz] = p3(block.position);
  const a = ((e.rotation ?? 0) * Math.PI) / 180;
  const [sx, sy, sz] = [e.xScale ?? 1, e.yScale ?? 1, e.zScale ?? 1];
  const c = Math.cos(a);
  const s = Math.sin(a);
  const placed = [c * sx, s * sx, 0, 0, -s * sy, c * sy, 0, 0, 0, 0, sz, 0, x, y, z, 1];
  return multiply(placed, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -bx, -by, -bz, 1]);
}

function flatNormals(t: number[]): Float32Array {
  const n = new Float32Array(t.length);
  for (let i = 0; i < t.length; i += 9) {
    const u = [t[i + 3] - t[i], t[i + 4] - t[i + 1], t[i + 5] - t[i + 2]];
    const w = [t[i + 6] - t[i], t[i + 7] - t[i + 1], t[i + 8] - t[i + 2]];
    const c = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    const len = Math.hypot(c[0], c[1], c[2]) || 1;
    for (let k = 0; k < 3; k++) n.set([c[0] / len, c[1] / len, c[2] / len], i + k * 3);
  }
  return n;
}

interface DxfImportOptions {
  /** Unit of a drawing without $INSUNITS (default mm). */
  defaultUnit?: 'mm' | 'in';
}

export function importDxf(fileName: string, bytes: Uint8Array, options: DxfImportOptions = {}): SceneModel {
  const text = new TextDecoder('utf-8').decode(bytes);
  let drawing: Drawing | null;
  try {
    const parser = new DxfParser();
    for (const handler of [...extrudableHandlers, ...meshEntityHandlers]) parser.registerEntityHandler(handler as never);
    drawing = parser.parse(text) as Drawing | null;
  } catch {
    drawing = null;
  }
  if (!drawing) throw conversionErrors.brokenFile(fileName, 'DXF');
  const builder = new SceneBuilder(drawing);
  const notes: ConversionNote[] = [];
  const fallback = options.defaultUnit === 'in' ? 1 : 4;
  const declared = UNIT_SCALE[Number(drawing.header?.$INSUNITS ?? 0)];
  if (declared === undefined && !options.defaultUnit) addNote(notes, 'dxf_units_assumed', { unit: 'mm' });
  const unit = declared ?? UNIT_SCALE[fallback];
  const roots = builder.nodes(drawing.entities ?? [], 0);
  const toYUp = multiply(Z_UP_TO_Y_UP, scaling(unit));
  for (const root of roots) root.matrix = multiply(toYUp, root.matrix ?? scaling(1));
  const primitives = builder.meshes.flatMap((mesh) => mesh.primitives);
  if (primitives.length > 0 && primitives.every((p) => p.mode !== 'triangles')) addNote(notes, 'dxf_flat_drawing');
  return { roots, meshes: builder.meshes, materials: builder.materials, notes };
}
