/**
 * The parts list (cut list) of a model, computed from its encoded part names (SPEC §3). One module
 * for both sides: the server writes the CSV from it, the viewer's panel and the labels page show it.
 *
 * Cabinets: from the roots, a lone group whose children are all groups (the kitchen, a wrapper)
 * is opened; the groups found then are the cabinets, and leaves found there are loose parts (listed
 * under no cabinet). A cabinet's rows are its leaves at any depth (a drawer's parts count for its
 * cabinet), one row per distinct display name, dimensions and extra info, with the quantity.
 *
 * Columns: panels give length, width, thickness (encoded as length x thickness x width); cabinets
 * give height, depth, width in the same three columns. Values keep the unit they were written in
 * and are converted only to be shown (SPEC §9: 1 m = 39.3701 in, as everywhere in the product).
 */
import * as z from 'zod/mini';
import { csvTextCell } from '../text/csvCell';
import { materialOf } from './partMaterial';
import { parsePartName, type PartKind } from './partName';
import type { DistanceUnit } from '../viewerVocabulary';
import { oneLine } from '../text/safeText';
import { foldForSearch } from '../text/textFold';
import { convertDistance } from '../units/units';

export interface NamedNode {
  rawName: string;
  children: readonly string[];
}

/** Any part tree: the viewer's, or the one the server reads from a GLB. */
export interface NamedTree {
  roots: readonly string[];
  nodes: Readonly<Record<string, NamedNode>>;
}

/** Three columns (length, width, thickness; or height, depth, width for cabinets) in `unit`; null when not written. */
export interface PartDimensions {
  unit: DistanceUnit;
  values: readonly [number | null, number | null, number | null];
}

interface PartsListRow {
  name: string;
  quantity: number;
  dimensions: PartDimensions | null;
  info: string;
}

export interface PartsListCabinet {
  /** Node id in the tree; null for the loose parts. */
  id: string | null;
  name: string;
  /** The name that isolates this cabinet in a `?filter=` (its display name, or its raw name when another node shares it). */
  filterName: string;
  dimensions: PartDimensions | null;
  info: string;
  rows: PartsListRow[];
  /** Leaves in the cabinet. */
  partCount: number;
}

export interface PartsList {
  cabinets: PartsListCabinet[];
  /**
   * Part count per material (see partMaterial.ts: only extra info that names a material counts as
   * one), in order of first appearance, materials written alike (accents, case aside) together;
   * parts without a material last, under `material: ''`.
   */
  totals: { material: string; quantity: number }[];
  partCount: number;
}

export const CABINET_COLUMNS = ['height', 'depth', 'width'] as const;
export const PANEL_COLUMNS = ['length', 'width', 'thickness'] as const;


function dimensionsOf(rawName: string, kind: PartKind): { name: string; dimensions: PartDimensions | null; info: string } {
  const parsed = parsePartName(rawName, kind);
  const v = parsed.size?.values ?? [];
  const at = (i: number): number | null => (i < v.length ? v[i] : null);
  // Encoded panels are length x thickness x width; the columns are length, width, thickness.
  const values = kind === 'panel' ? ([at(0), at(2), at(1)] as const) : ([at(0), at(1), at(2)] as const);
  return {
    name: parsed.displayName,
    dimensions: parsed.size ? { unit: parsed.size.unit, values } : null,
    info: parsed.extraInfo ?? '',
  };
}

/** The cabinets' ids and the loose leaves' ids, as described above. */
export function cabinetsOf(tree: NamedTree): { cabinets: string[]; loose: string[] } {
  const exists = (id: string) => tree.nodes[id] !== undefined;
  const isGroup = (id: string) => tree.nodes[id].children.some(exists);
  let level = tree.roots.filter(exists);
  const seen = new Set<string>();
  while (level.length === 1 && !seen.has(level[0]) && isGroup(level[0])) {
    const children = tree.nodes[level[0]].children.filter(exists);
    if (!children.every(isGroup)) break;
    seen.add(level[0]);
    level = children;
  }
  return { cabinets: level.filter(isGroup), loose: level.filter((id) => !isGroup(id)) };
}

function leavesOf(tree: NamedTree, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const children = tree.nodes[current]?.children.filter((c) => tree.nodes[c] !== undefined) ?? [];
    if (children.length === 0) out.push(current);
    else stack.push(...[...children].reverse());
  }
  return out;
}

function rowsOf(tree: NamedTree, leaves: readonly string[]): PartsListRow[] {
  const rows = new Map<string, PartsListRow>();
  for (const id of leaves) {
    const part = dimensionsOf(tree.nodes[id].rawName, 'panel');
    const key = JSON.stringify([part.name, part.dimensions, part.info]);
    const row = rows.get(key);
    if (row) row.quantity += 1;
    else rows.set(key, { ...part, quantity: 1 });
  }
  return [...rows.values()];
}

