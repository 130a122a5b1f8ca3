import { jobToStep } from '../../samples/realJob/job.js';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDae } from '../../samples/writers/dae.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { detectFormat } from '../../server/convert/detect.js';
import { writeVok } from '../../server/convert/vokPackage.js';

const encode = (text: string) => new TextEncoder().encode(text);
const dae = encode(assemblyToDae(generateAssembly({ parts: 10 })));
const convert = (fileName: string, bytes: Uint8Array, extra: Partial<Parameters<typeof convertFile>[0]> = {}) =>
  convertFile({ fileName, bytes, ...extra });

describe('files refused before any work', () => {
  it('a program renamed to .stp', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...encode('This program cannot be run in DOS mode')]);
    await expect(convert('kitchen.stp', exe)).rejects.toMatchObject({
      code: 'executable',
      message: 'The file "kitchen.stp" is a program, not a 3D model. Upload a .vok, .zip, .dae, .dxf, .igs, .iges, .stp or .step file.',
    });
  });

  it('an unsupported extension', () => {
    expect(() => detectFormat('kitchen.obj', encode('v 0 0 0'))).toThrow(
      'The file "kitchen.obj" is not a supported model. Upload a .vok, .zip, .dae, .dxf, .igs, .iges, .stp or .step file.',
    );
  });

  it('a picture renamed to .dae', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(() => detectFormat('kitchen.dae', png)).toThrow(
      'The file "kitchen.dae" does not contain COLLADA (.dae) data. Export it again from your design software and upload it unchanged.',
    );
  });

  it('an empty file and a file over the size limit', () => {
    expect(() => detectFormat('kitchen.dxf', new Uint8Array())).toThrow('The file "kitchen.dxf" is empty.');
    expect(() => detectFormat('kitchen.dae', dae, { maxBytes: 1024 })).toThrow(/^The file is too large \([\d.]+ MB\)\. The maximum size is 0 MB\.$/);
  });

  it('accepts each format by extension and content', () => {
    expect(detectFormat('a.DAE', dae)).toBe('dae');
    expect(detectFormat('a.step', encode('ISO-10303-21;\nHEADER;'))).toBe('step');
    expect(detectFormat('a.dxf', encode('  0\nSECTION\n  2\nENTITIES\n  0\nENDSEC\n  0\nEOF\n'))).toBe('dxf');
    expect(detectFormat('a.vok', writeVok({ name: 'a', units: 'mm', model: { fileName: 'm.dae', bytes: dae } }))).toBe('vok');
  });
});

