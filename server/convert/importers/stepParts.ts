/**
 * A STEP assembly read part by part. OpenCascade (occt-import-js) reads a whole job as one
 * document: it transfers and tessellates every occurrence of every part, and looks the colour
 * of each face up among all the document's shapes, so its time grows faster than the job
 * (docs/performance.md). Here the file's product structure is read in JavaScript (stepIndex.ts),
 * the distinct parts are found (the same product used many times, and products whose geometry
 * is written out again identically, as exporters that give every part its own solid do), each
 * distinct part is written with what it needs into a small STEP file of a few parts, and
 * OpenCascade reads those one after another, reporting progress as it goes. The assembly is then
 * built from the file's own placements, every occurrence of a part sharing its mesh.
 *
 * When the file holds something this reader does not follow (mapped items, several length
 * units, an assembly with geometry of its own, occurrences without a placement) `planStepParts`
 * returns undefined and the importer reads the whole file as before.
 */
import { createHash } from 'node:crypto';
import { argsOf, closure, complexPartArgs, indexStep, numbersOf, recordLength, recordOf, refsOf, typeOf, type StepIndex } from './stepIndex.js';
import { multiply } from '../scene.js';
import { isIdentifierName } from './stepProducts.js';

export interface StepPart {
  /** Index in `StepPlan.parts`. */
  index: number;
  /** PRODUCT_DEFINITION standing for every identical one. */
  definition: number;
  /** Representations that carry its geometry. */
  representations: number[];
  /** Its definition with the records tying it to its representations: what its file starts from. */
  anchors: number[];
  /** Bytes of its records: how long it takes to read, roughly. */
  weight: number;
}

export interface StepOccurrenceNode {
  name: string;
  /** Column-major 4x4 in the parent's space, metres; undefined: identity. */
  matrix?: number[];
  /** Index into `StepPlan.parts`. */
  part?: number;
  children: StepOccurrenceNode[];
}

export interface StepPlan {
  index: StepIndex;
  roots: StepOccurrenceNode[];
  parts: StepPart[];
  /** Leaf occurrences in the assembly. */
  occurrences: number;
  /** Item -> the styled items that colour it. */
  styles: Map<number, number[]>;
  /** Each part's product name. */
  names: string[];
}

const LENGTH_UNIT_METRES: Record<string, number> = { INCH: 0.0254, FOOT: 0.3048, MILLIMETRE: 0.001, CENTIMETRE: 0.01, METRE: 1 };
const SI_PREFIX: Record<string, number> = { '': 1, MILLI: 0.001, CENTI: 0.01, DECI: 0.1, KILO: 1000, MICRO: 1e-6 };

/** Metres per length unit of the file, when the file has exactly one. */
function lengthUnit(index: StepIndex, complexIds: readonly number[]): number | undefined {
  const scales = new Set<number>();
  for (const id of complexIds) {
    if (!recordOf(index, id).includes('GLOBAL_UNIT_ASSIGNED_CONTEXT')) continue;
    const context = complexPartArgs(index, id, 'GLOBAL_UNIT_ASSIGNED_CONTEXT');
    if (!context || !Array.isArray(context[0])) continue;
    for (const unit of context[0]) {
      if (typeof unit !== 'number' || !complexPartArgs(index, unit, 'LENGTH_UNIT')) continue;
      const si = complexPartArgs(index, unit, 'SI_UNIT');
      const converted = complexPartArgs(index, unit, 'CONVERSION_BASED_UNIT');
      if (si) {
        const prefix = /\.(\w+)\./.exec(recordOf(index, unit).split(/SI_UNIT\s*\(/i)[1]?.split(',')[0] ?? '')?.[1]?.toUpperCase() ?? '';
        if (SI_PREFIX[prefix] === undefined) return undefined;
        scales.add(SI_PREFIX[prefix]);
      } else if (converted && typeof converted[0] === 'string' && LENGTH_UNIT_METRES[converted[0].toUpperCase()]) {
        scales.add(LENGTH_UNIT_METRES[converted[0].toUpperCase()]);
      } else return undefined;
    }
  }
  return scales.size === 1 ? [...scales][0] : undefined;
}

const sub3 = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot3 = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm3 = (a: number[]) => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : undefined;
};

