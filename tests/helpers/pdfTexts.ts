/** The texts a PDF draws (pdf-lib writes them as hex strings in flate-compressed content streams), in Latin-1 (WinAnsi: € is \x80). */
import { inflateSync } from 'node:zlib';

export function pdfTexts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return texts;
}
