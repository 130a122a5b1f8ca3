/**
 * Writes a generated assembly as STEP AP214: one PRODUCT per node (cabinets, drawers, parts),
 * NEXT_ASSEMBLY_USAGE_OCCURRENCE links with placements, each part a MANIFOLD_SOLID_BREP box
 * with planar ADVANCED_FACEs, and colours as STYLED_ITEMs. STEP is Z up, so the assembly's
 * (x, y, z) is written as (x, -z, y).
 */
import type { Assembly, AssemblyNode } from '../assembly.js';
import { MM_PER_INCH } from '../dimensionText.js';
import { StepEntities, stepFile, stepReal, stepString } from './stepEntities.js';

export interface StepWriteOptions {
  /** Length unit of the file (geometry is converted). Default mm. */
  unit?: 'mm' | 'in';
  fileName?: string;
  /**
   * The solids of a leaf part, in its own Z-up space from the origin to `size` (file units);
   * default: one box.
   */
  solids?: (e: StepEntities, node: AssemblyNode, size: number[]) => number[];
  /** Identical parts and groups are one product used by several occurrences (as most CAD exports write them). */
  shareProducts?: boolean;
}

function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

/** Y-up millimetres -> Z-up file units. */
const toZUp = (p: readonly number[], k: number) => [p[0] / k, -p[2] / k, p[1] / k];

interface Context {
  e: StepEntities;
  k: number;
  geometryContext: number;
  productContext: number;
  definitionContext: number;
  styles: Map<string, number>;
  styledItems: number[];
  assembly: Assembly;
  solids: (e: StepEntities, node: AssemblyNode, size: number[]) => number[];
  written?: Map<string, WrittenProduct>;
}

