/**
 * The shapes every packing shares: rectangular parts laid on stock sheets. Coordinates are
 * millimetres from the sheet's corner; x runs along the sheet's length (and its grain), y along
 * its width. A part is placed with its length along x unless it is turned (`rotated`); a part whose
 * material has a grain is never turned.
 */

/** One rectangle to cut. */
export interface PackItem {
  id: string;
  /** Along the grain when the material has one. */
  length: number;
  width: number;
  /** The grain must run along the sheet's length: the part may not be turned. */
  grainLocked: boolean;
}

/** The stock sheet and the saw. */
export interface SheetStock {
  /** Along x (and the grain). */
  length: number;
  /** Along y. */
  width: number;
  /** Width of the saw cut, lost between neighbours. */
  kerf: number;
  /** Trimmed off every edge before cutting (damaged edges). */
  trim: number;
}

export interface Placement {
  id: string;
  x: number;
  y: number;
  /** Size on the sheet: along x, along y. */
  w: number;
  h: number;
  rotated: boolean;
}

/**
 * A straight through-cut of one piece: `horizontal` runs along x at y = `at` (from x `from` to
 * `to`), `vertical` along y at x = `at`. The blade takes `at` to `at + kerf`.
 */
export interface Cut {
  direction: 'horizontal' | 'vertical';
  at: number;
  from: number;
  to: number;
}

export interface PackedSheet {
  placements: Placement[];
  /** Guillotine layouts: the cuts in the order they are made (after the edge trim). Empty for free placement. */
  cuts: Cut[];
}

export interface Packing {
  sheets: PackedSheet[];
  /** Parts larger than the trimmed sheet in every allowed orientation. */
  oversized: string[];
}

export type PackingMode = 'guillotine' | 'free';

/** The trimmed sheet's size. */
export function usableSize(stock: SheetStock): { length: number; width: number } {
  return { length: stock.length - 2 * stock.trim, width: stock.width - 2 * stock.trim };
}

/** Whether an item fits the trimmed sheet in an orientation it may take. */
export function fitsSheet(item: PackItem, stock: SheetStock): boolean {
  const { length, width } = usableSize(stock);
  if (item.length <= length && item.width <= width) return true;
  return !item.grainLocked && item.width <= length && item.length <= width;
}

/** The independent lower bound on sheets: total part area over the trimmed sheet's area, rounded up. */
export function areaLowerBound(items: readonly PackItem[], stock: SheetStock): number {
  const { length, width } = usableSize(stock);
  const area = items.reduce((sum, item) => sum + item.length * item.width, 0);
  return area === 0 ? 0 : Math.ceil(area / (length * width) - 1e-9);
}

/** Largest side first, then the larger area: the order both packers take parts in. */
export function packingOrder(items: readonly PackItem[]): PackItem[] {
  return [...items].sort((a, b) => Math.max(b.length, b.width) - Math.max(a.length, a.width) || b.length * b.width - a.length * a.width || a.id.localeCompare(b.id));
}
