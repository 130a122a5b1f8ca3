/**
 * The text cell of every CSV the product writes (the parts list, the cutting plan), against CSV
 * injection (OWASP): one rule, so that the files cannot drift apart.
 */
import { cleanText } from './safeText';

const FORMULA_STARTERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const CELL_SEPARATORS = new Set([',', ';', '\t', '\r', '\n']);

/**
 * A text cell: always quoted (RFC 4180, quotes doubled), and a `'` before a formula starter
 * (= + - @ tab CR) at the start of the text and after any character a spreadsheet may split cells
 * on (comma, semicolon as in French Excel, tab, line break), spaces between them included; so no
 * cell of any reading begins with a formula. Control and text-direction characters (a model's part
 * names may hold them) are left out, as everywhere text leaves the product (`cleanText`).
 */
export function csvTextCell(text: string): string {
  let safe = '';
  let cellStart = true;
  for (const ch of cleanText(text)) {
    if (cellStart && FORMULA_STARTERS.has(ch)) safe += "'";
    safe += ch === '"' ? '""' : ch;
    if (CELL_SEPARATORS.has(ch)) cellStart = true;
    else if (ch !== ' ') cellStart = false;
  }
  return `"${safe}"`;
}
