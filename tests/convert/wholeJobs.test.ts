/**
 * Whole jobs as cabinet software exports them (samples/realJob), read part by part: every part,
 * name, place and hole is kept, whether the export shares identical parts or gives every part its
 * own solid, and the progress moves with the reading.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateJob, jobToStep } from '../../samples/realJob/job.js';
import { convertFile } from '../../server/convert/convertFile.js';
import { importStepByParts } from '../../server/convert/importers/stepByParts.js';
import { planStepParts } from '../../server/convert/importers/stepParts.js';
import { cadqueryCabinet, parametricKitchen } from './helpers/stepAssemblies.js';
import { glbTree, readGlb } from './glbTree.js';
import { leaves, wholeFile, type Leaf } from './helpers/sceneLeaves.js';

const encode = (text: string) => new TextEncoder().encode(text);

const summary = (list: Leaf[]) => list.map((l) => `${l.path} ${l.triangles} ${l.bounds}`).sort();

// Each test reads a whole job through OpenCascade twice (part by part, then whole): beyond the default 30 s on a busy machine.
describe('a whole job read part by part', { timeout: 120_000 }, () => {
  const job = generateJob({ cabinets: 2, seed: 3 });

  for (const shared of [true, false]) {
    it(`${shared ? 'identical parts shared' : 'every part its own solid'}: the parts, names and places the whole-file reader gives`, async () => {
      const bytes = encode(jobToStep(job, { shared }));
      const byParts = await importStepByParts('job.stp', bytes, { minOccurrences: 0, groupBytes: 40_000 });
      expect(byParts).toBeDefined();
      const ours = leaves(byParts!);
      expect(ours).toHaveLength(job.partCount);
      expect(summary(ours)).toEqual(summary(leaves(await wholeFile(bytes))));
      // Distinct parts are read once: far fewer meshes than parts.
      expect(byParts!.meshes.length).toBeLessThan(job.partCount / 2);
    });
  }

  it('a job made to measure (no panel repeats): every part, name, place and hole the whole-file reader gives', async () => {
    const custom = generateJob({ cabinets: 3, seed: 4, custom: true });
    const bytes = encode(jobToStep(custom, { shared: true }));
    const byParts = await importStepByParts('job.stp', bytes, { minOccurrences: 0, groupBytes: 40_000 });
    const ours = leaves(byParts!);
    expect(ours).toHaveLength(custom.partCount);
    expect(summary(ours)).toEqual(summary(leaves(await wholeFile(bytes))));
    // No two panels alike: only hardware (hinges, legs, pins, handles) shares a mesh.
    const panels = ours.filter((l) => !/\/(Hinge|Leg|Shelf pin|Handle|Runner)[^/]*$/.test(l.path));
    const sizes = new Set(panels.map((l) => /\+([^|/]+)\|[^/]*$/.exec(l.path)![1]));
    expect(sizes.size).toBeGreaterThan(panels.length / 2);
    // The system holes of every side are there, whatever its height.
    const hole = Math.PI * 2.5 ** 2 * 12;
    const sides = ours.filter((l) => /\/(Left|Right) side\+\d+x18x\d+mm/.test(l.path) && !l.path.includes('Drawer'));
    expect(sides.length).toBe(6);
    for (const side of sides) {
      const [h, , d] = /\+(\d+)x(18)x(\d+)mm/.exec(side.path)!.slice(1).map(Number);
      const rows = 2 * (Math.floor((h - 2 * 96) / 32) + 1);
      // And the back's groove: 8 wide, 8 deep, stopped 20 mm from each end.
      const groove = 8 * 8 * (h - 40);
      expect(side.volume).toBeLessThan(h * d * 18 - groove - rows * hole * 0.97);
      expect(side.volume).toBeGreaterThan(h * d * 18 - groove - rows * hole * 1.001);
    }
  });

  it('read on two threads, the job is the same, meshes in the same order', async () => {
    const bytes = encode(jobToStep(job, { shared: false }));
    const options = { minOccurrences: 0, groupBytes: 30_000 };
    const one = await importStepByParts('job.stp', bytes, options);
    const two = await importStepByParts('job.stp', bytes, { ...options, threads: 2 });
    expect(two!.meshes.map((m) => m.name)).toEqual(one!.meshes.map((m) => m.name));
    expect(leaves(two!)).toEqual(leaves(one!));
  });

  it('every hole is there: a side panel lacks 34 holes of 5 mm by 12 mm and its back groove, a door two 35 mm cups', async () => {
    const scene = await importStepByParts('job.stp', encode(jobToStep(job, { shared: false })), { minOccurrences: 0 });
    const all = leaves(scene!);
    // Two rows of 5 mm holes at 32 mm pitch from 96 to 624 mm up a 720 mm side: 2 x 17.
    const hole = Math.PI * 2.5 ** 2 * 12;
    const sides = all.filter((l) => /\/(Left|Right) side\+720x18x560mm/.test(l.path) && !l.path.includes('Drawer'));
    expect(sides.length).toBeGreaterThan(0);
    for (const side of sides) {
      // A tessellated hole is a polygon inside its circle: at most 3 % less than the round hole.
      const groove = 8 * 8 * (720 - 40);
      expect(side.volume).toBeLessThan(720 * 560 * 18 - groove - 34 * hole * 0.97);
      expect(side.volume).toBeGreaterThan(720 * 560 * 18 - groove - 34 * hole * 1.001);
    }
    const cup = Math.PI * 17.5 ** 2 * 12.5;
    const doors = all.filter((l) => /\/(Left door|Right door|Door)\+/.test(l.path));
    expect(doors.length).toBeGreaterThan(0);
    for (const door of doors) {
      const [w, h] = /\+([\d,]+)x19x([\d,]+)mm/.exec(door.path)!.slice(1).map((v) => Number(v.replace(',', '.')));
      expect(door.volume).toBeLessThan(w * h * 19 - 2 * cup * 0.97);
    }
  });

  it('names and nesting as the whole-file reader gives them on CadQuery and parametric assemblies', async () => {
    for (const text of [cadqueryCabinet(), parametricKitchen()]) {
      const bytes = encode(text);
      const byParts = await importStepByParts('a.stp', bytes, { minOccurrences: 0 });
      expect(summary(leaves(byParts!))).toEqual(summary(leaves(await wholeFile(bytes))));
    }
  });

  it('the CAx-IF assemblies shipped with occt-import-js: the same parts, names and places as the whole-file reader', async () => {
    const dir = 'node_modules/occt-import-js/test/testfiles/cax-if';
    const assemblies = ['as1_pe_203.stp', 'as1-oc-214.stp', 'dm1-oc-214.stp', 'dm1-pe-214.stp', 'dm1-id-214.stp'];
    for (const name of assemblies) {
      const bytes = new Uint8Array(readFileSync(`${dir}/${name}`));
      const byParts = await importStepByParts(name, bytes, { minOccurrences: 0 });
      expect(byParts, name).toBeDefined();
      const ours = summary(leaves(byParts!));
      expect(ours.length, name).toBeGreaterThan(1);
      expect(ours, name).toEqual(summary(leaves(await wholeFile(bytes))));
    }
  });

  it('a file this reader does not follow is left to the whole-file reader', () => {
    const text = jobToStep(job, { shared: true });
    expect(planStepParts(text)).toBeDefined();
    // An occurrence without its placement.
    expect(planStepParts(text.replace(/CONTEXT_DEPENDENT_SHAPE_REPRESENTATION/, 'CONTEXT_DEPENDENT_SHAPE_REPRESENTATIO'))).toBeUndefined();
    // Two length units.
    expect(planStepParts(text.replace(/\.MILLI\.,\.METRE\./, '.CENTI.,.METRE.').replace(/SI_UNIT\(\$,\.RADIAN\.\)\)/, 'SI_UNIT($,.RADIAN.))\n#999999=(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNIT_ASSIGNED_CONTEXT((#999998))REPRESENTATION_CONTEXT(\'\',\'\'));\n#999998=(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.));'))).toBeUndefined();
    expect(planStepParts('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=PRODUCT(;\nENDSEC;')).toBeUndefined();
  });
});

describe('progress that moves', () => {
  it('one message per group of parts read, with increasing values, from the first to the last part', async () => {
    const job = generateJob({ cabinets: 4, seed: 5 });
    const messages: Array<[number, string]> = [];
    const bytes = encode(jobToStep(job, { shared: false }));
    await importStepByParts('job.stp', bytes, { minOccurrences: 0, groupBytes: 30_000, onProgress: (p, a) => messages.push([p, a]) });
    const reading = messages.filter(([, a]) => a.startsWith('Reading parts'));
    const counts = reading.map(([, a]) => /(\d+) of (\d+)/.exec(a)!.slice(1).map(Number));
    const total = counts[0][1];
    expect(counts[0][0]).toBe(0);
    expect(counts.at(-1)).toEqual([total, total]);
    // A group of about 30 KB of records: the distinct parts of four cabinets make several.
    expect(reading.length).toBeGreaterThan(4);
    for (let i = 1; i < counts.length; i++) expect(counts[i][0]).toBeGreaterThan(counts[i - 1][0]);
    for (let i = 1; i < messages.length; i++) expect(messages[i][0]).toBeGreaterThan(messages[i - 1][0]);
  });

  it('through the whole conversion the values only grow, to 1, and the GLB holds every part', async () => {
    const job = generateJob({ cabinets: 2, seed: 6 });
    const values: number[] = [];
    const { glb, stats } = await convertFile({ fileName: 'job.stp', bytes: encode(jobToStep(job, { shared: true })), onProgress: (p) => values.push(p) });
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1]);
    expect(values.at(-1)).toBe(1);
    expect(stats.parts).toBe(job.partCount);
    const tree = glbTree(await readGlb(glb));
    expect(tree.filter((line) => line.includes('Hinge+')).length).toBeGreaterThan(0);
  });
});
