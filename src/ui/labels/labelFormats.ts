/** Label sheet geometry in millimetres, shared by the cabinet labels and the part labels. */
import type { LabelFormat } from '../../machines/projects/labelsMachine';

export const LABEL_GEOMETRY: Record<LabelFormat, { page: string; perPage: number; columns: number; width: number; height: number; margin: string; gap: number }> = {
  a4: { page: 'A4', perPage: 21, columns: 3, width: 63.5, height: 38.1, margin: '15.15mm 7.25mm', gap: 2.54 },
  roll: { page: '62mm 100mm', perPage: 1, columns: 1, width: 62, height: 100, margin: '0', gap: 0 },
};

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
