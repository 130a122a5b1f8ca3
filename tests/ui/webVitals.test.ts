// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { reportWebVitals } from '../../src/ui/app/webVitals';

describe('web vitals reporter', () => {
  it('does nothing outside development builds', async () => {
    const report = vi.fn();
    expect(await reportWebVitals(report, false)).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });

  it('loads the metrics library lazily and subscribes in development', async () => {
    expect(await reportWebVitals(vi.fn(), true)).toBe(true);
  });
});
