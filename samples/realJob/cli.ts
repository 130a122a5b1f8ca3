/**
 * Writes a real-weight whole job as STEP:
 *   tsx samples/realJob/cli.ts --cabinets 60 [--one-solid-per-part] [--seed 1] --out job.stp
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateJob, jobToStep } from './job.js';

const USAGE = 'usage: tsx samples/realJob/cli.ts --cabinets N [--one-solid-per-part] [--seed S] --out FILE';
const { values } = parseArgs({
  options: {
    cabinets: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    'one-solid-per-part': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
if (!values.out) {
  console.error(USAGE);
  process.exit(2);
}
const job = generateJob({ cabinets: Number(values.cabinets), seed: Number(values.seed) });
const text = jobToStep(job, { shared: !values['one-solid-per-part'] });
await writeFile(values.out, text);
console.log(`${values.out}: ${job.partCount} parts, ${(text.length / 1e6).toFixed(1)} MB`);
