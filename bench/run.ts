/**
 * `npm run bench [name ...] [--smoke] [--json file] [--repeats N]`: runs every bench under bench/
 * (files named *.bench.ts) or the ones named, and prints one table per bench.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatTable } from './lib/print';
import type { Bench, Table } from './lib/types';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { smoke: { type: 'boolean', default: false }, json: { type: 'string' }, repeats: { type: 'string' } },
});

const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
const selected = positionals.length ? files.filter((f) => positionals.some((p) => f.startsWith(p))) : files;
if (selected.length === 0) {
  console.error(`No bench named ${positionals.join(', ')}. Benches: ${files.map((f) => f.replace('.bench.ts', '')).join(', ')}`);
  process.exit(1);
}

const results: Record<string, Table[]> = {};
let failed = false;
for (const file of selected) {
  const bench = (await import(pathToFileURL(join(here, file)).href)).default as Bench;
  const started = Date.now();
  console.log(`\n# ${bench.name}: ${bench.description}`);
  try {
    const tables = await bench.run({
      smoke: values.smoke ?? false,
      repeats: values.repeats ? Number(values.repeats) : values.smoke ? 1 : 5,
      log: (line) => console.log(`  ${line}`),
    });
    results[bench.name] = tables;
    for (const table of tables) console.log(`\n${formatTable(table)}`);
    console.log(`\n(${bench.name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed = true;
    console.error(`Bench ${bench.name} failed:`, error);
  }
}

if (values.json) {
  writeFileSync(values.json, JSON.stringify({ date: new Date().toISOString(), smoke: values.smoke, results }, null, 2));
  console.log(`\nFigures written to ${values.json}`);
}
process.exit(failed ? 1 : 0);
