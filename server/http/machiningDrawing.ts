/**
 * The dimensioned drawing of panels as a PDF (pdf-lib): one A4 landscape page per panel, the
 * drawing of src/model/machining/panelDrawing.ts scaled to the page's left part, and a table of
 * every operation (face, position, diameter or width, depth) on the right, continued on further
 * pages when it is long. Texts in English or French; the standard Helvetica font, so a character
 * it cannot write shows as "?".
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { MachinedPanel } from '../../src/model/machining/machiningList';
import { panelDrawing } from '../../src/model/machining/panelDrawing';
import { oneLine } from '../../src/model/text/safeText';

export type DrawingLanguage = 'en' | 'fr';

const LABELS = {
  en: { cabinet: 'Cabinet', material: 'Material', size: 'L x W x T', operation: 'Operation', face: 'Face', x: 'X', y: 'Y', z: 'Z', size2: 'Dia. / width', depth: 'Depth', through: 'through', none: 'No machining read from the model.', fromNames: 'Size from the part name; the geometry was not read.', page: 'page', hole: 'Hole', cup: 'Cup', groove: 'Groove', rebate: 'Rebate', faces: { top: 'top', bottom: 'bottom', left: 'left', right: 'right', front: 'front', back: 'back' } },
  fr: { cabinet: 'Caisson', material: 'Matériau', size: 'L x l x ép.', operation: 'Opération', face: 'Face', x: 'X', y: 'Y', z: 'Z', size2: 'Diam. / larg.', depth: 'Prof.', through: 'traversant', none: 'Aucun usinage lu dans le modèle.', fromNames: 'Dimensions lues dans le nom de la pièce ; la géométrie n’a pas été lue.', page: 'page', hole: 'Perçage', cup: 'Cuvette', groove: 'Rainure', rebate: 'Feuillure', faces: { top: 'dessus', bottom: 'dessous', left: 'gauche', right: 'droite', front: 'avant', back: 'arrière' } },
} as const;

const PAGE: [number, number] = [842, 595];
const MARGIN = 36;
const TABLE_X = 540;
const ROW = 11;
const fmt = (mm: number) => String(Math.round(mm * 100) / 100);

/**
 * Text Helvetica can write (WinAnsi: Latin-1 and a few more, the euro sign among them); the
 * narrow spaces of French numbers become spaces, anything else "?".
 */
export function winAnsi(text: string): string {
  return oneLine(text)
    .replace(/[’‘]/g, "'")
    .replace(/[\u202f\u2009]/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff€…–—œŒ“”•]/g, '?');
}

function drawPanel(page: PDFPage, panel: MachinedPanel, font: PDFFont) {
  const drawing = panelDrawing(panel);
  const [minX, minY, maxX, maxY] = drawing.bounds;
  const box = { x: MARGIN, y: MARGIN, w: TABLE_X - 2 * MARGIN, h: PAGE[1] - 2 * MARGIN - 70 };
  const scale = Math.min(box.w / (maxX - minX), box.h / (maxY - minY));
  const X = (x: number) => box.x + (x - minX) * scale;
  const Y = (y: number) => box.y + (y - minY) * scale;
  const ink = rgb(0.1, 0.1, 0.1);
  for (const shape of drawing.shapes) {
    if (shape.type === 'circle') {
      page.drawCircle({ x: X(shape.cx), y: Y(shape.cy), size: Math.max(shape.r * scale, 0.8), borderColor: shape.role === 'cup' ? rgb(0.1, 0.3, 0.8) : rgb(0.8, 0.1, 0.1), borderWidth: 0.6, borderDashArray: shape.dashed ? [2, 1.5] : undefined });
    } else if (shape.type === 'polyline') {
      const points = shape.closed ? [...shape.points, shape.points[0]] : shape.points;
      const colour = shape.role === 'outline' ? ink : shape.role === 'groove' ? rgb(0.1, 0.55, 0.2) : shape.role === 'edgeBore' ? rgb(0.8, 0.1, 0.1) : rgb(0.45, 0.45, 0.45);
      for (let i = 0; i + 1 < points.length; i++) {
        page.drawLine({ start: { x: X(points[i][0]), y: Y(points[i][1]) }, end: { x: X(points[i + 1][0]), y: Y(points[i + 1][1]) }, thickness: shape.role === 'outline' ? 1 : 0.5, color: colour, dashArray: shape.dashed ? [3, 2] : undefined });
      }
    } else {
      const size = Math.min(Math.max(shape.size * scale, 5), 9);
      const width = font.widthOfTextAtSize(shape.text, size);
      const x = shape.anchor === 'middle' ? X(shape.x) - width / 2 : shape.anchor === 'end' ? X(shape.x) - width : X(shape.x);
      page.drawText(shape.text, { x, y: Y(shape.y), size, font, color: ink });
    }
  }
}

