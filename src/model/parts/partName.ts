/**
 * Part names as cabinet software encodes them (SPEC §3, DESIGN "Part names"):
 * `Display name+Dimensions|Extra info`. Dimensions are separated by `x`, commas are decimal
 * points, an optional two-letter `mm` or `in` suffix gives the unit, and fractions are written
 * `whole_num_den` (`23_1_2` is 23.5). A node with children is a cabinet (height x depth x width);
 * a leaf is a panel (length x thickness x width).
 */
import type { DistanceUnit, PartSize } from '../viewerVocabulary';

export type PartKind = 'cabinet' | 'panel';

const SIZE_LABELS: Record<PartKind, readonly [string, string, string]> = {
  cabinet: ['height', 'depth', 'width'],
  panel: ['length', 'thickness', 'width'],
};

interface ParsedPartName {
  displayName: string;
  size?: PartSize;
  extraInfo?: string;
}

/** A plain decimal: digits with an optional fraction, or a fraction alone (`.5`). */
const NUMERIC = /^\d+(\.\d+)?$|^\.\d+$/;

/** Parses one dimension: `18`, `18,5`, `23_1_2` (23 1/2), `1_2` (1/2). NaN when unreadable. */
export function parseDimension(text: string): number {
  const value = text.trim().replace(/,/g, '.');
  if (value === '') return Number.NaN;
  // Most dimensions are plain decimals: read at once (a model's part tree reads thousands).
  if (NUMERIC.test(value)) return Number(value);
  const parts = value.split('_');
  // A plain decimal was read above: what is left is a fraction (`3_4`) or a mixed number (`18_3_4`).
  if (!parts.every((p) => NUMERIC.test(p))) return Number.NaN;
  if (parts.length === 2) {
    const den = Number(parts[1]);
    return den === 0 ? Number.NaN : Number(parts[0]) / den;
  }
  if (parts.length === 3) {
    const den = Number(parts[2]);
    return den === 0 ? Number.NaN : Number(parts[0]) + Number(parts[1]) / den;
  }
  return Number.NaN;
}

/** Parses the dimensions part (`720x560x18mm`). Undefined when it is not a list of dimensions. */
function parseDimensions(text: string, kind: PartKind): PartSize | undefined {
  let body = text.trim();
  let unit: DistanceUnit = 'mm';
  const suffix = body.slice(-2).toLowerCase();
  if (suffix === 'mm' || suffix === 'in') {
    unit = suffix;
    body = body.slice(0, -2).trim();
  }
  if (body === '') return undefined;
  const values = body.split(/x/i).map(parseDimension);
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  return { unit, values, labels: SIZE_LABELS[kind] };
}

export function parsePartName(raw: string, kind: PartKind): ParsedPartName {
  const plus = raw.indexOf('+');
  const bar = raw.indexOf('|', plus < 0 ? 0 : plus);
  const nameEnd = plus >= 0 ? plus : bar >= 0 ? bar : raw.length;
  const displayName = raw.slice(0, nameEnd).trim();
  const result: ParsedPartName = { displayName: displayName || raw.trim() };
  if (plus >= 0) {
    const dims = raw.slice(plus + 1, bar >= 0 ? bar : raw.length);
    const size = parseDimensions(dims, kind);
    if (size) result.size = size;
  }
  if (bar >= 0) {
    const info = raw.slice(bar + 1).trim();
    if (info) result.extraInfo = info;
  }
  return result;
}


/**
 * A wall cabinet, by the display name its software gives it (English, French, German, Italian):
 * "Wall cabinet", "Upper unit", "Meuble haut", "Élément haut", "Hängeschrank", "Oberschrank",
 * "Pensile". Its AR files may be placed on a wall (Scene Viewer's vertical placement, Quick Look's
 * vertical anchoring).
 */
export function isWallCabinetName(displayName: string): boolean {
  // Word edges by letters of any script (`\b` knows only ASCII letters: not "É").
  return /(?<!\p{L})(wall|upper|(meuble|élément|element) haut|pensile)(?!\p{L})|hängeschrank|oberschrank/iu.test(displayName);
}
