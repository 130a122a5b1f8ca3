/**
 * Performance metrics (SPEC §7: CLS, FID, FCP, LCP, TTFB), loaded lazily after the first
 * render and logged to the console in development builds only.
 */
interface VitalsMetric {
  name: string;
  value: number;
  rating?: string;
}

type VitalsReporter = (metric: VitalsMetric) => void;

const logMetric: VitalsReporter = (metric) => console.debug(`[web-vitals] ${metric.name}`, Math.round(metric.value * 1000) / 1000, metric.rating ?? '');

export async function reportWebVitals(report: VitalsReporter = logMetric, enabled: boolean = import.meta.env.DEV): Promise<boolean> {
  if (!enabled) return false;
  const { onCLS, onFID, onFCP, onLCP, onTTFB } = await import('web-vitals');
  for (const subscribe of [onCLS, onFID, onFCP, onLCP, onTTFB]) subscribe(report);
  return true;
}
