/**
 * A minimal ISO 10303-21 (STEP) entity writer: numbered entities, strings encoded per the
 * standard (quotes doubled, backslashes doubled, non-ASCII as \X2\...\X0\).
 */
export function stepString(text: string): string {
  let out = '';
  let wide = '';
  const flushWide = () => {
    if (wide) out += `\\X2\\${wide}\\X0\\`;
    wide = '';
  };
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) {
      flushWide();
      out += char === "'" ? "''" : char === '\\' ? '\\\\' : char;
    } else {
      for (let i = 0; i < char.length; i++) wide += char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
    }
  }
  flushWide();
  return `'${out}'`;
}

/** A STEP REAL: always with a decimal point. */
export function stepReal(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  const text = String(rounded === 0 ? 0 : rounded);
  return /[.eE]/.test(text) ? text.replace('e', 'E') : `${text}.`;
}

export class StepEntities {
  private readonly lines: string[] = [];
  private next = 1;
  private readonly memo = new Map<string, number>();

  /** Adds `#n=TEXT;` and returns n. */
  add(text: string): number {
    const id = this.next++;
    this.lines.push(`#${id}=${text};`);
    return id;
  }

  /** Adds an entity once per distinct text (points, directions, styles). */
  shared(text: string): number {
    let id = this.memo.get(text);
    if (id === undefined) {
      id = this.add(text);
      this.memo.set(text, id);
    }
    return id;
  }

  point(p: readonly number[]): number {
    return this.add(`CARTESIAN_POINT('',(${p.map(stepReal).join(',')}))`);
  }

  direction(d: readonly number[]): number {
    return this.shared(`DIRECTION('',(${d.map(stepReal).join(',')}))`);
  }

  /** An AXIS2_PLACEMENT_3D at `origin` with the standard axes. */
  placement(origin: readonly number[]): number {
    return this.add(`AXIS2_PLACEMENT_3D('',#${this.point(origin)},#${this.direction([0, 0, 1])},#${this.direction([1, 0, 0])})`);
  }

  toString(): string {
    return this.lines.join('\n');
  }
}

export function stepFile(fileName: string, description: string, data: string): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION((${stepString(description)}),'2;1');`,
    `FILE_NAME(${stepString(fileName)},'2025-01-01T00:00:00',(''),(''),'cabinet-viewer samples','cabinet-viewer samples','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    data,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
