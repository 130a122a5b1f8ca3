/**
 * Every bench runs once at its smallest size (`npm run bench -- --smoke`), so that a broken bench
 * fails CI. No figure is asserted: benches are not tests. Each bench must produce at least one
 * table whose rows carry finite samples.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Table } from '../../bench/lib/types';

const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort();
const dir = mkdtempSync(join(tmpdir(), 'cv-bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('benches (smoke: smallest size, one run)', () => {
  let figures: { smoke: boolean; results: Record<string, Table[]> } | undefined;
  let output = '';

  it('all run in one `bench --smoke`', { timeout: 400_000 }, () => {
    const file = join(dir, 'smoke.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke', '--json', file], {
      encoding: 'utf8',
      timeout: 390_000,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    });
    output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    figures = JSON.parse(readFileSync(file, 'utf8'));
    expect(figures?.smoke).toBe(true);
  });

  it.each(benches)('%s printed its tables', (name) => {
    expect(figures, 'the smoke run failed').toBeDefined();
    const tables = figures!.results[name];
    expect(tables, `${name} produced no table\n${output}`).toBeDefined();
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.rows.length, `${name}: ${table.title} has no rows`).toBeGreaterThan(0);
      for (const row of table.rows) {
        const values = Object.values(row.samples).flat();
        expect(values.length, `${name}: ${row.label} has no samples`).toBeGreaterThan(0);
        expect(values.every((v) => Number.isFinite(v)), `${name}: ${row.label} has a non-finite sample`).toBe(true);
      }
    }
  });
});
