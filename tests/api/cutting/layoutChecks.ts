/**
 * Independent checks of a packing, used by the property tests: they read only the placements and
 * cuts, never the packer's internals.
 */
import type { Cut, Packing, PackItem, SheetStock } from '../../../src/model/cutting/packing';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const EPS = 1e-6;

/** Problems found, as sentences (empty when the packing is right). */
export function layoutProblems(items: readonly PackItem[], stock: SheetStock, packing: Packing): string[] {
  const problems: string[] = [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Map<string, number>();
  for (const id of packing.oversized) seen.set(id, (seen.get(id) ?? 0) + 1);
  packing.sheets.forEach((sheet, s) => {
    for (const p of sheet.placements) {
      seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
      const item = byId.get(p.id);
      if (!item) {
        problems.push(`sheet ${s}: unknown part ${p.id}`);
        continue;
      }
      const expected = p.rotated ? [item.width, item.length] : [item.length, item.width];
      if (Math.abs(p.w - expected[0]) > EPS || Math.abs(p.h - expected[1]) > EPS) problems.push(`sheet ${s}: part ${p.id} has size ${p.w}x${p.h}`);
      if (item.grainLocked && p.rotated) problems.push(`sheet ${s}: grain-locked part ${p.id} turned`);
      if (p.x < stock.trim - EPS || p.y < stock.trim - EPS || p.x + p.w > stock.length - stock.trim + EPS || p.y + p.h > stock.width - stock.trim + EPS) {
        problems.push(`sheet ${s}: part ${p.id} outside the trimmed sheet`);
      }
    }
    const ps = sheet.placements;
    for (let i = 0; i < ps.length; i++) {
      for (let j = i + 1; j < ps.length; j++) {
        const a = ps[i];
        const b = ps[j];
        // Apart by at least a kerf along x or along y.
        const gapX = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
        const gapY = Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h));
        if (gapX < stock.kerf - EPS && gapY < stock.kerf - EPS) problems.push(`sheet ${s}: parts ${a.id} and ${b.id} closer than the kerf`);
      }
    }
  });
  for (const item of items) {
    const count = seen.get(item.id) ?? 0;
    if (count !== 1) problems.push(`part ${item.id} appears ${count} times`);
  }
  for (const id of packing.oversized) {
    const item = byId.get(id)!;
    const l = stock.length - 2 * stock.trim;
    const w = stock.width - 2 * stock.trim;
    if ((item.length <= l && item.width <= w) || (!item.grainLocked && item.width <= l && item.length <= w)) problems.push(`part ${id} called oversized but fits`);
  }
  return problems;
}

/**
 * Replays a guillotine sheet's cuts in order on the trimmed sheet: each cut must run straight
 * across one whole piece; at the end every part must be exactly one piece. Returns the problems.
 */
export function replayProblems(stock: SheetStock, placements: readonly Rect[], cuts: readonly Cut[]): string[] {
  let pieces: Rect[] = [{ x: stock.trim, y: stock.trim, w: stock.length - 2 * stock.trim, h: stock.width - 2 * stock.trim }];
  const problems: string[] = [];
  cuts.forEach((cut, n) => {
    const horizontal = cut.direction === 'horizontal';
    const index = pieces.findIndex((p) =>
      horizontal
        ? Math.abs(p.x - cut.from) < EPS && Math.abs(p.x + p.w - cut.to) < EPS && cut.at > p.y + EPS && cut.at < p.y + p.h - EPS
        : Math.abs(p.y - cut.from) < EPS && Math.abs(p.y + p.h - cut.to) < EPS && cut.at > p.x + EPS && cut.at < p.x + p.w - EPS,
    );
    if (index < 0) {
      problems.push(`cut ${n + 1} does not run across a piece`);
      return;
    }
    const p = pieces[index];
    const next: Rect[] = horizontal
      ? [
          { x: p.x, y: p.y, w: p.w, h: cut.at - p.y },
          { x: p.x, y: cut.at + stock.kerf, w: p.w, h: p.y + p.h - cut.at - stock.kerf },
        ]
      : [
          { x: p.x, y: p.y, w: cut.at - p.x, h: p.h },
          { x: cut.at + stock.kerf, y: p.y, w: p.x + p.w - cut.at - stock.kerf, h: p.h },
        ];
    pieces = [...pieces.slice(0, index), ...next.filter((r) => r.w > EPS && r.h > EPS), ...pieces.slice(index + 1)];
  });
  for (const part of placements) {
    const matches = pieces.filter((p) => Math.abs(p.x - part.x) < EPS && Math.abs(p.y - part.y) < EPS && Math.abs(p.w - part.w) < EPS && Math.abs(p.h - part.h) < EPS);
    if (matches.length !== 1) problems.push(`part at ${part.x},${part.y} (${part.w}x${part.h}) is not a piece after the cuts`);
  }
  return problems;
}
