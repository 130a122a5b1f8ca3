/**
 * Free placement for CNC nesting: parts anywhere on the sheet, kept a kerf (the cutter's width)
 * apart, through `maxrects-packer` (MaxRects, best short side fit). The trim is kept by packing
 * into the trimmed sheet and moving the result by the trim; the kerf is the packer's padding (each
 * part takes its size plus a kerf, the bin its size plus a kerf, so the last part may touch the
 * trimmed edge). Grain-locked parts are added with rotation forbidden. The packer's two orders
 * (largest side, largest area first) are both tried and the layout with fewer sheets kept.
 */
import { MaxRectsPacker, PACKING_LOGIC, Rectangle } from 'maxrects-packer/dist/maxrects-packer.mjs';
import { fitsSheet, packingOrder, usableSize, type Packing, type PackItem, type SheetStock } from './packing';

export function packFree(items: readonly PackItem[], stock: SheetStock): Packing {
  const byEdge = packOnce(items, stock, PACKING_LOGIC.MAX_EDGE);
  const byArea = packOnce(items, stock, PACKING_LOGIC.MAX_AREA);
  return byArea.sheets.length < byEdge.sheets.length ? byArea : byEdge;
}

function packOnce(items: readonly PackItem[], stock: SheetStock, logic: PACKING_LOGIC): Packing {
  const { length, width } = usableSize(stock);
  const oversized: string[] = [];
  const packer = new MaxRectsPacker<Rectangle>(length, width, stock.kerf, { smart: false, pot: false, square: false, allowRotation: true, border: 0, logic });
  const rects: Rectangle[] = [];
  for (const item of packingOrder(items)) {
    if (!fitsSheet(item, stock)) {
      oversized.push(item.id);
      continue;
    }
    const rect = new Rectangle(item.length, item.width, 0, 0, false, !item.grainLocked);
    rect.data = item.id;
    rects.push(rect);
  }
  packer.addArray(rects);
  return {
    oversized,
    sheets: packer.bins.map((bin) => ({
      cuts: [],
      placements: bin.rects.map((r) => ({ id: String(r.data), x: r.x + stock.trim, y: r.y + stock.trim, w: r.width, h: r.height, rotated: Boolean(r.rot) })),
    })),
  };
}
