import { median } from './stats';
import type { Metric, Row, Table } from './types';

function fmt(value: number, metric: Metric): string {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { maximumFractionDigits: metric.digits ?? 1, minimumFractionDigits: metric.digits ?? 1 });
}

function cell(row: Row, metric: Metric): string {
  const s = row.samples[metric.key];
  if (!s || s.length === 0) return '–';
  if (s.length === 1) return fmt(s[0], metric);
  return `${fmt(median(s), metric)} (${fmt(Math.min(...s), metric)}–${fmt(Math.max(...s), metric)})`;
}

function ratio(row: Row, table: Table, metric: Metric): string {
  if (!row.versus) return '';
  const ref = table.rows.find((r) => r.label === row.versus);
  const ours = median(row.samples[metric.key] ?? []);
  const theirs = median(ref?.samples[metric.key] ?? []);
  if (!ref || !Number.isFinite(ours) || !Number.isFinite(theirs) || theirs === 0) return '';
  return `${(ours / theirs).toFixed(2)}×`;
}

/** A plain-text table: one column per metric (median, and min–max over repeats), then ratios to the reference row. */
export function formatTable(table: Table): string {
  const hasRatio = table.rows.some((r) => r.versus);
  const header = ['', ...table.metrics.map((m) => (m.unit ? `${m.label} (${m.unit})` : m.label))];
  if (hasRatio) header.push(...table.metrics.map((m) => `${m.label} ratio`));
  const lines = table.rows.map((row) => {
    const cells = [row.label, ...table.metrics.map((m) => cell(row, m))];
    if (hasRatio) cells.push(...table.metrics.map((m) => ratio(row, table, m)));
    return cells;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const pad = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  const out = [`## ${table.title}`, `Reference: ${table.reference}`, '', pad(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(pad)];
  if (table.notes?.length) out.push('', ...table.notes.map((n) => `- ${n}`));
  return out.join('\n');
}
