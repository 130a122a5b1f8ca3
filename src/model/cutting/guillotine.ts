/**
 * Guillotine packing for a panel saw: every cut runs straight through the piece it is made on, so
 * the printed cut sequence can be followed on a panel saw. `maxrects-packer` has no guillotine
 * mode (its free rectangles overlap), hence this layer (docs/decisions.md, "Cutting diagrams").
 *
 * Each sheet is a tree of pieces: a free piece either takes a part (at its corner) or stays
 * waste; taking a part cuts the piece in two by a through-cut (the split rule decides which way
 * first), then cuts the part off its strip. Parts go in a given order, each into the free piece of
 * any open sheet it fills best (least area left); a new sheet opens when none fits. Three orders
 * (largest side, area, width first) times three split rules (shorter or longer leftover side,
 * larger leftover piece) are tried, and the layout with the fewest sheets kept (then the one whose
 * last sheet is emptiest: the largest offcut). The cut sequence is the tree walked depth first:
 * each strip is finished before the next.
 */
import { fitsSheet, packingOrder, usableSize, type Cut, type PackedSheet, type Packing, type PackItem, type Placement, type SheetStock } from './packing';

/** Below this (mm) a leftover is no leftover: sizes read from inches do not add up exactly in binary. */
const EPS = 1e-6;

interface Piece {
  x: number;
  y: number;
  w: number;
  h: number;
  cut?: Cut;
  children?: [Piece, Piece | null];
  part?: Placement;
}

interface OpenSheet {
  root: Piece;
  free: Piece[];
}

function orientations(item: PackItem): { w: number; h: number; rotated: boolean }[] {
  const out = [{ w: item.length, h: item.width, rotated: false }];
  if (!item.grainLocked && item.length !== item.width) out.push({ w: item.width, h: item.length, rotated: true });
  return out;
}

/** Cuts `piece` at `at` (horizontal or vertical); returns the near side and the far side (null when the kerf leaves nothing). */
function split(piece: Piece, direction: Cut['direction'], at: number, kerf: number): [Piece, Piece | null] {
  if (direction === 'horizontal') {
    const near = { x: piece.x, y: piece.y, w: piece.w, h: at - piece.y };
    const farH = piece.y + piece.h - at - kerf;
    const far = farH > EPS ? { x: piece.x, y: at + kerf, w: piece.w, h: farH } : null;
    piece.cut = { direction, at, from: piece.x, to: piece.x + piece.w };
    piece.children = [near, far];
    return [near, far];
  }
  const near = { x: piece.x, y: piece.y, w: at - piece.x, h: piece.h };
  const farW = piece.x + piece.w - at - kerf;
  const far = farW > EPS ? { x: at + kerf, y: piece.y, w: farW, h: piece.h } : null;
  piece.cut = { direction, at, from: piece.y, to: piece.y + piece.h };
  piece.children = [near, far];
  return [near, far];
}

type SplitRule = 'shorterLeftover' | 'longerLeftover' | 'largerPiece';

/** Which way the first cut runs when a part of w x h takes the corner of a piece. */
function firstCut(piece: Piece, w: number, h: number, rule: SplitRule): Cut['direction'] {
  const leftW = piece.w - w;
  const leftH = piece.h - h;
  if (rule === 'shorterLeftover') return leftW <= leftH ? 'horizontal' : 'vertical';
  if (rule === 'longerLeftover') return leftW > leftH ? 'horizontal' : 'vertical';
  // The larger of the two leftover pieces kept whole: horizontal first keeps the full-width piece below.
  return piece.w * leftH >= piece.h * leftW ? 'horizontal' : 'vertical';
}

/** Places a part of size w x h at the corner of `piece`; returns the free pieces left. */
function place(piece: Piece, id: string, w: number, h: number, rotated: boolean, kerf: number, rule: SplitRule): Piece[] {
  const free: Piece[] = [];
  let holder = piece;
  const first = firstCut(piece, w, h, rule);
  for (const direction of [first, first === 'horizontal' ? 'vertical' : 'horizontal'] as const) {
    const left = direction === 'horizontal' ? holder.h - h : holder.w - w;
    if (left <= EPS) continue;
    const [near, far] = split(holder, direction, direction === 'horizontal' ? holder.y + h : holder.x + w, kerf);
    if (far) free.push(far);
    holder = near;
  }
  holder.part = { id, x: holder.x, y: holder.y, w, h, rotated };
  return free;
}

function cutsOf(piece: Piece, out: Cut[], placements: Placement[]): void {
  if (piece.part) placements.push(piece.part);
  if (piece.cut) out.push(piece.cut);
  for (const child of piece.children ?? []) if (child) cutsOf(child, out, placements);
}

const ORDERS: ((a: PackItem, b: PackItem) => number)[] = [
  () => 0,
  (a, b) => b.length * b.width - a.length * a.width,
  (a, b) => Math.min(b.length, b.width) - Math.min(a.length, a.width),
];
const RULES: SplitRule[] = ['shorterLeftover', 'longerLeftover', 'largerPiece'];

export function packGuillotine(items: readonly PackItem[], stock: SheetStock): Packing {
  const base = packingOrder(items);
  let best: { packing: Packing; lastUsed: number } | null = null;
  for (const order of ORDERS) {
    // A stable sort on the base order: ties keep largest side first.
    const ordered = [...base].sort(order);
    for (const rule of RULES) {
      const packing = packOnce(ordered, stock, rule);
      const last = packing.sheets.at(-1);
      const lastUsed = last ? last.placements.reduce((sum, p) => sum + p.w * p.h, 0) : 0;
      if (!best || packing.sheets.length < best.packing.sheets.length || (packing.sheets.length === best.packing.sheets.length && lastUsed < best.lastUsed)) {
        best = { packing, lastUsed };
      }
    }
  }
  return best!.packing;
}

function packOnce(ordered: readonly PackItem[], stock: SheetStock, rule: SplitRule): Packing {
  const oversized: string[] = [];
  const sheets: OpenSheet[] = [];
  const { length, width } = usableSize(stock);
  for (const item of ordered) {
    if (!fitsSheet(item, stock)) {
      oversized.push(item.id);
      continue;
    }
    let best: { sheet: OpenSheet; piece: Piece; w: number; h: number; rotated: boolean; score: number; side: number } | null = null;
    for (const sheet of sheets) {
      for (const piece of sheet.free) {
        for (const o of orientations(item)) {
          if (o.w > piece.w + EPS || o.h > piece.h + EPS) continue;
          const score = piece.w * piece.h - o.w * o.h;
          const side = Math.min(piece.w - o.w, piece.h - o.h);
          if (!best || score < best.score || (score === best.score && side < best.side)) best = { sheet, piece, ...o, score, side };
        }
      }
    }
    if (!best) {
      const root = { x: stock.trim, y: stock.trim, w: length, h: width };
      const sheet = { root, free: [root] };
      sheets.push(sheet);
      const o = orientations(item).find((c) => c.w <= length && c.h <= width)!;
      best = { sheet, piece: root, ...o, score: 0, side: 0 };
    }
    const { sheet, piece } = best;
    sheet.free.splice(sheet.free.indexOf(piece), 1);
    sheet.free.push(...place(piece, item.id, best.w, best.h, best.rotated, stock.kerf, rule));
  }
  return {
    oversized,
    sheets: sheets.map((sheet): PackedSheet => {
      const cuts: Cut[] = [];
      const placements: Placement[] = [];
      cutsOf(sheet.root, cuts, placements);
      return { placements, cuts };
    }),
  };
}