export function writeContexts(e: StepEntities, unit: 'mm' | 'in') {
  const app = e.add("APPLICATION_CONTEXT('automotive design')");
  e.add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,#${app})`);
  const productContext = e.add(`PRODUCT_CONTEXT('',#${app},'mechanical')`);
  const definitionContext = e.add(`PRODUCT_DEFINITION_CONTEXT('part definition',#${app},'design')`);
  let length = e.add('(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.))');
  if (unit === 'in') {
    const measure = e.add(`LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(${stepReal(MM_PER_INCH)}),#${length})`);
    const exponents = e.add('DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.)');
    length = e.add(`(CONVERSION_BASED_UNIT('INCH',#${measure})LENGTH_UNIT()NAMED_UNIT(#${exponents}))`);
  }
  const angle = e.add('(NAMED_UNIT(*)PLANE_ANGLE_UNIT()SI_UNIT($,.RADIAN.))');
  const solidAngle = e.add('(NAMED_UNIT(*)SI_UNIT($,.STERADIAN.)SOLID_ANGLE_UNIT())');
  const uncertainty = e.add(
    `UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-05),#${length},'distance_accuracy_value','confusion accuracy')`,
  );
  const geometryContext = e.add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((#${uncertainty}))` +
      `GLOBAL_UNIT_ASSIGNED_CONTEXT((#${length},#${angle},#${solidAngle}))REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY'))`,
  );
  return { productContext, definitionContext, geometryContext };
}

/** The box from the origin to `size` as a closed shell of six planar faces. */
function writeBoxSolid(e: StepEntities, node: AssemblyNode, size: number[]): number[] {
  const faces = writeBoxFaces(e, size);
  const shell = e.add(`CLOSED_SHELL('',(${faces.map((id) => `#${id}`).join(',')}))`);
  return [e.add(`MANIFOLD_SOLID_BREP(${stepString(node.name)},#${shell})`)];
}

/** What makes two nodes the same product: name, shape, material and children with their places. */
function productKey(node: AssemblyNode): string {
  return JSON.stringify([node.name, node.box?.size, node.material, node.children.map((child) => [productKey(child), child.offset ?? child.box?.origin])]);
}

/** The six planar ADVANCED_FACEs of the box from `origin` to `origin + size`. */
export function writeBoxFaces(e: StepEntities, size: readonly number[], origin: readonly number[] = [0, 0, 0]): number[] {
  const corner = (i: number) => [origin[0] + (i & 1) * size[0], origin[1] + ((i >> 1) & 1) * size[1], origin[2] + ((i >> 2) & 1) * size[2]];
  const vertices = Array.from({ length: 8 }, (_, i) => e.add(`VERTEX_POINT('',#${e.point(corner(i))})`));
  const axisDirs = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const edges = new Map<string, number>();
  for (let a = 0; a < 3; a++) {
    for (let i = 0; i < 8; i++) {
      if (i & (1 << a)) continue;
      const j = i | (1 << a);
      const vector = e.add(`VECTOR('',#${e.direction(axisDirs[a])},${stepReal(size[a])})`);
      const line = e.add(`LINE('',#${e.point(corner(i))},#${vector})`);
      edges.set(`${i}-${j}`, e.add(`EDGE_CURVE('',#${vertices[i]},#${vertices[j]},#${line},.T.)`));
    }
  }
  const faces: number[] = [];
  for (let a = 0; a < 3; a++) {
    const b = (a + 1) % 3;
    const d = (a + 2) % 3;
    for (const side of [0, 1]) {
      const at = (u: number, v: number) => (side << a) | (u << b) | (v << d);
      const loop = side ? [at(0, 0), at(1, 0), at(1, 1), at(0, 1)] : [at(0, 0), at(0, 1), at(1, 1), at(1, 0)];
      const oriented = loop.map((from, n) => {
        const to = loop[(n + 1) % 4];
        const forward = from < to;
        const edge = edges.get(forward ? `${from}-${to}` : `${to}-${from}`)!;
        return e.add(`ORIENTED_EDGE('',*,*,#${edge},${forward ? '.T.' : '.F.'})`);
      });
      const edgeLoop = e.add(`EDGE_LOOP('',(${oriented.map((id) => `#${id}`).join(',')}))`);
      const bound = e.add(`FACE_OUTER_BOUND('',#${edgeLoop},.T.)`);
      const normal = [0, 0, 0];
      normal[a] = side ? 1 : -1;
      const reference = [0, 0, 0];
      reference[b] = 1;
      const axis = e.add(`AXIS2_PLACEMENT_3D('',#${e.point(corner(at(0, 0)))},#${e.direction(normal)},#${e.direction(reference)})`);
      const plane = e.add(`PLANE('',#${axis})`);
      faces.push(e.add(`ADVANCED_FACE('',(#${bound}),#${plane},.T.)`));
    }
  }
  return faces;
}

function styleFor(c: Context, material: string | undefined): number | undefined {
  if (!material || !c.assembly.materials[material]) return undefined;
  let style = c.styles.get(material);
  if (style === undefined) {
    const { e } = c;
    // STEP colours are sRGB; the assembly's are linear (as glTF's).
    const [r, g, b] = c.assembly.materials[material].map(linearToSrgb);
    const colour = e.add(`COLOUR_RGB(${stepString(material)},${stepReal(r)},${stepReal(g)},${stepReal(b)})`);
    const fill = e.add(`FILL_AREA_STYLE('',(#${e.add(`FILL_AREA_STYLE_COLOUR('',#${colour})`)}))`);
    const side = e.add(`SURFACE_SIDE_STYLE('',(#${e.add(`SURFACE_STYLE_FILL_AREA(#${fill})`)}))`);
    style = e.add(`PRESENTATION_STYLE_ASSIGNMENT((#${e.add(`SURFACE_STYLE_USAGE(.BOTH.,#${side})`)}))`);
    c.styles.set(material, style);
  }
  return style;
}

interface WrittenProduct {
  definition: number;
  representation: number;
}

function writeProduct(c: Context, node: AssemblyNode): WrittenProduct {
  if (!c.written) return writeNewProduct(c, node);
  const key = productKey(node);
  let written = c.written.get(key);
  if (!written) c.written.set(key, (written = writeNewProduct(c, node)));
  return written;
}

function writeNewProduct(c: Context, node: AssemblyNode): WrittenProduct {
  const { e } = c;
  const name = stepString(node.name);
  const product = e.add(`PRODUCT(${name},${name},'',(#${c.productContext}))`);
  e.add(`PRODUCT_RELATED_PRODUCT_CATEGORY('part',$,(#${product}))`);
  const formation = e.add(`PRODUCT_DEFINITION_FORMATION('','',#${product})`);
  const definition = e.add(`PRODUCT_DEFINITION('design','',#${formation},#${c.definitionContext})`);
  const shape = e.add(`PRODUCT_DEFINITION_SHAPE('','',#${definition})`);
  const origin = e.placement([0, 0, 0]);
  let representation: number;
  if (node.box) {
    const size = toZUp(node.box.size, c.k).map(Math.abs);
    const solids = c.solids(e, node, size);
    const style = styleFor(c, node.material);
    for (const solid of solids) {
      if (style !== undefined) c.styledItems.push(e.add(`STYLED_ITEM('color',(#${style}),#${solid})`));
    }
    representation = e.add(
      `ADVANCED_BREP_SHAPE_REPRESENTATION(${name},(#${origin}${solids.map((id) => `,#${id}`).join('')}),#${c.geometryContext})`,
    );
  } else {
    const children = node.children.map((child) => ({ child, written: writeProduct(c, child) }));
    const placements = children.map(({ child }) => {
      const at = child.box
        ? toZUp([child.box.origin[0], child.box.origin[1], child.box.origin[2] + child.box.size[2]], c.k)
        : toZUp(child.offset ?? [0, 0, 0], c.k);
      return e.placement(at);
    });
    representation = e.add(
      `SHAPE_REPRESENTATION(${name},(#${origin}${placements.map((id) => `,#${id}`).join('')}),#${c.geometryContext})`,
    );
    children.forEach(({ child, written }, i) => {
      const childName = stepString(child.name);
      const usage = e.add(
        `NEXT_ASSEMBLY_USAGE_OCCURRENCE('NAUO${definition}-${i + 1}',${childName},'',#${definition},#${written.definition},$)`,
      );
      const usageShape = e.add(`PRODUCT_DEFINITION_SHAPE('','',#${usage})`);
      const childOrigin = e.placement([0, 0, 0]);
      const transform = e.add(`ITEM_DEFINED_TRANSFORMATION('','',#${childOrigin},#${placements[i]})`);
      const relation = e.add(
        `(REPRESENTATION_RELATIONSHIP('','',#${written.representation},#${representation})` +
          `REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#${transform})SHAPE_REPRESENTATION_RELATIONSHIP())`,
      );
      e.add(`CONTEXT_DEPENDENT_SHAPE_REPRESENTATION(#${relation},#${usageShape})`);
    });
  }
  e.add(`SHAPE_DEFINITION_REPRESENTATION(#${shape},#${representation})`);
  return { definition, representation };
}

export function assemblyToStep(assembly: Assembly, options: StepWriteOptions = {}): string {
  const unit = options.unit ?? 'mm';
  const e = new StepEntities();
  const contexts = writeContexts(e, unit);
  const c: Context = {
    e,
    k: unit === 'in' ? MM_PER_INCH : 1,
    ...contexts,
    styles: new Map(),
    styledItems: [],
    assembly,
    solids: options.solids ?? writeBoxSolid,
    written: options.shareProducts ? new Map() : undefined,
  };
  writeProduct(c, assembly.root);
  if (c.styledItems.length > 0) {
    e.add(
      `MECHANICAL_DESIGN_GEOMETRIC_PRESENTATION_REPRESENTATION('',(${c.styledItems.map((id) => `#${id}`).join(',')}),#${c.geometryContext})`,
    );
  }
  return stepFile(options.fileName ?? 'kitchen.stp', assembly.name, e.toString());
}