/** An AXIS2_PLACEMENT_3D as a column-major matrix (translation in metres). */
function placementMatrix(index: StepIndex, id: number, metres: number): number[] | undefined {
  if (typeOf(index, id) !== 'AXIS2_PLACEMENT_3D') return undefined;
  const [, point, axis, ref] = argsOf(index, id);
  const p = typeof point === 'number' ? numbersOf(index, point) : undefined;
  if (!p || p.length < 3) return undefined;
  const z = norm3(typeof axis === 'number' ? (numbersOf(index, axis) ?? []) : [0, 0, 1]);
  const r = typeof ref === 'number' ? numbersOf(index, ref) : undefined;
  if (!z) return undefined;
  const guess = r ?? (Math.abs(z[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1]);
  const x = norm3(sub3(guess, z.map((v) => v * dot3(guess, z))));
  if (!x) return undefined;
  const y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]];
  return [...x, 0, ...y, 0, ...z, 0, p[0] * metres, p[1] * metres, p[2] * metres, 1];
}

function invertRigid(m: number[]): number[] {
  const t = [m[12], m[13], m[14]];
  const r = [m[0], m[4], m[8], 0, m[1], m[5], m[9], 0, m[2], m[6], m[10], 0];
  return [...r, -(r[0] * t[0] + r[4] * t[1] + r[8] * t[2]), -(r[1] * t[0] + r[5] * t[1] + r[9] * t[2]), -(r[2] * t[0] + r[6] * t[1] + r[10] * t[2]), 1];
}

const isIdentity = (m: number[]) => m.every((v, i) => Math.abs(v - (i % 5 === 0 ? 1 : 0)) < 1e-12);

/** Items of a representation other than placements: its geometry. */
function geometryItems(index: StepIndex, representation: number): number[] | undefined {
  const items = argsOf(index, representation)[1];
  if (!Array.isArray(items)) return undefined;
  return items.filter((item): item is number => typeof item === 'number' && typeOf(index, item) !== 'AXIS2_PLACEMENT_3D');
}

/**
 * What makes two products' geometry the same: their records with entity numbers replaced by
 * their order of discovery, and the product's name.
 */
