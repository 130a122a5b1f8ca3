/**
 * DXF's mesh entities, read by group code rather than by dxf-parser's own handlers:
 * - 3DFACE with its corners in any order (LightWave writes 13, 12, 11, 10; dxf-parser only starts
 *   reading corners at group 10 and so found none);
 * - POLYLINE with its VERTEX records, keeping the polygon mesh size (71, 72) and closure flags that
 *   dxf-parser drops, besides polyface meshes and ordinary polylines;
 * - MESH (AutoCAD 2010+): vertices (92, then 10/20/30) and the face list (93, then 90 values).
 */
import { ACI } from './dxfEntityHandlers.js';

interface Group { code: number; value: unknown }
interface Scanner { next(): Group; isEOF(): boolean; lastReadGroup: Group }

export interface DxfVertex { x: number; y: number; z: number; bulge?: number; flags: number; refs: number[] }

/** The entity as the importer reads it (the fields it shares with dxf-parser's entities). */
export interface RawMeshEntity {
  type: string;
  layer?: string;
  color?: number;
  visible?: boolean;
  inPaperSpace?: boolean;
  thickness?: number;
  /** POLYLINE group 70; MESH: none. */
  flags?: number;
  meshM?: number;
  meshN?: number;
  /** 3DFACE corners, POLYLINE vertices, MESH vertices. */
  points: DxfVertex[];
  /** MESH faces, as vertex indices. */
  faces?: number[][];
}

/** Reads the groups of one record, up to (not including) the next group 0. */
function readRecord(scanner: Scanner): Group[] {
  const groups: Group[] = [];
  let g = scanner.next();
  while (!scanner.isEOF() && g.code !== 0) {
    groups.push(g);
    g = scanner.next();
  }
  return groups;
}

function common(entity: RawMeshEntity, g: Group): void {
  const v = g.value as number;
  switch (g.code) {
    case 8: entity.layer = String(g.value); break;
    case 39: entity.thickness = v; break;
    case 60: entity.visible = v === 0; break;
    case 62: if (ACI[Math.abs(v)] !== undefined) entity.color = ACI[Math.abs(v)]; break;
    case 67: entity.inPaperSpace = v === 1; break;
    case 420: entity.color = v; break;
  }
}

function vertexOf(groups: Group[]): DxfVertex {
  const vertex: DxfVertex = { x: 0, y: 0, z: 0, flags: 0, refs: [] };
  for (const g of groups) {
    const v = g.value as number;
    if (g.code === 10) vertex.x = v;
    else if (g.code === 20) vertex.y = v;
    else if (g.code === 30) vertex.z = v;
    else if (g.code === 42) vertex.bulge = v;
    else if (g.code === 70) vertex.flags = v;
    else if (g.code >= 71 && g.code <= 74 && v) vertex.refs[g.code - 71] = v;
  }
  vertex.refs = vertex.refs.filter((r) => r !== undefined);
  return vertex;
}

class ThreeDFaceHandler {
  readonly ForEntityName = '3DFACE';
  parseEntity(scanner: Scanner, curr: Group): RawMeshEntity {
    const entity: RawMeshEntity = { type: String(curr.value), points: [] };
    const corners: Array<Partial<DxfVertex>> = [{}, {}, {}, {}];
    for (const g of readRecord(scanner)) {
      const axis = Math.floor(g.code / 10);
      const corner = g.code % 10;
      if (g.code >= 10 && g.code <= 33 && corner <= 3) corners[corner][(['x', 'y', 'z'] as const)[axis - 1]] = g.value as number;
      else common(entity, g);
    }
    entity.points = corners.filter((c) => c.x !== undefined).map((c) => ({ x: c.x!, y: c.y ?? 0, z: c.z ?? 0, flags: 0, refs: [] }));
    return entity;
  }
}

class PolylineHandler {
  readonly ForEntityName = 'POLYLINE';
  parseEntity(scanner: Scanner, curr: Group): RawMeshEntity {
    const entity: RawMeshEntity = { type: String(curr.value), points: [] };
    for (const g of readRecord(scanner)) {
      if (g.code === 70) entity.flags = g.value as number;
      else if (g.code === 71) entity.meshM = g.value as number;
      else if (g.code === 72) entity.meshN = g.value as number;
      else common(entity, g);
    }
    while (!scanner.isEOF() && scanner.lastReadGroup.value === 'VERTEX') entity.points.push(vertexOf(readRecord(scanner)));
    if (scanner.lastReadGroup.value === 'SEQEND') readRecord(scanner);
    return entity;
  }
}

class MeshHandler {
  readonly ForEntityName = 'MESH';
  parseEntity(scanner: Scanner, curr: Group): RawMeshEntity {
    const entity: RawMeshEntity = { type: String(curr.value), points: [], faces: [] };
    const groups = readRecord(scanner);
    let i = 0;
    while (i < groups.length) {
      const g = groups[i];
      if (g.code === 92) {
        const count = g.value as number;
        i++;
        for (let n = 0; n < count && groups[i]?.code === 10; n++, i += 3) {
          const [x, y, z] = [groups[i], groups[i + 1], groups[i + 2]].map((c) => Number(c?.value ?? 0));
          entity.points.push({ x, y, z, flags: 0, refs: [] });
        }
        continue;
      }
      if (g.code === 93) {
        const size = g.value as number;
        const list = groups.slice(i + 1, i + 1 + size).filter((x) => x.code === 90).map((x) => x.value as number);
        for (let k = 0; k < list.length; ) {
          const n = list[k];
          entity.faces!.push(list.slice(k + 1, k + 1 + n));
          k += n + 1;
        }
        i += 1 + size;
        continue;
      }
      common(entity, g);
      i++;
    }
    return entity;
  }
}

export const meshEntityHandlers = [ThreeDFaceHandler, PolylineHandler, MeshHandler];
