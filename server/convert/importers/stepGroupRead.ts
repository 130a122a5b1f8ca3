/**
 * One group file of distinct parts through OpenCascade: each part's meshes (found by the tag its
 * product carries) merged into one, as flat typed arrays that can cross a thread.
 */
import type { PanelGeometry } from '../../../src/model/machining/panelMachining.js';
import { panelOfPart } from '../machining/revisionMachining.js';
import { mergeMeshes, OCCT_TESSELLATION } from './occtMeshes.js';
import { allMeshes } from './occtStructure.js';
import { loadOcct, type OcctMesh, type OcctNode } from './occtTypes.js';

export interface GroupPartMesh {
  positions: Float32Array;
  normals: Float32Array;
  index: Uint32Array;
  color?: [number, number, number];
  faces: OcctMesh['brep_faces'];
  /** Its machining, read here where the faces are (server/convert/machining). */
  panel: PanelGeometry | null;
}

export interface PartGroupResult {
  success: boolean;
  /** In the order of the tags asked for; null when the part drew nothing. */
  parts: Array<GroupPartMesh | null>;
  /** Time spent reading the parts' machining (ms). */
  machiningMs?: number;
}

/** The meshes OpenCascade returned for each part tag of a group file. */
function meshesByTag(root: OcctNode, meshes: OcctMesh[]): Map<string, OcctMesh[]> {
  const out = new Map<string, OcctMesh[]>();
  const add = (tag: string, list: OcctMesh[]) => out.set(tag, [...(out.get(tag) ?? []), ...list]);
  const visit = (node: OcctNode) => {
    if (node.name.startsWith('cv-part-')) {
      add(node.name, allMeshes(node).map((m) => meshes[m]));
      return;
    }
    for (const m of node.meshes) if (meshes[m].name.startsWith('cv-part-')) add(meshes[m].name, [meshes[m]]);
    node.children.forEach(visit);
  };
  visit(root);
  return out;
}

export async function readPartGroup(text: string, tags: string[]): Promise<PartGroupResult> {
  const occt = await loadOcct();
  const result = occt.ReadStepFile(Buffer.from(text, 'latin1'), OCCT_TESSELLATION);
  if (!result.success) return { success: false, parts: [] };
  const byTag = meshesByTag(result.root, result.meshes);
  let machiningMs = 0;
  const parts = tags.map((tag) => {
    const found = byTag.get(tag);
    if (!found || found.length === 0) return null;
    const merged = mergeMeshes(found, tag);
    const positions = Float32Array.from(merged.attributes.position.array);
    const normals = merged.attributes.normal && merged.attributes.normal.array.length === positions.length ? Float32Array.from(merged.attributes.normal.array) : new Float32Array(0);
    const index = Uint32Array.from(merged.index.array);
    const faces = merged.brep_faces ?? [];
    const started = performance.now();
    const panel = panelOfPart(positions, index, faces);
    machiningMs += performance.now() - started;
    return { positions, normals, index, color: merged.color, faces, panel };
  });
  return { success: true, parts, machiningMs };
}

/** A part's mesh as the OpenCascade shape meshToScene reads (it only reads the arrays). */
export function asOcctMesh(part: GroupPartMesh, name: string): OcctMesh {
  return {
    name,
    color: part.color,
    brep_faces: part.faces,
    attributes: { position: { array: part.positions as unknown as number[] }, normal: part.normals.length ? { array: part.normals as unknown as number[] } : undefined },
    index: { array: part.index as unknown as number[] },
  };
}