function geometryKey(index: StepIndex, name: string, roots: number[], styles: Map<number, number[]>): string {
  const order = new Map<number, number>();
  const hash = createHash('sha1').update(name);
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (order.has(id)) continue;
    order.set(id, order.size);
    const refs = refsOf(index, id);
    for (let i = refs.length - 1; i >= 0; i--) if (!order.has(refs[i])) stack.push(refs[i]);
    for (const style of styles.get(id) ?? []) if (!order.has(style)) stack.push(style);
  }
  for (const id of order.keys()) {
    const record = recordOf(index, id);
    hash.update(record.slice(record.indexOf('=')).replace(/#(\d+)/g, (_, n: string) => `#${order.get(Number(n)) ?? 'x'}`));
  }
  return hash.digest('base64');
}

/** Where planning is: the share of the file indexed, then of the occurrences placed. */
type PlanProgress = (step: 'index' | 'parts', share: number) => void;

/** Reads the structure and finds the distinct parts; undefined when the file is not for this reader. */
export function planStepParts(text: string, onProgress?: PlanProgress): StepPlan | undefined {
  const index = indexStep(text, (share) => onProgress?.('index', share));
  if (!index) return undefined;
  const byCode: number[][] = index.typeNames.map(() => []);
  for (const id of index.ids) byCode[index.typeCode[id]].push(id);
  const of = (...types: string[]) => types.flatMap((t) => index.typeNames.flatMap((name, code) => (name === t ? byCode[code] : [])));
  if (of('MAPPED_ITEM').length > 0) return undefined;
  const metres = lengthUnit(index, of('COMPLEX'));
  if (metres === undefined) return undefined;

  const productName = new Map<number, string>();
  for (const id of of('PRODUCT')) {
    const [pid, name] = argsOf(index, id);
    productName.set(id, typeof name === 'string' && name.trim() ? name : typeof pid === 'string' ? pid : '');
  }
  const formationProduct = new Map<number, number>();
  for (const id of of('PRODUCT_DEFINITION_FORMATION', 'PRODUCT_DEFINITION_FORMATION_WITH_SPECIFIED_SOURCE')) {
    const product = argsOf(index, id)[2];
    if (typeof product === 'number') formationProduct.set(id, product);
  }
  const definitionName = new Map<number, string>();
  for (const id of of('PRODUCT_DEFINITION', 'PRODUCT_DEFINITION_WITH_ASSOCIATED_DOCUMENTS')) {
    const formation = argsOf(index, id)[2];
    definitionName.set(id, productName.get(formationProduct.get(typeof formation === 'number' ? formation : -1) ?? -1) ?? '');
  }
  const shapeOf = new Map<number, number>(); // PD or NAUO -> its PRODUCT_DEFINITION_SHAPE
  for (const id of of('PRODUCT_DEFINITION_SHAPE')) {
    const definition = argsOf(index, id)[2];
    if (typeof definition === 'number') shapeOf.set(definition, id);
  }
  const representationsOf = new Map<number, number[]>(); // PDS -> representations
  const definitionRecords = new Map<number, number[]>(); // PDS -> its SHAPE_DEFINITION_REPRESENTATIONs
  for (const id of of('SHAPE_DEFINITION_REPRESENTATION')) {
    const [pds, rep] = argsOf(index, id);
    if (typeof pds !== 'number' || typeof rep !== 'number') continue;
    representationsOf.set(pds, [...(representationsOf.get(pds) ?? []), rep]);
    definitionRecords.set(pds, [...(definitionRecords.get(pds) ?? []), id]);
  }
  const linked = new Map<number, number[]>(); // representation -> representations tied by a plain relationship
  const linkRecords = new Map<number, number[]>();
  for (const id of of('SHAPE_REPRESENTATION_RELATIONSHIP', 'REPRESENTATION_RELATIONSHIP')) {
    const [, , a, b] = argsOf(index, id);
    if (typeof a !== 'number' || typeof b !== 'number') continue;
    linked.set(a, [...(linked.get(a) ?? []), b]);
    linked.set(b, [...(linked.get(b) ?? []), a]);
    linkRecords.set(a, [...(linkRecords.get(a) ?? []), id]);
  }
  const placedBy = new Map<number, number>(); // NAUO's PDS -> its relationship with transformation
  for (const id of of('CONTEXT_DEPENDENT_SHAPE_REPRESENTATION')) {
    const [relation, pds] = argsOf(index, id);
    if (typeof relation === 'number' && typeof pds === 'number') placedBy.set(pds, relation);
  }
  const styles = new Map<number, number[]>(); // item -> styled items
  for (const id of of('STYLED_ITEM', 'OVER_RIDING_STYLED_ITEM')) {
    const item = argsOf(index, id)[2];
    if (typeof item === 'number') styles.set(item, [...(styles.get(item) ?? []), id]);
  }

  interface Usage {
    id: number;
    name: string;
    child: number;
  }
  const usages = new Map<number, Usage[]>();
  const used = new Set<number>();
  const namesByUsage = new Map<string, Set<string>>();
  for (const id of of('NEXT_ASSEMBLY_USAGE_OCCURRENCE')) {
    const args = argsOf(index, id);
    const [parent, child] = [args[3], args[4]];
    if (typeof parent !== 'number' || typeof child !== 'number' || !definitionName.has(parent) || !definitionName.has(child)) return undefined;
    const name = typeof args[1] === 'string' ? args[1] : '';
    usages.set(parent, [...(usages.get(parent) ?? []), { id, name, child }]);
    used.add(child);
    const set = namesByUsage.get(name) ?? new Set<string>();
    set.add(definitionName.get(child)!);
    namesByUsage.set(name, set);
  }

  /** The representations of a definition: its own and those tied to it. */
  const definitionRepresentations = (definition: number): number[] => {
    const pds = shapeOf.get(definition);
    const own = pds === undefined ? [] : (representationsOf.get(pds) ?? []);
    return [...new Set([...own, ...own.flatMap((r) => linked.get(r) ?? [])])];
  };

  const parts: StepPart[] = [];
  const partOfDefinition = new Map<number, number | null>();
  const partByKey = new Map<string, number>();
  const leafPart = (definition: number): number | null | undefined => {
    if (partOfDefinition.has(definition)) return partOfDefinition.get(definition);
    const representations = definitionRepresentations(definition);
    const items = representations.flatMap((r) => geometryItems(index, r) ?? []);
    let part: number | null = null;
    if (items.length > 0) {
      const key = geometryKey(index, definitionName.get(definition)!, items, styles);
      const known = partByKey.get(key);
      if (known !== undefined) part = known;
      else {
        const records = closure(index, items);
        let weight = 0;
        for (const id of records) weight += recordLength(index, id);
        const pds = shapeOf.get(definition)!;
        const anchors = [definition, pds, ...(definitionRecords.get(pds) ?? []), ...representations.flatMap((r) => linkRecords.get(r) ?? [])];
        part = parts.push({ index: parts.length, definition, representations, anchors, weight }) - 1;
        partByKey.set(key, part);
      }
    }
    partOfDefinition.set(definition, part);
    return part;
  };

  let occurrences = 0;
  let failed = false;
  const leafCount = [...usages.values()].reduce((sum, list) => sum + list.length, 0) || 1;
  let placed = 0;
  const build = (definition: number, name: string, matrix: number[] | undefined, depth: number): StepOccurrenceNode => {
    const node: StepOccurrenceNode = { name, matrix, children: [] };
    const components = usages.get(definition) ?? [];
    if (depth > 64) failed = true;
    if (components.length === 0 || failed) {
      const part = leafPart(definition);
      if (part !== null && part !== undefined) {
        node.part = part;
        occurrences++;
      }
      return node;
    }
    // An assembly drawing geometry of its own is left to the whole-file reader.
    if (definitionRepresentations(definition).some((r) => (geometryItems(index, r) ?? []).length > 0)) failed = true;
    const parentReps = new Set(definitionRepresentations(definition));
    for (const usage of components) {
      const pds = shapeOf.get(usage.id);
      const relation = pds === undefined ? undefined : placedBy.get(pds);
      const rr = relation === undefined ? undefined : complexPartArgs(index, relation, 'REPRESENTATION_RELATIONSHIP');
      const rrwt = relation === undefined ? undefined : complexPartArgs(index, relation, 'REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION');
      const transform = typeof rrwt?.[0] === 'number' ? argsOf(index, rrwt[0]) : undefined;
      const from = transform && typeof transform[2] === 'number' ? placementMatrix(index, transform[2], metres) : undefined;
      const to = transform && typeof transform[3] === 'number' ? placementMatrix(index, transform[3], metres) : undefined;
      if (!rr || !from || !to || typeOf(index, rrwt![0] as number) !== 'ITEM_DEFINED_TRANSFORMATION') {
        failed = true;
        continue;
      }
      // rep_1 is the component's and rep_2 the assembly's; some exporters write them the other way.
      const swapped = typeof rr[3] === 'number' && !parentReps.has(rr[3]) && typeof rr[2] === 'number' && parentReps.has(rr[2]);
      const placement = swapped ? multiply(from, invertRigid(to)) : multiply(to, invertRigid(from));
      const own = namesByUsage.get(usage.name)!.size > 1 || isIdentifierName(usage.name) ? '' : usage.name;
      const child = build(usage.child, own || definitionName.get(usage.child)!, isIdentity(placement) ? undefined : placement, depth + 1);
      node.children.push(child);
      if ((++placed & 0xff) === 0) onProgress?.('parts', placed / leafCount);
    }
    return node;
  };
  const roots = [...definitionName.keys()].filter((d) => !used.has(d)).map((d) => build(d, definitionName.get(d)!, undefined, 0));
  if (failed || parts.length === 0) return undefined;
  return { index, roots, parts, occurrences, styles, names: parts.map((p) => definitionName.get(p.definition)!) };
}

/**
 * Parts in groups of about `weight` bytes of records each, lightest first: the first groups read
 * quickly while the threads warm up, so progress moves from the start.
 */
export function groupParts(parts: StepPart[], weight: number): StepPart[][] {
  const groups: StepPart[][] = [];
  let current: StepPart[] = [];
  let sum = 0;
  for (const part of [...parts].sort((a, b) => a.weight - b.weight || a.index - b.index)) {
    // The first groups, read while each thread's module warms up, are a quarter of the others.
    const limit = groups.length < 2 ? weight / 4 : weight;
    if (current.length > 0 && sum + part.weight > limit) {
      groups.push(current);
      current = [];
      sum = 0;
    }
    current.push(part);
    sum += part.weight;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The product name a part carries in its group's file, to find it in what OpenCascade returns. */
export const partTag = (part: StepPart) => `cv-part-${part.index}`;

/**
 * A STEP file holding `parts` as free products in their own space: each one's product chain,
 * representations, geometry and styles, with the product renamed to its tag.
 */
export function partsFile(plan: StepPlan, parts: StepPart[]): string {
  const { index } = plan;
  const wanted = new Set<number>();
  let context: number | undefined;
  for (const part of parts) {
    closure(index, part.anchors, wanted);
    const rep = argsOf(index, part.representations[0]);
    if (typeof rep[2] === 'number') context ??= rep[2];
  }
  const styled = [...wanted].flatMap((id) => plan.styles.get(id) ?? []);
  closure(index, styled, wanted);
  const tags = new Map<number, string>();
  for (const part of parts) {
    const formation = argsOf(index, part.definition)[2];
    const product = typeof formation === 'number' ? argsOf(index, formation)[2] : undefined;
    if (typeof product === 'number') tags.set(product, partTag(part));
  }
  const lines: string[] = [index.header];
  for (const id of [...wanted].sort((a, b) => a - b)) {
    const tag = tags.get(id);
    const record = recordOf(index, id);
    lines.push(tag ? record.replace(/PRODUCT\s*\(\s*'(?:[^']|'')*'\s*,\s*'(?:[^']|'')*'/i, `PRODUCT('${tag}','${tag}'`) : record);
  }
  if (styled.length > 0 && context !== undefined) {
    lines.push(`#${index.maxId + 1}=MECHANICAL_DESIGN_GEOMETRIC_PRESENTATION_REPRESENTATION('',(${styled.map((s) => `#${s}`).join(',')}),#${context});`);
  }
  lines.push('ENDSEC;', 'END-ISO-10303-21;', '');
  return lines.join('\n');
}
