import { describe, expect, it } from 'vitest';
import { convertFile } from '../../server/convert/convertFile.js';
import { BLENDER_STYLE_TREE, SKETCHUP_STYLE_TREE, blenderStyleDae, sketchupStyleDae, utf16, utf8WithMark } from './helpers/colladaDocs.js';
import { glbTree, readGlb } from './glbTree.js';
import { texturedDae } from './texturedDae.js';

async function convert(fileName: string, bytes: Uint8Array) {
  const result = await convertFile({ fileName, bytes });
  return { ...result, tree: glbTree(await readGlb(result.glb)) };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('COLLADA exports keep the parts as the designer named them', () => {
  it('Blender: no camera, lamp or bone parts; padded colours and animation clips read', async () => {
    const { tree, stats } = await convert('cabinet.dae', utf8(blenderStyleDae()));
    expect(tree).toEqual(BLENDER_STYLE_TREE);
    expect(stats.parts).toBe(2);
    expect(stats.triangles).toBe(4);
  });

  it('SketchUp: the root keeps its name, nameless parts are named after their geometry or parent', async () => {
    const { tree, stats } = await convert('cabinet.dae', utf8(sketchupStyleDae()));
    expect(tree).toEqual(SKETCHUP_STYLE_TREE);
    expect(tree.some((line) => line.includes('$ColladaAutoName$'))).toBe(false);
    expect(tree.every((line) => line.length > 2)).toBe(true);
    expect(stats.parts).toBe(3);
  });

  it.each([
    ['UTF-16 little endian with a byte order mark', () => utf16(blenderStyleDae(), 'le')],
    ['UTF-16 big endian without a byte order mark', () => utf16(blenderStyleDae(), 'be')],
    ['UTF-8 with a byte order mark', () => utf8WithMark(blenderStyleDae())],
  ])('%s reads as the UTF-8 file does', async (_, bytes) => {
    const { tree, stats } = await convert('cabinet.dae', bytes());
    expect(tree).toEqual(BLENDER_STYLE_TREE);
    expect(stats.triangles).toBe(4);
  });
});

describe('COLLADA conversion notes', () => {
  it('a picture the model names that is not in the upload is reported', async () => {
    const { notes } = await convert('panel.dae', texturedDae());
    expect(notes).toEqual([{ code: 'texture_missing', params: { file: 'wood.png' } }]);
  });

  it('a model without pictures has no notes', async () => {
    const { notes } = await convert('cabinet.dae', utf8(blenderStyleDae()));
    expect(notes).toEqual([]);
  });
});
