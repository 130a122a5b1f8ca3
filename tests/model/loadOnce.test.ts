/** A load made once for every caller, and made again after it failed. */
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/model/loadOnce';

describe('loadOnce', () => {
  it('shares one load between callers, and loads again after a failure', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return calls;
    });
    const first = load();
    expect(load()).toBe(first);
    await expect(first).rejects.toThrow('offline');
    const second = load();
    expect(second).not.toBe(first);
    expect(await second).toBe(2);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
