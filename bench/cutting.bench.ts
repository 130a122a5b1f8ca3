/**
 * Cutting diagrams: packing time, sheets and waste of the generated 2,000-part kitchen and the
 * 150-cabinet job (the generators of the conversion and jobs benches), every board material on the
 * default 2800 x 2070 mm sheet (kerf 4, trim 10), guillotine (panel saw) and free placement (CNC),
 * against the area lower bound: total part area over the trimmed sheet's area, per material.
 */
import { performance } from 'node:perf_hooks';
import { planCutting } from '../src/model/cutting/cuttingPlan';
import type { PackingMode } from '../src/model/cutting/packing';
import { DEFAULT_WORKSHOP_SETTINGS } from '../src/model/cutting/workshopSettings';
import { workshopPartsOf } from '../src/model/cutting/workshopParts';
import { generateAssembly } from '../samples/generate';
import { namedTreeOf } from '../samples/namedTree';
import { generateJob } from '../samples/realJob/job';
import type { Bench, Row } from './lib/types';

const MODES: PackingMode[] = ['guillotine', 'free'];

const bench: Bench = {
  name: 'cutting',
  description: 'cutting diagrams of the 2,000-part kitchen and the 150-cabinet job: packing time, sheets and waste vs the area lower bound',
  async run({ smoke, repeats, log }) {
    const jobs = smoke
      ? [{ label: '60-part kitchen', tree: namedTreeOf(generateAssembly({ parts: 60, seed: 1 })) }]
      : [
          { label: '2,000-part kitchen', tree: namedTreeOf(generateAssembly({ parts: 2000, seed: 1 })) },
          { label: '150-cabinet job', tree: namedTreeOf(generateJob({ cabinets: 150, seed: 1 })) },
        ];
    const rows: Row[] = [];
    const notes: string[] = [];
    for (const job of jobs) {
      const workshop = workshopPartsOf(job.tree, DEFAULT_WORKSHOP_SETTINGS);
      const boundRow: Row = { label: `${job.label}: area lower bound`, samples: {} };
      rows.push(boundRow);
      for (const mode of MODES) {
        const times: number[] = [];
        let plan = planCutting(workshop, DEFAULT_WORKSHOP_SETTINGS, mode);
        for (let r = 0; r < (smoke ? 1 : repeats); r++) {
          const start = performance.now();
          plan = planCutting(workshop, DEFAULT_WORKSHOP_SETTINGS, mode);
          times.push(performance.now() - start);
        }
        const sheets = plan.groups.reduce((s, g) => s + g.sheets.length, 0);
        const bound = plan.groups.reduce((s, g) => s + g.lowerBound, 0);
        const used = plan.groups.reduce((s, g) => s + g.usedArea, 0);
        const sheetArea = plan.groups.reduce((s, g) => s + g.sheetArea, 0);
        const sheetSize = DEFAULT_WORKSHOP_SETTINGS.defaultMaterial.sheetLength * DEFAULT_WORKSHOP_SETTINGS.defaultMaterial.sheetWidth;
        boundRow.samples = { parts: [workshop.parts.length], sheets: [bound], waste: [bound === 0 ? 0 : 100 * (1 - used / (bound * sheetSize))] };
        rows.push({ label: `${job.label}: ${mode}`, versus: boundRow.label, samples: { ms: times, parts: [plan.placed.length], sheets: [sheets], waste: [100 * (1 - used / sheetArea)] } });
        const perGroup = plan.groups.map((g) => `${g.material} ${g.thickness} mm ${g.sheets.length}/${g.lowerBound}`).join(', ');
        notes.push(`${job.label}, ${mode}: sheets per material vs bound: ${perGroup}.`);
        log(`${job.label} ${mode}: ${sheets} sheets (bound ${bound})`);
      }
    }
    return [
      {
        title: 'Cutting diagrams (default sheets 2800 x 2070 mm, kerf 4, trim 10; every board material and thickness packed apart)',
        reference: 'the area lower bound per material (total part area / trimmed sheet area, rounded up), summed; its waste is what that many sheets would leave',
        metrics: [
          { key: 'ms', label: 'packing', unit: 'ms', better: 'lower', digits: 1 },
          { key: 'parts', label: 'parts', unit: '', better: 'higher', digits: 0 },
          { key: 'sheets', label: 'sheets', unit: '', better: 'lower', digits: 0 },
          { key: 'waste', label: 'waste', unit: '%', better: 'lower', digits: 1 },
        ],
        rows,
        notes,
      },
    ];
  },
};

export default bench;
