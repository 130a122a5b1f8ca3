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
import { argsOf, closure, complexPartArgs, indexStep, recordLength, recordOf, typeOf, type StepIndex } from './stepIndex.js';
import { multiply } from '../scene.js';
import { isIdentifierName } from './stepProducts.js';
import { geometryItems, geometryKey, invertRigid, isIdentity, lengthUnit, placementMatrix } from './stepGeometry.js';

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
      // A transformation other than two placements (a CARTESIAN_TRANSFORMATION_OPERATOR_3D) is left to the whole-file reader.
      const transformation = typeof rrwt?.[0] === 'number' && typeOf(index, rrwt[0]) === 'ITEM_DEFINED_TRANSFORMATION' ? rrwt[0] : undefined;
      const placement = rr && transformation !== undefined ? occurrencePlacement(index, rr, transformation, parentReps, metres) : undefined;
      if (!placement) {
        failed = true;
        continue;
      }
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

/** Whether a representation lists this item. */
function holds(index: StepIndex, representation: unknown, item: number): boolean {
  if (typeof representation !== 'number') return false;
  const items = argsOf(index, representation)[1];
  return Array.isArray(items) && items.includes(item);
}

/**
 * Where an occurrence stands in its assembly, as OpenCascade places it. The relationship's rep_1 is
 * the component's and rep_2 the assembly's, and its transformation maps item_1 onto item_2: the
 * component moves by item_1⁻¹ · item_2. Exporters write some of it the other way round: placements
 * listed in each other's representations are swapped back, and a relationship whose rep_1 is the
 * assembly's moves the component by the inverse.
 */
function occurrencePlacement(index: StepIndex, relation: unknown[], transformation: number, parentReps: Set<number>, metres: number): number[] | undefined {
  const [, , rep1, rep2] = relation;
  const [, , item1, item2] = argsOf(index, transformation);
  if (typeof item1 !== 'number' || typeof item2 !== 'number') return undefined;
  let [origin, target] = [item1, item2];
  const inPlace = holds(index, rep1, origin) && holds(index, rep2, target);
  if (!inPlace && holds(index, rep1, target) && holds(index, rep2, origin)) [origin, target] = [target, origin];
  const from = placementMatrix(index, origin, metres);
  const to = placementMatrix(index, target, metres);
  if (!from || !to) return undefined;
  const moved = multiply(invertRigid(from), to);
  const reversed = typeof rep2 === 'number' && !parentReps.has(rep2) && typeof rep1 === 'number' && parentReps.has(rep1);
  return reversed ? invertRigid(moved) : moved;
}

/**
 * Parts in groups of about `weight` bytes of records each: the two lightest first (read while the
 * threads warm up, so progress moves at once), then heaviest first (no thread ends on a heavy one).
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
  return [...groups.slice(0, 2), ...groups.slice(2).reverse()];
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
