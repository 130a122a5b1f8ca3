import { describe, expect, it } from 'vitest';
import { convertFile } from '../../server/convert/convertFile.js';
import { CADQUERY_TREE, PARAMETRIC_TREE, cadqueryCabinet, parametricKitchen, surfaceTable } from './helpers/stepAssemblies.js';
import { getBounds } from '@gltf-transform/functions';
import { glbTree, readGlb } from './glbTree.js';

async function convert(fileName: string, text: string) {
  const result = await convertFile({ fileName, bytes: new TextEncoder().encode(text) });
  const doc = await readGlb(result.glb);
  return { ...result, doc, tree: glbTree(doc) };
}

/** Size of a named node's geometry, millimetres, Y up. */
function sizeOf(doc: Awaited<ReturnType<typeof readGlb>>, name: string): number[] {
  const { min, max } = getBounds(doc.getRoot().listNodes().find((n) => n.getName() === name)!);
  return max.map((v, i) => Math.round((v - min[i]) * 1000));
}

describe('STEP assemblies keep the names and the nesting the designer gave', () => {
  it('CadQuery: the typed component names, the UUID wrappers collapsed, one part per component', async () => {
    const { tree, stats, doc } = await convert('cabinet.step', cadqueryCabinet());
    expect(tree).toEqual(CADQUERY_TREE);
    expect(tree.some((line) => /_part$|[0-9a-f]{8}-/.test(line))).toBe(false);
    expect(stats.parts).toBe(6);
    expect(stats.triangles).toBe(6 * 12);
    // Each part has its own box: a side is 18 wide, 684 high (Y up), 560 deep.
    expect(sizeOf(doc, 'Left Side Panel')).toEqual([18, 684, 560]);
    expect(sizeOf(doc, 'Drawer Front')).toEqual([564, 180, 18]);
  });

  it('parametric modeller: instance names, reused products, four levels deep', async () => {
    const { tree, stats, doc } = await convert('kitchen.stp', parametricKitchen());
    expect(tree).toEqual(PARAMETRIC_TREE);
    expect(stats.parts).toBe(2 * 6);
    expect(stats.triangles).toBe(2 * 6 * 12);
    expect(sizeOf(doc, 'Hinge <2>')).toEqual([35, 50, 12]);
    expect(sizeOf(doc, 'Bottom <1>')).toEqual([564, 18, 560]);
  });

  it('one product made of many faces is one part', async () => {
    const { tree, stats } = await convert('table.stp', surfaceTable());
    expect(tree).toEqual(['0:Table']);
    expect(stats.parts).toBe(1);
    expect(stats.triangles).toBe(30 * 2);
  });
});
