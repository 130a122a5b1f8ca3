/**
 * Every conversion has a memory and a time budget: past either, its thread is stopped and the
 * user reads why, and the pool goes on converting. A thread whose WebAssembly memory grew past the
 * recycling threshold is ended after its conversion, so the server does not keep that peak.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { assemblyToDxf } from '../../samples/writers/dxf.js';
import { generateJob, jobToStep } from '../../samples/realJob/job.js';
import { createConverter } from '../../server/convert/converter.js';

const encode = (text: string) => new TextEncoder().encode(text);
// OpenCascade grows its memory past 40 MB on a 20 m side panel drilled with 1,240 holes.
const tower = {
  name: 'Tower',
  partCount: 1,
  materials: { 'Melamine white 18': [0.9, 0.9, 0.88] as [number, number, number] },
  root: {
    name: 'Tower+20000x560x18mm|Test',
    children: [{ name: 'Left side+20000x560x18mm|Melamine white 18', box: { origin: [0, 0, 0] as [number, number, number], size: [18, 20000, 560] as [number, number, number] }, material: 'Melamine white 18', children: [] }],
  },
};
const step = encode(jobToStep(tower, { shared: false }));
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
    // The importer takes about 25 s to grow past 40 MB on a quiet 2-core machine: room for a busy one.
  }, 120_000);
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

describe('a thread whose memory grew big', () => {
  // 1 MB: a job's STEP read on the conversion's own thread (no helper threads) grows OpenCascade's memory past it.
  const converter = createConverter({ threads: 2, partThreads: 1, recycleAboveMb: 1 });
  afterAll(() => converter.close());
  const job = (cabinets: number) => encode(jobToStep(generateJob({ cabinets }), { shared: true }));

  it('is ended after its conversion (the pool renewed), without cutting short a conversion beside it', async () => {
    // A file whose reading grows no WebAssembly memory keeps the threads.
    await converter.convert({ fileName: 'kitchen.dxf', bytes: dxf });
    expect(converter.renewals).toBe(0);
    // Two jobs at once: the first to end renews the pool; the other goes on to its end in the old one.
    const [larger, smaller] = await Promise.all([
      converter.convert({ fileName: 'larger.stp', bytes: job(3) }),
      converter.convert({ fileName: 'smaller.stp', bytes: job(2) }),
    ]);
    expect(larger.stats.parts).toBeGreaterThan(smaller.stats.parts);
    expect(smaller.stats.parts).toBeGreaterThan(0);
    expect(converter.renewals).toBe(1);
    // The next conversion runs on the new pool, and renews it in turn.
    expect((await converter.convert({ fileName: 'smaller.stp', bytes: job(2) })).stats.parts).toBe(smaller.stats.parts);
    expect(converter.renewals).toBe(2);
  }, 180_000);
});