interface Row {
  cells: string[];
}

function operationRows(panel: MachinedPanel, t: (typeof LABELS)[DrawingLanguage]): Row[] {
  const rows: Row[] = panel.bores.map((b) => ({
    cells: [t[b.kind], t.faces[b.face], fmt(b.x), fmt(b.y), fmt(b.z), fmt(b.diameter), b.through ? t.through : fmt(b.depth)],
  }));
  for (const g of panel.grooves) {
    rows.push({ cells: [t[g.kind], t.faces[g.face], `${fmt(g.from[0])}-${fmt(g.to[0])}`, `${fmt(g.from[1])}-${fmt(g.to[1])}`, '', fmt(g.width), fmt(g.depth)] });
  }
  return rows;
}

const COLUMNS = [0, 52, 100, 150, 200, 232, 272];

function drawTable(page: PDFPage, rows: Row[], header: string[], font: PDFFont, bold: PDFFont, top: number): number {
  const line = (cells: string[], y: number, f: PDFFont) => cells.forEach((c, i) => page.drawText(winAnsi(c), { x: TABLE_X + COLUMNS[i], y, size: 8, font: f }));
  line(header, top, bold);
  let y = top - ROW;
  let drawn = 0;
  for (const row of rows) {
    if (y < MARGIN) break;
    line(row.cells, y, font);
    y -= ROW;
    drawn++;
  }
  return drawn;
}

/** One page per panel (more when its operations do not fit), in the order given. */
export async function panelDrawingPdf(panels: readonly MachinedPanel[], title: string, language: DrawingLanguage): Promise<Uint8Array> {
  const t = LABELS[language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(title));
  pdf.setCreator('Cabinet viewer');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const header = [t.operation, t.face, t.x, t.y, t.z, t.size2, t.depth];
  for (const panel of panels) {
    const page = pdf.addPage(PAGE);
    const top = PAGE[1] - MARGIN;
    page.drawText(winAnsi(panel.name), { x: MARGIN, y: top - 14, size: 16, font: bold });
    const facts = [
      panel.cabinet ? `${t.cabinet}: ${panel.cabinet}` : '',
      `${t.material}: ${panel.material}`,
      `${t.size}: ${fmt(panel.length)} x ${fmt(panel.width)} x ${fmt(panel.thickness)} mm`,
    ].filter(Boolean);
    page.drawText(winAnsi(facts.join('   ')), { x: MARGIN, y: top - 32, size: 9, font });
    if (panel.source === 'names') page.drawText(winAnsi(t.fromNames), { x: MARGIN, y: top - 46, size: 8, font });
    drawPanel(page, panel, font);
    const rows = operationRows(panel, t);
    if (rows.length === 0) {
      page.drawText(winAnsi(t.none), { x: TABLE_X, y: top - 60, size: 9, font });
      continue;
    }
    let done = drawTable(page, rows, header, font, bold, top - 60);
    for (let more = 2; done < rows.length; more++) {
      const next = pdf.addPage(PAGE);
      next.drawText(winAnsi(`${panel.name} (${t.page} ${more})`), { x: MARGIN, y: top - 14, size: 12, font: bold });
      done += drawTable(next, rows.slice(done), header, font, bold, top - 40);
    }
  }
  return pdf.save();
}
