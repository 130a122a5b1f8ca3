import { describe, expect, it } from 'vitest';
import { fetchWithProgress, type ByteProgress } from '../../src/engine/load/fetchWithProgress';

function answer(bytes: Uint8Array, headers: Record<string, string>): typeof fetch {
  return async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 100));
          controller.enqueue(bytes.subarray(100));
          controller.close();
        },
      }),
      { headers },
    );
}

describe('byte progress of a model download', () => {
  const bytes = new Uint8Array(1000).fill(7);

  it('counts against the decoded size when the answer is compressed', async () => {
    const seen: ByteProgress[] = [];
    // Content-Length counts the 180 compressed bytes; the stream yields the 1,000 decoded ones.
    const fetchImpl = answer(bytes, { 'content-encoding': 'br', 'content-length': '180', 'x-decoded-length': '1000' });
    await fetchWithProgress('/m.glb', (p) => seen.push(p), undefined, fetchImpl);
    expect(seen.map((p) => p.loaded / p.total)).toEqual([0, 0.1, 1]);
  });

  it('does not trust Content-Length of a compressed answer that names no decoded size', async () => {
    const seen: ByteProgress[] = [];
    await fetchWithProgress('/m.glb', (p) => seen.push(p), undefined, answer(bytes, { 'content-encoding': 'gzip', 'content-length': '180' }));
    expect(seen.every((p) => p.total === 0)).toBe(true);
  });

  it('uses Content-Length of a plain answer', async () => {
    const seen: ByteProgress[] = [];
    const result = await fetchWithProgress('/m.glb', (p) => seen.push(p), undefined, answer(bytes, { 'content-length': '1000' }));
    expect(result.byteLength).toBe(1000);
    expect(seen.at(-1)).toEqual({ loaded: 1000, total: 1000 });
  });
});
