/**
 * The client's quote as a PDF (pdf-lib): one A4 portrait page (more when the lines run long) with
 * the project's name and revision, the poster, the options chosen, the estimate's lines, the
 * options' lines with their difference to the model's own choice, the total, the date and the
 * date it is valid until, and who approved it when, once approved on these choices. Texts in
 * English or French; the standard Helvetica font, so a character it cannot write shows as "?".
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ApprovedQuote } from '../../src/api/quoteSchemas';
import type { EstimateLine } from '../../src/model/cutting/estimate';
import type { OptionLine } from '../../src/model/quote/quoteOptions';
import type { Quote } from '../../src/model/quote/quotePrice';
import { winAnsi } from './machiningDrawing';

export type QuoteLanguage = 'en' | 'fr';

const LABELS = {
  en: {
    title: 'Quote',
    revision: 'Revision',
    date: 'Date',
    validUntil: 'Valid until',
    options: 'Options chosen',
    lines: 'Estimate',
    item: 'Item',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    difference: 'vs. the model',
    total: 'Total',
    labour: 'Labour',
    approved: (name: string, date: string) => `Approved by ${name} on ${date}.`,
    notApproved: 'Not approved yet.',
    units: { sheet: 'sheets', m2: 'm²', item: 'items', part: 'parts', job: '' },
    page: 'page',
  },
  fr: {
    title: 'Devis',
    revision: 'Révision',
    date: 'Date',
    validUntil: 'Valable jusqu’au',
    options: 'Options choisies',
    lines: 'Estimation',
    item: 'Élément',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    difference: 'écart au modèle',
    total: 'Total',
    labour: 'Main-d’œuvre',
    approved: (name: string, date: string) => `Approuvé par ${name} le ${date}.`,
    notApproved: 'Pas encore approuvé.',
    units: { sheet: 'panneaux', m2: 'm²', item: 'unités', part: 'pièces', job: '' },
    page: 'page',
  },
} as const;

export interface QuoteDocument {
  projectName: string;
  revisionNumber: number;
  currency: string;
  quote: Quote;
  /** Now (the quote's date). */
  date: Date;
  validityDays: number;
  /** PNG bytes of the revision's poster, when it has one. */
  poster: Uint8Array | null;
  /** The approval, when it was given on these very choices at this revision. */
  approval: { name: string; date: Date; quote: ApprovedQuote } | null;
}

const PAGE: [number, number] = [595, 842];
const MARGIN = 42;
const ROW = 14;
const COLUMNS = { item: MARGIN, quantity: 330, unitPrice: 410, amount: PAGE[0] - MARGIN };

export async function quotePdf(doc: QuoteDocument, lang: QuoteLanguage): Promise<Uint8Array> {
  const t = LABELS[lang];
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  const money = (value: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: doc.currency }).format(value);
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(value);
  const day = (date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${t.title} - ${doc.projectName}`));
  pdf.setCreationDate(doc.date);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.4, 0.4, 0.4);
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;

  const text = (value: string, x: number, size: number, f: PDFFont = font, options: { right?: boolean; color?: ReturnType<typeof rgb> } = {}) => {
    const written = winAnsi(value);
    const width = f.widthOfTextAtSize(written, size);
    page.drawText(written, { x: options.right ? x - width : x, y, size, font: f, color: options.color ?? ink });
  };
  const next = (height: number) => {
    y -= height;
    if (y < MARGIN + ROW) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
  };

  text(`${t.title}: ${doc.projectName}`, MARGIN, 20, bold);
  next(22);
  const valid = new Date(doc.date.getTime() + doc.validityDays * 86_400_000);
  text(`${t.revision} ${doc.revisionNumber}  ·  ${t.date}: ${day(doc.date)}  ·  ${t.validUntil}: ${day(valid)}`.replace(/·/g, '-'), MARGIN, 10, font, { color: muted });
  next(16);

  if (doc.poster) {
    try {
      const image = await pdf.embedPng(doc.poster);
      const width = PAGE[0] - 2 * MARGIN;
      const height = Math.min((image.height / image.width) * width, 280);
      const drawnWidth = (image.width / image.height) * height;
      page.drawImage(image, { x: MARGIN + (width - drawnWidth) / 2, y: y - height, width: drawnWidth, height });
      next(height + 14);
    } catch {
      // A poster that does not read leaves the quote without a picture.
    }
  }

  if (doc.quote.options.length > 0) {
    text(t.options, MARGIN, 13, bold);
    next(ROW + 2);
    for (const line of doc.quote.options) {
      text(`${line.groupName}: ${line.choiceName}`, MARGIN, 10);
      next(ROW);
    }
    next(6);
  }

  const header = () => {
    text(t.item, COLUMNS.item, 9, bold);
    text(t.quantity, COLUMNS.quantity, 9, bold, { right: true });
    text(t.unitPrice, COLUMNS.unitPrice, 9, bold, { right: true });
    text(t.amount, COLUMNS.amount, 9, bold, { right: true });
    next(ROW);
  };
  text(t.lines, MARGIN, 13, bold);
  next(ROW + 2);
  header();
  const row = (name: string, quantity: string, unitPrice: string, amount: string, note?: string) => {
    text(name.length > 60 ? `${name.slice(0, 59)}…` : name, COLUMNS.item, 9);
    text(quantity, COLUMNS.quantity, 9, font, { right: true });
    text(unitPrice, COLUMNS.unitPrice, 9, font, { right: true });
    text(amount, COLUMNS.amount, 9, font, { right: true });
    next(ROW);
    if (note) {
      text(note, COLUMNS.amount, 8, font, { right: true, color: muted });
      next(ROW - 3);
    }
  };
  const lineName = (line: EstimateLine) => (line.kind === 'labour' ? t.labour : line.name);
  for (const line of doc.quote.lines) {
    row(lineName(line), `${number(line.quantity)} ${t.units[line.unit]}`.trim(), money(line.unitPrice), money(line.amount));
  }
  const optionRow = (line: OptionLine) => {
    const sign = line.difference > 0 ? '+' : '';
    row(`${line.groupName}: ${line.choiceName}`, `${number(line.quantity)} ${t.units[line.unit]}`.trim(), money(line.unitPrice), money(line.amount), `${t.difference}: ${sign}${money(line.difference)}`);
  };
  for (const line of doc.quote.options) optionRow(line);
  next(4);
  page.drawLine({ start: { x: COLUMNS.quantity - 60, y: y + ROW - 2 }, end: { x: COLUMNS.amount, y: y + ROW - 2 }, thickness: 0.6, color: muted });
  text(t.total, COLUMNS.unitPrice, 12, bold, { right: true });
  text(money(doc.quote.total), COLUMNS.amount, 12, bold, { right: true });
  next(ROW * 2);
  text(doc.approval ? t.approved(doc.approval.name, day(doc.approval.date)) : t.notApproved, MARGIN, 10, doc.approval ? bold : font);

  const pages = pdf.getPages();
  if (pages.length > 1) {
    pages.forEach((p, i) => p.drawText(`${t.page} ${i + 1}/${pages.length}`, { x: PAGE[0] - MARGIN - 40, y: MARGIN / 2, size: 8, font, color: muted }));
  }
  return pdf.save();
}