export function buildPartsList(tree: NamedTree): PartsList {
  const { cabinets, loose } = cabinetsOf(tree);
  const nameCounts = new Map<string, number>();
  for (const node of Object.values(tree.nodes)) {
    const name = parsePartName(node.rawName, 'panel').displayName.trim().toLowerCase();
    nameCounts.set(name, (nameCounts.get(name) ?? 0) + 1);
  }
  const list: PartsListCabinet[] = [];
  if (loose.length > 0) {
    list.push({ id: null, name: '', filterName: '', dimensions: null, info: '', rows: rowsOf(tree, loose), partCount: loose.length });
  }
  for (const id of cabinets) {
    const node = tree.nodes[id];
    const cabinet = dimensionsOf(node.rawName, 'cabinet');
    const leaves = leavesOf(tree, id);
    const unique = (nameCounts.get(cabinet.name.trim().toLowerCase()) ?? 0) <= 1;
    list.push({ id, ...cabinet, filterName: unique ? cabinet.name : node.rawName, rows: rowsOf(tree, leaves), partCount: leaves.length });
  }
  const totals = new Map<string, { material: string; quantity: number }>();
  let withoutMaterial = 0;
  for (const cabinet of list) {
    for (const row of cabinet.rows) {
      const material = materialOf(row.info);
      if (material === null) {
        withoutMaterial += row.quantity;
        continue;
      }
      const key = foldForSearch(material);
      const total = totals.get(key);
      if (total) total.quantity += row.quantity;
      else totals.set(key, { material, quantity: row.quantity });
    }
  }
  return {
    cabinets: list,
    totals: [...totals.values(), ...(withoutMaterial > 0 ? [{ material: '', quantity: withoutMaterial }] : [])],
    partCount: list.reduce((sum, c) => sum + c.partCount, 0),
  };
}

/** A value written in `from`, in `to`, rounded as the unit is shown (mm to 1 decimal, in to 3). */
export function valueIn(value: number, from: DistanceUnit, to: DistanceUnit): number {
  const converted = convertDistance(value, from, to);
  const factor = to === 'mm' ? 10 : 1000;
  // 12 significant digits first, so that 3/4 in (19.05 mm, 19.049999… in binary) rounds to 19.1.
  return Math.round(Number((converted * factor).toPrecision(12))) / factor;
}

export type InchStyle = 'decimal' | 'fraction';

/** Inches as a fraction to the nearest 1/16: `23 3/4`, `3/4`, `12`. */
export function formatFraction(inches: number): string {
  const sixteenths = Math.round(Math.abs(inches) * 16);
  const sign = inches < 0 && sixteenths > 0 ? '-' : '';
  const whole = Math.floor(sixteenths / 16);
  let num = sixteenths % 16;
  if (num === 0) return `${sign}${whole}`;
  let den = 16;
  while (num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  return whole === 0 ? `${sign}${num}/${den}` : `${sign}${whole} ${num}/${den}`;
}

/** A value for people: in `unit`, inches as decimals or fractions. Empty when not written. */
export function formatPartValue(value: number | null, from: DistanceUnit, unit: DistanceUnit, inchStyle: InchStyle = 'decimal'): string {
  if (value === null) return '';
  if (unit === 'in' && inchStyle === 'fraction') return formatFraction(convertDistance(value, from, 'in'));
  return String(valueIn(value, from, unit));
}

const PARTS_CSV_COLUMNS = ['cabinet', 'part', 'quantity', 'length', 'width', 'thickness', 'unit', 'info'] as const;

function numberCells(dimensions: PartDimensions | null, unit: DistanceUnit): string[] {
  return [0, 1, 2].map((i) => {
    const value = dimensions?.values[i] ?? null;
    return value === null || !dimensions ? '' : String(valueIn(value, dimensions.unit, unit));
  });
}

/**
 * The CSV: UTF-8 with a byte-order mark (so spreadsheets read accents in any locale), CRLF lines,
 * numbers with a dot and unquoted, every text cell quoted. Each cabinet has its own row (empty part; height, depth, width in the three
 * columns), then its parts.
 */
export function partsListCsv(list: PartsList, unit: DistanceUnit): string {
  const lines = [PARTS_CSV_COLUMNS.join(',')];
  for (const cabinet of list.cabinets) {
    if (cabinet.id !== null) {
      lines.push([csvTextCell(cabinet.name), csvTextCell(''), '1', ...numberCells(cabinet.dimensions, unit), csvTextCell(unit), csvTextCell(cabinet.info)].join(','));
    }
    for (const row of cabinet.rows) {
      lines.push([csvTextCell(cabinet.name), csvTextCell(row.name), String(row.quantity), ...numberCells(row.dimensions, unit), csvTextCell(unit), csvTextCell(row.info)].join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV file's name for a project: its name as one line, without control or text-direction characters. */
export function partsListFileName(projectName: string): string {
  return `${oneLine(projectName)} - parts.csv`;
}

/** The part tree on the wire (GET projects/{id}/parts): node ids to encoded names and children. */
export const namedTreeSchema = z.object({
  roots: z.array(z.string()),
  nodes: z.record(z.string(), z.object({ rawName: z.string(), children: z.array(z.string()) })),
});
