/**
 * A parser's chatter stays out of the server's stdout (which carries only the login line) and out
 * of its logs beyond a few lines: the conversion worker keeps the first lines for a debug log.
 */
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_LINES, MAX_LINE_CHARS } from '../../server/convert/workerConsole.js';
import { runTsx } from '../server/helpers/spawnTsx.js';

describe('the conversion worker console', () => {
  it('a DXF that makes dxf-parser print 5,000 warnings writes nothing to stdout', async () => {
    const run = await runTsx('tests/convert/helpers/convertNoisy.ts', [], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.length).toBeLessThan(20_000);
    const report = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as {
      triangles: number;
      output: { lines: string[]; dropped: number };
    };
    expect(report.triangles).toBeGreaterThan(0);
    expect(report.output.lines).toHaveLength(MAX_KEPT_LINES);
    expect(report.output.lines[1]).toMatch(/^WARNING: Group code does not have a defined type/);
    expect(report.output.lines.every((line) => line.length <= MAX_LINE_CHARS + 1)).toBe(true);
    expect(report.output.dropped).toBeGreaterThan(4900);
  });
});
