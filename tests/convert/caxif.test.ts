/**
 * The CAx-IF STEP test files shipped in the occt-import-js package: each converts with every
 * triangle occt-import-js reports, and every node is named with a name the file gives (a
 * product's or an occurrence's; the tree itself is checked in stepAssemblies.test.ts), never
 * blank or an identifier. Its result is captured
 * in the same run, so each file is read once. Assemblies whose parts live in other files are refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFile } from '../../server/convert/convertFile.js';
import { loadOcct, type OcctModule, type OcctResult } from '../../server/convert/importers/occtTypes.js';
import { decodeStepString, isIdentifierName } from '../../server/convert/importers/stepProducts.js';
import { glbTree, readGlb } from './glbTree.js';

const DIR = 'node_modules/occt-import-js/test/testfiles/cax-if';
const files = readdirSync(DIR, { recursive: true })
  .map(String)
  .filter((f) => /\.stp$/i.test(f))
  .sort();

/** Every string the file holds, decoded. */
function fileStrings(bytes: Uint8Array): Set<string> {
  const text = new TextDecoder('latin1').decode(bytes);
  return new Set([...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => decodeStepString(m[1].replace(/''/g, "'"))));
}

let occt: OcctModule;
let original: OcctModule['ReadStepFile'];
let captured: OcctResult | undefined;

beforeAll(async () => {
  occt = await loadOcct();
  original = occt.ReadStepFile;
  occt.ReadStepFile = (content, params) => (captured = original.call(occt, content, params));
});
afterAll(() => {
  occt.ReadStepFile = original;
});

describe('CAx-IF STEP files from occt-import-js', () => {
  it('ship with the package', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files)('%s', async (file) => {
    const bytes = readFileSync(join(DIR, file));
    captured = undefined;
    const conversion = convertFile({ fileName: file.split('/').pop()!, bytes }).then(
      (r) => r,
      (e: Error) => e,
    );
    const result = await conversion;
    const report = captured as OcctResult | undefined;
    expect(report?.success).toBe(true);
    if (report!.meshes.length === 0) {
      expect(result).toMatchObject({ code: 'step_external_references' });
      return;
    }
    if (result instanceof Error) throw result;
    const doc = await readGlb(result.glb);
    const strings = fileStrings(bytes);
    for (const line of glbTree(doc)) {
      const name = line.slice(line.indexOf(':') + 1);
      expect(isIdentifierName(name)).toBe(false);
      expect(strings).toContain(name);
    }
    const triangles = report!.meshes.reduce((sum, m) => sum + m.index.array.length / 3, 0);
    expect(result.stats.triangles).toBe(triangles);
  }, 60_000);
});
