/**
 * Every conversion has a memory and a time budget: past either, its thread is stopped and the
 * user reads why, and the pool goes on converting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDxf } from '../../samples/writers/dxf.js';
import { assemblyToStep } from '../../samples/writers/step.js';
import { createConverter } from '../../server/convert/converter.js';

const encode = (text: string) => new TextEncoder().encode(text);
// OpenCascade grows its memory past 40 MB on this STEP (to about 70 MB).
const step = encode(assemblyToStep(generateAssembly({ parts: 100, seed: 4 })));
const dxf = encode(assemblyToDxf(generateAssembly({ parts: 5, seed: 4 })));

describe('the memory budget', () => {
  const converter = createConverter({ threads: 1, memoryLimitMb: 40 });
  afterAll(() => converter.close());

  it('stops a conversion whose importer grows past it, then converts the next file', async () => {
    await expect(converter.convert({ fileName: 'kitchen.stp', bytes: step })).rejects.toMatchObject({
      code: 'out_of_memory',
      message: 'The conversion of "kitchen.stp" needed more than 40 MB of memory and was stopped. Try a smaller model, or export it with fewer details.',
    });
    const { stats } = await converter.convert({ fileName: 'kitchen.dxf', bytes: dxf });
    expect(stats.parts).toBe(5);
  });
});

describe('the time budget', () => {
  const converter = createConverter({ threads: 1, timeoutMs: 300 });
  afterAll(() => converter.close());

  it('stops a conversion that runs past it', async () => {
    await expect(converter.convert({ fileName: 'kitchen.stp', bytes: step })).rejects.toMatchObject({
      code: 'timeout',
      message: 'The conversion took longer than 1 second and was stopped. Try a smaller model, or export it with fewer details.',
    });
  });
});
