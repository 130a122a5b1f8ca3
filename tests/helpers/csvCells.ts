/** How spreadsheets may read a CSV's lines: split on `,`, `;` or tab, honouring quotes or not. */

/** Cells of one line as a spreadsheet splitting on `separator` reads them (quotes honoured or not). */
export function cellsAs(line: string, separator: string, honourQuotes: boolean): string[] {
  if (!honourQuotes) return line.split(separator).map((c) => c.replace(/^"|"$/g, '').replace(/""/g, '"'));
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) out.push(cell), (cell = '');
    else cell += ch;
  }
  out.push(cell);
  return out;
}

/** Every cell of `lines` that begins with a formula starter (`= + - @`, tab, CR) in any of the readings. */
export function formulaCells(lines: readonly string[]): string[] {
  const problems: string[] = [];
  for (const separator of [',', ';', '\t']) {
    for (const honourQuotes of [true, false]) {
      for (const line of lines) {
        for (const cell of cellsAs(line, separator, honourQuotes)) {
          if (/^\s*[=+\-@\t\r]/.test(cell)) problems.push(`${JSON.stringify(separator)} ${honourQuotes ? 'quoted' : 'naive'}: ${cell}`);
        }
      }
    }
  }
  return problems;
}
