/**
 * STEP assemblies written the way two CAD tools write them, with a known product structure:
 * - OpenCascade's XCAF writer as CadQuery drives it: the top assembly and its placed copy both
 *   named by a UUID, each component an assembly named as the designer typed ("Top Panel") holding
 *   one part "<name>_part", occurrences named by label entries (`=>[0:1:1:3]`);
 * - a parametric modeller's export: occurrences carry instance names ("Side <2>") that differ
 *   from their products ("Side"), products are reused, the tree is four levels deep.
 * And a one-product model whose faces are each their own OPEN_SHELL (a surface export).
 * Geometry: boxes in millimetres, written with the sample generator's entity writer.
 */
import { StepEntities, stepFile, stepString } from '../../../samples/writers/stepEntities.js';
import { writeBoxFaces, writeContexts } from '../../../samples/writers/step.js';

export interface StepNode {
  product: string;
  /** The occurrence's own name (NAUO name); default: empty. */
  usage?: string;
  /** Offset from the parent, millimetres (Z up). */
  at?: [number, number, number];
  /** A part: its box, millimetres. */
  box?: [number, number, number];
  children?: StepNode[];
}

interface Written {
  definition: number;
  representation: number;
}

export function writeStepAssembly(roots: StepNode[], options: { faceShells?: boolean } = {}): string {
  const e = new StepEntities();
  const c = writeContexts(e, 'mm');
  const byProduct = new Map<string, Written>();
  // Parts are written once per product and reused; assemblies once per occurrence.
  const write = (node: StepNode): Written => {
    const known = node.box ? byProduct.get(node.product) : undefined;
    if (known) return known;
    const name = stepString(node.product);
    const product = e.add(`PRODUCT(${name},${name},'',(#${c.productContext}))`);
    const formation = e.add(`PRODUCT_DEFINITION_FORMATION('','',#${product})`);
    const definition = e.add(`PRODUCT_DEFINITION('design','',#${formation},#${c.definitionContext})`);
    const shape = e.add(`PRODUCT_DEFINITION_SHAPE('','',#${definition})`);
    const origin = e.placement([0, 0, 0]);
    let representation: number;
    if (node.box) {
      const faces = writeBoxFaces(e, node.box);
      if (options.faceShells) {
        const shells = faces.map((f) => e.add(`OPEN_SHELL('',(#${f}))`));
        const model = e.add(`SHELL_BASED_SURFACE_MODEL('',(${shells.map((s) => `#${s}`).join(',')}))`);
        representation = e.add(`MANIFOLD_SURFACE_SHAPE_REPRESENTATION(${name},(#${origin},#${model}),#${c.geometryContext})`);
      } else {
        const shell = e.add(`CLOSED_SHELL('',(${faces.map((f) => `#${f}`).join(',')}))`);
        const solid = e.add(`MANIFOLD_SOLID_BREP(${name},#${shell})`);
        representation = e.add(`ADVANCED_BREP_SHAPE_REPRESENTATION(${name},(#${origin},#${solid}),#${c.geometryContext})`);
      }
    } else {
      const children = (node.children ?? []).map((child) => ({ child, written: write(child), placement: e.placement(child.at ?? [0, 0, 0]) }));
      representation = e.add(`SHAPE_REPRESENTATION(${name},(#${origin}${children.map((x) => `,#${x.placement}`).join('')}),#${c.geometryContext})`);
      children.forEach(({ child, written, placement }, i) => {
        const usage = e.add(
          `NEXT_ASSEMBLY_USAGE_OCCURRENCE('NAUO${definition}-${i + 1}',${stepString(child.usage ?? '')},'',#${definition},#${written.definition},$)`,
        );
        const usageShape = e.add(`PRODUCT_DEFINITION_SHAPE('','',#${usage})`);
        const transform = e.add(`ITEM_DEFINED_TRANSFORMATION('','',#${e.placement([0, 0, 0])},#${placement})`);
        const relation = e.add(
          `(REPRESENTATION_RELATIONSHIP('','',#${written.representation},#${representation})` +
            `REPRESENTATION_RELATIONSHIP_WITH_TRANSFORMATION(#${transform})SHAPE_REPRESENTATION_RELATIONSHIP())`,
        );
        e.add(`CONTEXT_DEPENDENT_SHAPE_REPRESENTATION(#${relation},#${usageShape})`);
      });
    }
    e.add(`SHAPE_DEFINITION_REPRESENTATION(#${shape},#${representation})`);
    const written = { definition, representation };
    byProduct.set(node.product, written);
    return written;
  };
  roots.forEach(write);
  return stepFile('assembly.stp', 'assembly', e.toString());
}

const UUID = 'f3a1c2d4-5b6e-4f70-8a91-b2c3d4e5f607';
let entry = 2;
const label = () => `=>[0:1:1:${entry++}]`;

/** A CadQuery component: the designer's name holding one part named `<name>_part`. */
function cadqueryPart(name: string, at: [number, number, number], box: [number, number, number]): StepNode {
  return { product: name, usage: label(), at, children: [{ product: `${name}_part`, usage: label(), box }] };
}

/** A 600 x 560 x 720 cabinet as CadQuery exports it, with a drawer sub-assembly. */
export function cadqueryCabinet(): string {
  entry = 2;
  const cabinet: StepNode = {
    product: UUID,
    usage: label(),
    children: [
      cadqueryPart('Top Panel', [0, 0, 702], [600, 560, 18]),
      cadqueryPart('Bottom Panel', [0, 0, 0], [600, 560, 18]),
      cadqueryPart('Left Side Panel', [0, 0, 18], [18, 560, 684]),
      cadqueryPart('Right Side Panel', [582, 0, 18], [18, 560, 684]),
      {
        product: 'Drawer',
        usage: label(),
        at: [18, 0, 500],
        children: [cadqueryPart('Drawer Front', [0, -18, 0], [564, 18, 180]), cadqueryPart('Drawer Bottom', [0, 0, 10], [564, 500, 12])],
      },
    ],
  };
  // CadQuery places the top assembly through one more label, named like it.
  return writeStepAssembly([{ product: UUID, children: [cabinet] }]);
}

export const CADQUERY_TREE = ['0:Top Panel', '0:Bottom Panel', '0:Left Side Panel', '0:Right Side Panel', '0:Drawer', '1:Drawer Front', '1:Drawer Bottom'];

/** Two cabinets of a kitchen, instance names on every occurrence, sides and hinges reused. */
export function parametricKitchen(): string {
  const side: StepNode = { product: 'Side', box: [18, 560, 720] };
  const hinge: StepNode = { product: 'Hinge', box: [35, 12, 50] };
  const baseCabinet = (usage: string, x: number): StepNode => ({
    product: 'Base cabinet',
    usage,
    at: [x, 0, 0],
    children: [
      { ...side, usage: 'Side <1>', at: [0, 0, 0] },
      { ...side, usage: 'Side <2>', at: [582, 0, 0] },
      { product: 'Bottom', usage: 'Bottom <1>', at: [18, 0, 0], box: [564, 560, 18] },
      {
        product: 'Door assembly',
        usage: 'Door assembly <1>',
        at: [0, -20, 0],
        children: [
          { product: 'Door', usage: 'Door <1>', box: [600, 18, 720] },
          { ...hinge, usage: 'Hinge <1>', at: [40, 18, 100] },
          { ...hinge, usage: 'Hinge <2>', at: [40, 18, 570] },
        ],
      },
    ],
  });
  return writeStepAssembly([{ product: 'Kitchen', children: [baseCabinet('Sink cabinet', 0), baseCabinet('Drawer cabinet', 600)] }]);
}

const CABINET_TREE = (name: string) => [
  `1:${name}`,
  '2:Side <1>',
  '2:Side <2>',
  '2:Bottom <1>',
  '2:Door assembly <1>',
  '3:Door <1>',
  '3:Hinge <1>',
  '3:Hinge <2>',
];
export const PARAMETRIC_TREE = ['0:Kitchen', ...CABINET_TREE('Sink cabinet'), ...CABINET_TREE('Drawer cabinet')];

/** A table of five boxes (top and four legs) as one product whose 30 faces are each an OPEN_SHELL. */
export function surfaceTable(): string {
  const e = new StepEntities();
  const c = writeContexts(e, 'mm');
  const boxes: Array<[number[], number[]]> = [
    [[0, 0, 700], [1200, 800, 30]],
    ...[[0, 0], [1140, 0], [0, 740], [1140, 740]].map(([x, y]): [number[], number[]] => [[x, y, 0], [60, 60, 700]]),
  ];
  const faces = boxes.flatMap(([origin, size]) => writeBoxFaces(e, size, origin));
  const shells = faces.map((f) => e.add(`OPEN_SHELL('',(#${f}))`));
  const product = e.add(`PRODUCT('Table','Table','',(#${c.productContext}))`);
  const formation = e.add(`PRODUCT_DEFINITION_FORMATION('','',#${product})`);
  const definition = e.add(`PRODUCT_DEFINITION('design','',#${formation},#${c.definitionContext})`);
  const shape = e.add(`PRODUCT_DEFINITION_SHAPE('','',#${definition})`);
  const model = e.add(`SHELL_BASED_SURFACE_MODEL('',(${shells.map((s) => `#${s}`).join(',')}))`);
  const representation = e.add(`MANIFOLD_SURFACE_SHAPE_REPRESENTATION('Table',(#${e.placement([0, 0, 0])},#${model}),#${c.geometryContext})`);
  e.add(`SHAPE_DEFINITION_REPRESENTATION(#${shape},#${representation})`);
  return stepFile('table.stp', 'table', e.toString());
}
