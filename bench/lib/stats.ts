export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** Runs `fn` `repeats` times and returns the samples of each metric it reports. */
export async function repeat(repeats: number, fn: () => Promise<Record<string, number>>): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = {};
  for (let i = 0; i < repeats; i++) {
    const result = await fn();
    for (const [key, value] of Object.entries(result)) (samples[key] ??= []).push(value);
  }
  return samples;
}