describe('archives', () => {
  it('a zip bomb is refused by its compression ratio', async () => {
    const bomb = zipSync({ 'model.dae': dae, 'padding.bin': new Uint8Array(50 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(200_000);
    await expect(convert('bomb.zip', bomb)).rejects.toMatchObject({
      code: 'zip_ratio',
      message: 'The archive entry "padding.bin" is compressed more than 200 to 1 and was refused as unsafe. Pack the model again with ordinary compression.',
    });
  });

  it('an archive larger than the unpacked limit', async () => {
    const big = zipSync({ 'model.dae': dae, 'texture.bin': crypto.getRandomValues(new Uint8Array(60_000)) });
    await expect(convert('big.zip', big, { zipLimits: { maxEntries: 10, maxTotalBytes: 50_000, maxRatio: 200 } })).rejects.toThrow(
      'The archive is too large once unpacked (the maximum is 0 MB). Keep only the model and its textures.',
    );
  });

  it('too many entries', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`t${i}.png`, new Uint8Array([i])]));
    const zip = zipSync({ 'model.dae': dae, ...files });
    await expect(convert('many.zip', zip, { zipLimits: { maxEntries: 10, maxTotalBytes: 1e9, maxRatio: 200 } })).rejects.toThrow(
      'The archive holds too many files (the maximum is 10). Keep only the model and its textures.',
    );
  });

  it('a path escaping the archive', async () => {
    const zip = zipSync({ '../../etc/model.dae': dae });
    await expect(convert('escape.zip', zip)).rejects.toMatchObject({
      code: 'zip_unsafe_path',
      message: 'The archive contains an unsafe path "../../etc/model.dae". Pack the files again with paths inside the archive.',
    });
  });

  it('a symbolic link', async () => {
    const link = (0o120777 << 16) >>> 0;
    const zip = zipSync({ 'model.dae': dae, 'textures/link.png': [encode('/etc/passwd'), { os: 3, attrs: link }] });
    await expect(convert('link.zip', zip)).rejects.toThrow(
      'The archive contains a symbolic link "textures/link.png", which is not allowed. Pack the real files instead.',
    );
  });

  it('no model, or several models', async () => {
    await expect(convert('none.zip', zipSync({ 'readme.txt': encode('hi') }))).rejects.toThrow(
      'The archive contains no supported model. Put one .dae, .dxf, .igs, .iges, .stp or .step file in it.',
    );
    await expect(convert('two.zip', zipSync({ 'a.dae': dae, 'b/b.dae': dae }))).rejects.toThrow(
      'The archive contains several models (a.dae, b/b.dae). Put only one model in it.',
    );
  });

  it('a .vok without manifest, with a bad manifest, or a newer version', async () => {
    await expect(convert('a.vok', zipSync({ 'model.dae': dae }))).rejects.toThrow('The .vok package has no manifest.json at its root.');
    const bad = zipSync({ 'manifest.json': encode('{"formatVersion":1,"name":"x","units":"cm"}'), 'model.dae': dae });
    await expect(convert('b.vok', bad)).rejects.toThrow(/^The \.vok package has an invalid manifest\.json: units: /);
    const newer = zipSync({ 'manifest.json': encode('{"formatVersion":7,"name":"x","units":"mm"}'), 'model.dae': dae });
    await expect(convert('c.vok', newer)).rejects.toThrow(
      'The .vok package uses format version 7, which this server cannot read (supported: 1).',
    );
  });
});

describe('models that cannot be used', () => {
  it('an empty model', async () => {
    const text = '0\nSECTION\n2\nENTITIES\n0\nTEXT\n8\n0\n10\n0\n20\n0\n30\n0\n40\n5\n1\nHello\n0\nENDSEC\n0\nEOF\n';
    await expect(convert('empty.dxf', encode(text))).rejects.toMatchObject({
      code: 'empty_model',
      message: 'The file "empty.dxf" contains no 3D geometry. Check that your export includes the parts and upload it again.',
    });
  });

  it('surfaces the reader cannot turn into triangles are not called an empty model', async () => {
    // A board whose six faces lie on planes the file never defines: OpenCascade reads the solid and draws nothing.
    const board = {
      name: 'Board',
      partCount: 1,
      materials: {},
      root: { name: 'Board', children: [{ name: 'Back+700x8x500mm|HDF', box: { origin: [0, 0, 0] as [number, number, number], size: [500, 700, 8] as [number, number, number] }, children: [] }] },
    };
    const box = jobToStep(board, { shared: true }).replace(/PLANE\('',#\d+\)/g, "PLANE('',#999999)");
    await expect(convert('surface.stp', encode(box))).rejects.toMatchObject({
      code: 'unreadable_geometry',
      message: 'The file "surface.stp" holds surfaces or solids that could not be turned into a model. Try exporting it again, with simpler surfaces or as separate parts.',
    });
  });

  it('a damaged STEP file and a truncated archive', async () => {
    await expect(convert('broken.stp', encode('ISO-10303-21;\nHEADER;\nthis is not STEP'))).rejects.toThrow(
      'The STEP file "broken.stp" is damaged or incomplete and could not be read. Export it again and upload it unchanged.',
    );
    const zip = zipSync({ 'model.dae': dae });
    await expect(convert('cut.zip', zip.slice(0, zip.length - 30))).rejects.toThrow(
      'The ZIP file "cut.zip" is damaged or incomplete and could not be read. Export it again and upload it unchanged.',
    );
  });
});
