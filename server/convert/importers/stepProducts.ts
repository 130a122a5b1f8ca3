/**
 * The product structure of a STEP file, read from its text: every PRODUCT_DEFINITION with its
 * product's name, and every NEXT_ASSEMBLY_USAGE_OCCURRENCE (an assembly's use of a component,
 * with the occurrence's own name). OpenCascade through occt-import-js reports only two levels of
 * it and names components after their product, so the importer rebuilds the tree from this.
 */

export interface StepOccurrence {
  /** The NAUO's name (the instance name some tools write), decoded. */
  name: string;
  /** The component's PRODUCT_DEFINITION entity number. */
  definition: number;
}

export interface StepProductStructure {
  /** PRODUCT_DEFINITION number -> its product's name (or id when the name is empty). */
  productName: Map<number, string>;
  /** PRODUCT_DEFINITION number -> the components it assembles, in file order. */
  components: Map<number, StepOccurrence[]>;
  /** Definitions no assembly uses: the file's top-level products, in file order. */
  roots: number[];
}

const WANTED =
  /#(\d+)\s*=\s*(PRODUCT|PRODUCT_DEFINITION_FORMATION(?:_WITH_SPECIFIED_SOURCE)?|PRODUCT_DEFINITION(?:_WITH_ASSOCIATED_DOCUMENTS)?|NEXT_ASSEMBLY_USAGE_OCCURRENCE)\s*\(/g;

export type Arg = string | number | null | Arg[];

/** Reads the arguments of an entity from the character after its opening parenthesis. */
export function readArgs(text: string, start: number): Arg[] {
  let i = start;
  const list = (): Arg[] => {
    const out: Arg[] = [];
    for (;;) {
      while (/\s/.test(text[i] ?? '')) i++;
      const c = text[i];
      if (c === undefined) return out;
      if (c === ')') {
        i++;
        return out;
      }
      if (c === ',') {
        i++;
        continue;
      }
      if (c === '(') {
        i++;
        out.push(list());
      } else if (c === "'") {
        let value = '';
        i++;
        for (;;) {
          const q = text.indexOf("'", i);
          if (q < 0) return out;
          value += text.slice(i, q);
          i = q + 1;
          if (text[i] !== "'") break;
          value += "'";
          i++;
        }
        out.push(decodeStepString(value));
      } else if (c === '#') {
        const m = /^#(\d+)/.exec(text.slice(i, i + 24))!;
        out.push(Number(m[1]));
        i += m[0].length;
      } else {
        const m = /^[^,()]*/.exec(text.slice(i, i + 256))!;
        out.push(null);
        i += Math.max(1, m[0].length);
      }
    }
  };
  return list();
}

/** ISO 10303-21 string escapes: \X2\hhhh...\X0\, \X4\...\X0\, \X\hh, \S\c, doubled backslashes. */
export function decodeStepString(raw: string): string {
  return raw
    .replace(/\\X2\\([0-9A-F]*)\\X0\\/gi, (_, hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))))
    .replace(/\\X4\\([0-9A-F]*)\\X0\\/gi, (_, hex: string) => String.fromCodePoint(...(hex.match(/.{8}/g) ?? []).map((h) => parseInt(h, 16))))
    .replace(/\\X\\([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\S\\(.)/g, (_, c: string) => String.fromCharCode(c.charCodeAt(0) + 128))
    .replace(/\\\\/g, '\\');
}

export function readStepProducts(bytes: Uint8Array): StepProductStructure {
  const text = new TextDecoder('latin1').decode(bytes);
  const products = new Map<number, string>();
  const formations = new Map<number, number>();
  const definitions: Array<[number, number]> = [];
  const usages: Array<{ name: string; parent: number; child: number }> = [];
  for (const match of text.matchAll(WANTED)) {
    const id = Number(match[1]);
    const args = readArgs(text, match.index! + match[0].length);
    const type = match[2];
    if (type === 'PRODUCT') {
      const [pid, name] = args;
      products.set(id, typeof name === 'string' && name.trim() ? name : typeof pid === 'string' ? pid : '');
    } else if (type.startsWith('PRODUCT_DEFINITION_FORMATION')) {
      if (typeof args[2] === 'number') formations.set(id, args[2]);
    } else if (type.startsWith('PRODUCT_DEFINITION')) {
      if (typeof args[2] === 'number') definitions.push([id, args[2]]);
    } else if (typeof args[3] === 'number' && typeof args[4] === 'number') {
      usages.push({ name: typeof args[1] === 'string' ? args[1] : '', parent: args[3], child: args[4] });
    }
  }
  const productName = new Map<number, string>();
  for (const [id, formation] of definitions) productName.set(id, products.get(formations.get(formation) ?? -1) ?? '');
  // A name given to occurrences of different products is boilerplate ('Next assembly relationship').
  const productsByUsageName = new Map<string, Set<string>>();
  for (const usage of usages) {
    const set = productsByUsageName.get(usage.name) ?? new Set<string>();
    set.add(productName.get(usage.child) ?? '');
    productsByUsageName.set(usage.name, set);
  }
  const components = new Map<number, StepOccurrence[]>();
  const used = new Set<number>();
  for (const usage of usages) {
    if (!productName.has(usage.parent) || !productName.has(usage.child)) continue;
    const list = components.get(usage.parent) ?? [];
    const name = productsByUsageName.get(usage.name)!.size > 1 ? '' : usage.name;
    list.push({ name, definition: usage.child });
    components.set(usage.parent, list);
    used.add(usage.child);
  }
  const roots = definitions.map(([id]) => id).filter((id) => !used.has(id));
  return { productName, components, roots };
}

/**
 * A name that only identifies (a UUID, an OpenCascade label entry such as `=>[0:1:1:2]`, a bare
 * `NAUO12`), not one a designer typed.
 */
export function isIdentifierName(name: string): boolean {
  const n = name.trim();
  return (
    n === '' ||
    /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i.test(n) ||
    /^=>\[[\d:]+\]$/.test(n) ||
    /^NAUO\d*$/i.test(n)
  );
}
