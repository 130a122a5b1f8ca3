/**
 * Writes a generated kitchen to a file:
 *   tsx samples/cli.ts --parts 1000 --format glb|step|dxf|dae|zip|vok [--seed 1] --out kitchen.glb
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateAssembly } from './generate.js';
import { SAMPLE_FORMATS, writeSample, type SampleFormat } from './writers/index.js';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    format: { type: 'string', default: 'glb' },
    out: { type: 'string' },
  },
});

const format = values.format as SampleFormat;
if (!SAMPLE_FORMATS.includes(format) || !values.out) {
  console.error(`usage: tsx samples/cli.ts --parts N --format ${SAMPLE_FORMATS.join('|')} [--seed S] --out FILE`);
  process.exit(2);
}
const assembly = generateAssembly({ parts: Number(values.parts), seed: Number(values.seed) });
const bytes = await writeSample(assembly, format);
await writeFile(values.out, bytes);
console.log(`${values.out}: ${assembly.partCount} parts, ${bytes.byteLength} bytes`);
