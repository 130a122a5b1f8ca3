/**
 * The parts a workshop cuts from sheets, and the hardware it buys, read from a model's part tree
 * (the encoded names of SPEC §3). A leaf is a sheet part when it has three dimensions and its
 * material is a board: listed in the owner's materials, or named by a word of the material list
 * that is not a metal, glass, stone, plastic or fabric, and its shape is one a sheet makes
 * (`isSheetShaped`): a "Chipboard screw" of 16 x 8 x 8 mm is not cut from chipboard. Every other
 * leaf is hardware (hinges, handles, legs, runners, shelf pins, screws, dowels), counted by display
 * name. Sizes are in millimetres.
 */
import { materialOf } from '../parts/partMaterial';
import { parsePartName } from '../parts/partName';
import { cabinetsOf, type NamedTree } from '../parts/partsList';
import { foldForSearch } from '../text/textFold';
import { convertDistance } from '../units/units';
import type { WorkshopSettings } from './workshopSettings';

export interface SheetPart {
  /** Node id in the tree. */
  id: string;
  /** The cabinet's display name ('' for loose parts). */
  cabinet: string;
  /** The filter that isolates the cabinet on a link ('' for loose parts). */
  cabinetFilter: string;
  name: string;
  /** The encoded name, which isolates this part on a link. */
  rawName: string;
  material: string;
  /** Millimetres: along the grain, across, thick. */
  length: number;
  width: number;
  thickness: number;
}

export interface HardwareCount {
  name: string;
  quantity: number;
}

export interface WorkshopParts {
  parts: SheetPart[];
  hardware: HardwareCount[];
}

const NOT_BOARD = new Set([
  'glass', 'mirror', 'steel', 'stainless', 'aluminium', 'aluminum', 'brass', 'copper', 'zinc', 'chrome', 'metal', 'plastic', 'abs', 'pvc',
  'quartz', 'granite', 'marble', 'stone', 'ceramic', 'porcelain', 'leather', 'fabric', 'verre', 'miroir', 'acier', 'inox', 'laiton',
  'cuivre', 'plastique', 'granit', 'marbre', 'pierre', 'ceramique', 'porcelaine', 'cuir', 'tissu',
]);

function isBoard(material: string, listed: ReadonlySet<string>): boolean {
  const folded = foldForSearch(material.trim());
  if (listed.has(folded)) return true;
  return !folded.split(/[^a-z0-9]+/).some((word) => NOT_BOARD.has(word) || (word.endsWith('s') && NOT_BOARD.has(word.slice(0, -1))));
}

/** Below this length (mm) a part that is not thin is a solid piece, not a strip ripped from a sheet. */
const SOLID_PART_MAX_LENGTH = 200;

/**
 * A sheet makes a part that is thin (its smallest side at most half its middle one: a 19 mm side,
 * a 3 mm back, a 100 x 50 x 19 mm block) or long (a 560 x 19 x 30 mm rail ripped from a sheet). A
 * small solid part (a 16 x 8 x 8 mm screw, a 30 x 8 x 8 mm dowel, a 100 x 40 x 40 mm leg) is
 * bought, not cut, whatever its material's name says.
 */
export function isSheetShaped(sizes: readonly [number, number, number]): boolean {
  const [small, middle, large] = [...sizes].sort((a, b) => a - b);
  return small * 2 <= middle || large >= SOLID_PART_MAX_LENGTH;
}

/** Millimetres rounded to a hundredth, so that sizes read from inches add up. */
function mm(value: number, unit: 'mm' | 'in'): number {
  return Math.round(convertDistance(value, unit, 'mm') * 100) / 100;
}

export function workshopPartsOf(tree: NamedTree, settings: Pick<WorkshopSettings, 'materials'>): WorkshopParts {
  const listed = new Set(settings.materials.map((m) => foldForSearch(m.name.trim())));
  const parts: SheetPart[] = [];
  const hardware = new Map<string, HardwareCount>();
  const { cabinets, loose } = cabinetsOf(tree);
  const names = new Map<string, number>();
  for (const node of Object.values(tree.nodes)) {
    const key = foldForSearch(parsePartName(node.rawName, 'panel').displayName.trim());
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  const visit = (id: string, cabinet: string, cabinetFilter: string, seen: Set<string>) => {
    if (seen.has(id) || !tree.nodes[id]) return;
    seen.add(id);
    const node = tree.nodes[id];
    const children = node.children.filter((c) => tree.nodes[c] !== undefined);
    if (children.length > 0) {
      for (const child of children) visit(child, cabinet, cabinetFilter, seen);
      return;
    }
    const parsed = parsePartName(node.rawName, 'panel');
    const material = materialOf(parsed.extraInfo ?? '');
    const v = parsed.size?.values ?? [];
    if (parsed.size && v.length === 3 && v.every((x) => x > 0) && material !== null && isBoard(material, listed)) {
      const [a, thickness, b] = v.map((x) => mm(x, parsed.size!.unit));
      if (isSheetShaped([a, thickness, b])) {
        parts.push({ id, cabinet, cabinetFilter, name: parsed.displayName, rawName: node.rawName, material, length: a, width: b, thickness });
        return;
      }
    }
    const key = foldForSearch(parsed.displayName.trim());
    const count = hardware.get(key);
    if (count) count.quantity += 1;
    else hardware.set(key, { name: parsed.displayName, quantity: 1 });
  };
  const seen = new Set<string>();
  for (const id of loose) visit(id, '', '', seen);
  for (const id of cabinets) {
    const name = parsePartName(tree.nodes[id].rawName, 'cabinet').displayName;
    const unique = (names.get(foldForSearch(name.trim())) ?? 0) <= 1;
    visit(id, name, unique ? name : tree.nodes[id].rawName, seen);
  }
  return { parts, hardware: [...hardware.values()] };
}
