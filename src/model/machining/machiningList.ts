/**
 * The machining of a revision as the workshop reads it: every board of the parts list
 * (`workshopPartsOf`: hardware and solid pieces are not machined) with the panel the converter read
 * from its geometry, in the panel's frame (panelMachining.ts). A board whose geometry was not read
 * (a mesh format, a revision converted before machining was read) keeps its size from its name, a
 * plain rectangle and no operations, and says so (`source: 'names'`).
 */
import { workshopPartsOf } from '../cutting/workshopParts';
import type { WorkshopSettings } from '../cutting/workshopSettings';
import { cabinetsOf, type NamedTree } from '../parts/partsList';
import * as z from 'zod/mini';
import { panelGeometrySchema, type Bore, type Groove, type PanelGeometry, type RevisionMachining } from './panelMachining';

export interface MachinedPanel extends PanelGeometry {
  /** Node id in the part tree (the glTF node index). */
  node: string;
  name: string;
  /** The cabinet's display name ('' for loose parts). */
  cabinet: string;
  /** The cabinet's node id (null for loose parts). */
  cabinetNode: string | null;
  material: string;
  /** Where the outline and operations come from. */
  source: 'model' | 'names';
}

export interface MachiningList {
  revision: number;
  panels: MachinedPanel[];
}

/** The answer of GET .../machining.json, checked by the app. */
export const machiningListSchema = z.object({
  revision: z.number(),
  panels: z.array(
    z.extend(panelGeometrySchema, {
      node: z.string(),
      name: z.string(),
      cabinet: z.string(),
      cabinetNode: z.nullable(z.string()),
      material: z.string(),
      source: z.enum(['model', 'names']),
    }),
  ),
});

/** The boards of `tree` with their machining; `machining` null when the revision has none stored. */
export function machiningList(tree: NamedTree, settings: Pick<WorkshopSettings, 'materials'>, machining: RevisionMachining | null, revision: number): MachiningList {
  const byNode = new Map<string, PanelGeometry>();
  for (const [node, shape] of machining?.nodes ?? []) {
    const panel = machining!.shapes[shape];
    if (panel) byNode.set(String(node), panel);
  }
  // Each leaf's cabinet (the parts list's cabinets: cabinetsOf).
  const cabinetOf = new Map<string, string>();
  for (const cabinet of cabinetsOf(tree).cabinets) {
    const stack = [...(tree.nodes[cabinet]?.children ?? [])];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (cabinetOf.has(id) || !tree.nodes[id]) continue;
      cabinetOf.set(id, cabinet);
      stack.push(...tree.nodes[id].children);
    }
  }
  const panels = workshopPartsOf(tree, settings).parts.map((part): MachinedPanel => {
    const read = byNode.get(part.id);
    const cabinetNode = cabinetOf.get(part.id) ?? null;
    const base = { node: part.id, name: part.name, cabinet: part.cabinet, cabinetNode, material: part.material };
    if (read) return { ...base, ...read, source: 'model' };
    const { length, width, thickness } = part;
    return {
      ...base,
      length,
      width,
      thickness,
      outline: [
        [0, 0],
        [length, 0],
        [length, width],
        [0, width],
      ],
      bores: [],
      grooves: [],
      source: 'names',
    };
  });
  return { revision, panels };
}

/** How many operations a panel has, by kind. */
export function operationCounts(panel: { bores: readonly Bore[]; grooves: readonly Groove[] }): { holes: number; cups: number; grooves: number } {
  return {
    holes: panel.bores.filter((b) => b.kind === 'hole').length,
    cups: panel.bores.filter((b) => b.kind === 'cup').length,
    grooves: panel.grooves.length,
  };
}
