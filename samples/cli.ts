/**
 * Writes a generated kitchen to a file:
 *   tsx samples/cli.ts --parts 1000 --format glb|step|dxf|dae|zip|vok [--seed 1] --out kitchen.glb
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateAssembly } from './generate.js';
import { SAMPLE_FORMATS, writeSample, type SampleFormat } from './writers/index.js';

const USAGE = `usage: tsx samples/cli.ts --parts N --format ${SAMPLE_FORMATS.join('|')} [--seed S] --out FILE`;

let values: { parts: string; seed: string; format: string; out?: string; help?: boolean };
try {
  values = parseArgs({
    options: {
      parts: { type: 'string', default: '100' },
      seed: { type: 'string', default: '1' },
      format: { type: 'string', default: 'glb' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values as typeof values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const format = values.format as SampleFormat;
if (!SAMPLE_FORMATS.includes(format) || !values.out) {
  console.error(USAGE);
  process.exit(2);
}
const assembly = generateAssembly({ parts: Number(values.parts), seed: Number(values.seed) });
const bytes = await writeSample(assembly, format);
await writeFile(values.out, bytes);
console.log(`${values.out}: ${assembly.partCount} parts, ${bytes.byteLength} bytes`);
