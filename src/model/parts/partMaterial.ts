/**
 * The material of a part, read from the extra info of its encoded name (SPEC §3,
 * `Display name+Dimensions|Extra info`). Cabinet software writes the material there, but also
 * notes that are not materials (`Adjustable`, `hinge right`, `Soft close`, `Clip top 110 deg`).
 *
 * Rule: the extra info is read as comma-separated items (a comma between two digits is a
 * decimal comma, not a separator). The material is the first item that names one, as written:
 * an item names a material when one of its words (accents, case and a plural `s` aside;
 * hyphenated words also read joined) is in MATERIAL_WORDS: wood species, boards, finishes,
 * metals, glass, stone and plastics, in English and French. A part whose info names none has no
 * material. So `Oak, hinge right` is Oak, `Adjustable` has no material, `Melamine white 18` is
 * itself.
 */
import { foldForSearch } from '../text/textFold';

const MATERIAL_WORDS: ReadonlySet<string> = new Set([
  // Wood species and solid wood (English).
  'oak', 'maple', 'walnut', 'birch', 'beech', 'cherry', 'ash', 'pine', 'spruce', 'fir', 'teak', 'elm', 'alder', 'poplar', 'hickory',
  'mahogany', 'cedar', 'larch', 'bamboo', 'wenge', 'sapele', 'wood', 'timber', 'hardwood', 'softwood',
  // Boards and finishes (English).
  'veneer', 'ply', 'plywood', 'mdf', 'hdf', 'osb', 'particleboard', 'chipboard', 'hardboard', 'blockboard', 'melamine', 'laminate',
  'hpl', 'lacquer', 'lacquered', 'formica', 'acrylic',
  // Metals, glass, stone, plastics and others (English).
  'glass', 'mirror', 'steel', 'stainless', 'aluminium', 'aluminum', 'brass', 'copper', 'zinc', 'chrome', 'metal', 'plastic', 'abs',
  'pvc', 'quartz', 'granite', 'marble', 'stone', 'ceramic', 'porcelain', 'corian', 'leather', 'fabric', 'cork', 'linoleum',
  // French (folded: no accents).
  'chene', 'erable', 'noyer', 'bouleau', 'hetre', 'merisier', 'frene', 'sapin', 'epicea', 'teck', 'orme', 'aulne', 'peuplier',
  'acajou', 'cedre', 'meleze', 'bambou', 'bois', 'placage', 'contreplaque', 'agglomere', 'stratifie', 'laque', 'laquee', 'verre',
  'miroir', 'acier', 'inox', 'laiton', 'cuivre', 'plastique', 'granit', 'marbre', 'pierre', 'ceramique', 'porcelaine', 'cuir',
  'tissu', 'liege',
]);

/** A comma that separates items: not one between two digits (`18,5`). */
const ITEM_SEPARATOR = /,(?!\d)|(?<!\d),/;

function namesMaterial(item: string): boolean {
  const tokens = foldForSearch(item).split(/[^a-z0-9-]+/);
  const words = tokens.flatMap((token) => [token.replace(/-/g, ''), ...token.split('-')]);
  return words.some((word) => word !== '' && (MATERIAL_WORDS.has(word) || (word.endsWith('s') && MATERIAL_WORDS.has(word.slice(0, -1)))));
}

/** The material the extra info names (the item as written, trimmed), or null when it names none. */
export function materialOf(info: string): string | null {
  for (const item of info.split(ITEM_SEPARATOR)) {
    const trimmed = item.trim();
    if (trimmed !== '' && namesMaterial(trimmed)) return trimmed;
  }
  return null;
}
