/**
 * No source file of the product (src/, server/) runs past 300 lines: a file that long holds more
 * than one idea, and a newcomer cannot hold it in mind. The i18n files typesafe-i18n generates are
 * not written by hand and do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const MAX_LINES = 300;
const GENERATED = /src\/i18n\/i18n-(types|util[^/]*)\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function longFiles(files: string[], max = MAX_LINES): string[] {
  return files
    .filter((file) => !GENERATED.test(file))
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > max)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe('source files stay short', () => {
  it(`has no hand-written file of src/ or server/ over ${MAX_LINES} lines`, () => {
    expect(longFiles([...sources(join(root, 'src')), ...sources(join(root, 'server'))])).toEqual([]);
  });

  it('would name one (the rule can fail)', () => {
    expect(longFiles([join(root, 'src/i18n/en/workshop.ts')], 10)).toEqual([expect.stringMatching(/^src\/i18n\/en\/workshop\.ts: \d+ lines$/)]);
  });
});
