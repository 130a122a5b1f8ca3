import { afterAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDxf } from '../../samples/writers/dxf.js';
import { assemblyToStep } from '../../samples/writers/step.js';
import { createConverter } from '../../server/convert/converter.js';
import { assemblyTree, glbTree, readGlb } from './glbTree.js';

const converter = createConverter({ threads: 2 });
afterAll(() => converter.close());
const encode = (text: string) => new TextEncoder().encode(text);

describe('the worker pool', () => {
  it('converts in a worker thread and reports progress from 0 to 1', async () => {
    const assembly = generateAssembly({ parts: 40, seed: 2 });
    const progress: Array<[number, string]> = [];
    const { glb, stats } = await converter.convert({
      fileName: 'kitchen.dxf',
      bytes: encode(assemblyToDxf(assembly)),
      onProgress: (p, activity) => progress.push([p, activity]),
    });
    expect(glbTree(await readGlb(glb))).toEqual(assemblyTree(assembly.root));
    expect(stats).toMatchObject({ parts: 40, triangles: 480 });
    expect(stats.peakRssBytes).toBeGreaterThan(0);
    expect(progress[0]).toEqual([0, 'Checking the file']);
    expect(progress.at(-1)).toEqual([1, 'Conversion done']);
    const values = progress.map(([p]) => p);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('keeps the event loop free while a STEP converts', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await converter.convert({ fileName: 'kitchen.stp', bytes: encode(assemblyToStep(generateAssembly({ parts: 30 }))) });
    clearInterval(timer);
    // A conversion on this thread would hold the loop from start to end: the timer could fire
    // once at most. In a worker, the loop keeps turning while OpenCascade reads the file.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('passes conversion errors through with their code and message', async () => {
    await expect(converter.convert({ fileName: 'notes.txt', bytes: encode('hello') })).rejects.toMatchObject({
      name: 'ConversionError',
      code: 'unsupported_extension',
      message: 'The file "notes.txt" is not a supported model. Upload a .vok, .zip, .dae, .dxf, .igs, .iges, .stp or .step file.',
    });
  });

  it('stops a conversion when its signal aborts', async () => {
    const controller = new AbortController();
    const bytes = encode(assemblyToStep(generateAssembly({ parts: 200 })));
    const pending = converter.convert({ fileName: 'big.stp', bytes, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled', message: 'The conversion was cancelled.' });
  });
});
