/**
 * A revision's assets with the AR files made on a helper thread beside the posters: the same files
 * as made on the conversion's own thread, progress that only rises to the end, and the files made
 * here when the helper fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAssembly } from '../../samples/generate.js';
import { writeSample } from '../../samples/writers/index.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { takePartReaders, type PartReader } from '../../server/convert/importers/partReaders.js';
import { arFiles, deriveRevisionAssets, type ArFiles } from '../../server/convert/revisionAssets.js';

let glb: Uint8Array;
let local: ArFiles | null;
let reader: PartReader;

beforeAll(async () => {
  ({ glb } = await convertFile({ fileName: 'job.stp', bytes: await writeSample(generateAssembly({ parts: 60, seed: 4 }), 'step') }));
  local = await arFiles(glb);
  [reader] = takePartReaders(1);
}, 120_000);
afterAll(() => reader?.close());

const same = (a: ArFiles | null | undefined, b: ArFiles | null) => {
  expect(a).toBeTruthy();
  expect(Buffer.from(a!.glb).equals(Buffer.from(b!.glb))).toBe(true);
  expect(Buffer.from(a!.usdz).equals(Buffer.from(b!.usdz))).toBe(true);
};

describe('the AR files beside the posters', () => {
  it('made on a helper thread are the files made on this thread, with the posters and compressed copies', async () => {
    const shares: number[] = [];
    const arShares: number[] = [];
    const assets = await deriveRevisionAssets(
      glb,
      (share) => shares.push(share),
      (bytes, onProgress) =>
        reader.makeArFiles(bytes, (share) => {
          arShares.push(share);
          onProgress(share);
        }),
    );
    same(assets.ar, local);
    expect(assets.poster?.byteLength).toBeGreaterThan(0);
    expect(assets.glbBrotli.byteLength).toBeGreaterThan(0);
    // The helper reported its steps, and the sum of both makers only rose, to the end.
    expect(arShares.length).toBeGreaterThan(2);
    expect(arShares.at(-1)).toBe(1);
    expect(shares.every((s, i) => i === 0 || s > shares[i - 1])).toBe(true);
    expect(shares.at(-1)).toBeCloseTo(1, 6);
    // The helper is still able to read afterwards.
    expect(reader.healthy).toBe(true);
  }, 120_000);

  it('when the helper fails, are made on this thread after the posters', async () => {
    const shares: number[] = [];
    const assets = await deriveRevisionAssets(glb, (share) => shares.push(share), () => Promise.reject(new Error('thread ended')));
    same(assets.ar, local);
    expect(shares.every((s, i) => i === 0 || s > shares[i - 1])).toBe(true);
    expect(shares.at(-1)).toBeCloseTo(1, 6);
  }, 120_000);
});
