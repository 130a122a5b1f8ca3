/**
 * STEP/STP and IGES/IGS through OpenCascade (occt-import-js).
 *
 * Tessellation for furniture: panels are planar and tessellate exactly whatever the settings;
 * what matters are drilled holes (5 mm shelf pins, 8 mm dowels, 35 mm hinge cups) and rounded
 * edges. An absolute chordal deflection of 0.2 mm and an angular deflection of 0.35 rad (20°)
 * give at least 18 segments per circle, 21+ on a 35 mm cup, without inflating large panels.
 * Lengths are read in the file's unit and returned by OpenCascade in metres.
 *
 * The tree: for STEP, the file's product structure with the names the designer gave, each part
 * one mesh (occtStructure.ts); for IGES, the tree occt-import-js reports. The invisible document
 * root is dropped and its children become the scene roots (rotated from CAD Z up to glTF Y up).
 */
import { conversionErrors } from '../errors.js';
import type { SceneMesh, SceneModel, SceneNode } from '../scene.js';
import { Z_UP_TO_Y_UP } from '../scene.js';
import { partTree, type PartNode } from './occtStructure.js';
import { MaterialTable, mergeMeshes, meshToScene, OCCT_TESSELLATION } from './occtMeshes.js';
import { loadOcct, type OcctParams, type OcctResult } from './occtTypes.js';
import { readStepProducts, type StepProductStructure } from './stepProducts.js';
import type { ProgressCallback } from '../progress.js';
import { importStepByParts } from './stepByParts.js';
import { panelOfPart } from '../machining/revisionMachining.js';

export { OCCT_TESSELLATION };

type OcctFormat = 'step' | 'iges';

export async function readWithOcct(format: OcctFormat, bytes: Uint8Array, params: OcctParams = OCCT_TESSELLATION): Promise<OcctResult> {
  const occt = await loadOcct();
  return format === 'step' ? occt.ReadStepFile(bytes, params) : occt.ReadIgesFile(bytes, params);
}

export function occtResultToScene(result: OcctResult, fallbackName: string, structure?: StepProductStructure, withPanels = true): SceneModel {
  const table = new MaterialTable();
  const meshes: SceneMesh[] = [];
  let machiningMs = 0;
  const toNode = (part: PartNode): SceneNode => {
    const out: SceneNode = { name: part.name, children: part.children.map(toNode) };
    if (part.meshes.length > 0) {
      const merged = mergeMeshes(part.meshes.map((m) => result.meshes[m]), part.name);
      const mesh = meshToScene(merged, table);
      if (withPanels) {
        const started = performance.now();
        mesh.panel = panelOfPart(merged.attributes.position.array, merged.index.array, merged.brep_faces);
        machiningMs += performance.now() - started;
      }
      out.mesh = meshes.push(mesh) - 1;
    }
    return out;
  };
  const roots = partTree(result.root, result.meshes, structure, fallbackName).map(toNode);
  for (const node of roots) node.matrix = [...Z_UP_TO_Y_UP];
  return { roots, meshes, materials: table.materials, machiningMs };
}

export async function importWithOcct(
  format: OcctFormat,
  fileName: string,
  bytes: Uint8Array,
  options: { onProgress?: ProgressCallback; threads?: number; memoryLimitMb?: number } = {},
): Promise<SceneModel> {
  if (format === 'step') {
    // A whole job: its distinct parts a group at a time, on every thread it may use (stepByParts.ts).
    const byParts = await importStepByParts(fileName, bytes, options);
    if (byParts) return byParts;
  }
  const result = await readWithOcct(format, bytes);
  const label = format === 'step' ? 'STEP' : 'IGES';
  if (!result.success) throw conversionErrors.brokenFile(fileName, label);
  if (result.meshes.length === 0 && format === 'step' && referencesExternalFiles(bytes)) {
    throw conversionErrors.stepExternalReferences(fileName);
  }
  // Surfaces the reader saw but could not tessellate are not an empty file.
  if (!result.meshes.some((m) => m.index.array.length > 0) && holdsSurfaces(bytes)) throw conversionErrors.unreadableGeometry(fileName);
  const structure = format === 'step' ? readStepProducts(bytes) : undefined;
  return occtResultToScene(result, fileName.replace(/\.[^.]+$/, ''), structure);
}

/** An assembly whose parts live in other files (`DOCUMENT_FILE`, external references). */
function referencesExternalFiles(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes);
  return /DOCUMENT_FILE|EXTERNALLY_DEFINED|APPLIED_EXTERNAL_IDENTIFICATION_ASSIGNMENT/i.test(text);
}

/** STEP or IGES entities that carry surfaces or solids (IGES: type 128 B-spline surfaces, 143/144 bounded and trimmed, 186 solids). */
function holdsSurfaces(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 2 ** 20));
  return /ADVANCED_FACE|MANIFOLD_SOLID_BREP|FACETED_BREP|B_SPLINE_SURFACE|SHELL_BASED_SURFACE_MODEL/i.test(text) || /^\s*(128|143|144|186),/m.test(text);
}
