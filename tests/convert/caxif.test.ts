/**
 * The CAx-IF STEP test files shipped in the occt-import-js package: each converts, and the GLB
 * has the part names and tree that occt-import-js reports (its result is captured in the same
 * run, so each file is read once). Assemblies whose parts live in other files are refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFile } from '../../server/convert/convertFile.js';
import { loadOcct, type OcctModule, type OcctNode, type OcctResult } from '../../server/convert/importers/occtTypes.js';
import { glbTree, readGlb } from './glbTree.js';

const DIR = 'node_modules/occt-import-js/test/testfiles/cax-if';
const files = readdirSync(DIR, { recursive: true })
  .map(String)
  .filter((f) => /\.stp$/i.test(f))
  .sort();

/** The tree occt-import-js reports, as the converter maps it: the nameless root dropped, several solids of a node as named children. */
function reportedTree(result: OcctResult): string[] {
  const lines: string[] = [];
  const visit = (node: OcctNode, depth: number) => {
    lines.push(`${depth}:${node.name}`);
    if (node.meshes.length > 1 || node.children.length > 0) for (const m of node.meshes) lines.push(`${depth + 1}:${result.meshes[m].name}`);
    for (const child of node.children) visit(child, depth + 1);
  };
  if (result.root.meshes.length > 0) visit(result.root, 0);
  else for (const child of result.root.children) visit(child, 0);
  return lines;
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
    expect(glbTree(doc)).toEqual(reportedTree(report!));
    const triangles = report!.meshes.reduce((sum, m) => sum + m.index.array.length / 3, 0);
    expect(result.stats.triangles).toBe(triangles);
  }, 60_000);
});
