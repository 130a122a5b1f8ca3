/**
 * AR files per revision ("View in your room"): for the 2,000-part generated kitchen (DAE) and the
 * 60-cabinet real-weight job (samples/realJob, STEP with shared parts), each converted once by the
 * real converter, then the AR files made from the converted GLB as a conversion makes them
 * (`makeArModel`, on this thread, after a warm-up): wall time, AR GLB and USDZ bytes, triangles
 * before and after simplification; and one cabinet alone (`node`), as the server makes it on the
 * first request. No reference: the row is the cost the revision pays for AR.
 *
 * BENCH_AR=kitchen or BENCH_AR=job runs one row.
 */
import { makeArModel } from '../server/convert/ar/arModel';
import { convertFile } from '../server/convert/convertFile';
import { generateAssembly } from '../samples/generate';
import { generateJob, jobToStep } from '../samples/realJob/job';
import { writeSample } from '../samples/writers/index';
import type { Bench, Row, Table } from './lib/types';

interface Job {
  label: string;
  fileName: string;
  bytes: () => Promise<Uint8Array>;
}

/**
 * The first cabinet, as a phone's "View this cabinet" picks it from a selected part: the parent of
 * the first node with a mesh (depth first), read from the GLB's JSON chunk.
 */
function firstCabinet(glb: Uint8Array): number {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { scene?: number; scenes: { nodes?: number[] }[]; nodes: { mesh?: number; children?: number[] }[] };
  const find = (index: number, parent: number): number => {
    if (json.nodes[index].mesh !== undefined) return parent;
    for (const child of json.nodes[index].children ?? []) {
      const found = find(child, index);
      if (found >= 0) return found;
    }
    return -1;
  };
  for (const root of json.scenes[json.scene ?? 0]?.nodes ?? []) {
    const found = find(root, -1);
    if (found >= 0) return found;
  }
  return -1;
}

function jobs(smoke: boolean): Job[] {
  const parts = smoke ? 100 : 2000;
  const cabinets = smoke ? 2 : 60;
  return [
    { label: `${parts.toLocaleString('en-US')}-part kitchen (DAE)`, fileName: 'kitchen.dae', bytes: () => writeSample(generateAssembly({ parts, seed: 1 }), 'dae') },
    {
      label: `${cabinets}-cabinet job (STEP, shared parts)`,
      fileName: 'job.stp',
      bytes: async () => new TextEncoder().encode(jobToStep(generateJob({ cabinets, seed: 1 }), { shared: true })),
    },
  ];
}

const metrics: Table['metrics'] = [
  { key: 'ms', label: 'AR files', unit: 'ms', better: 'lower', digits: 0 },
  { key: 'glbKb', label: 'AR GLB', unit: 'KB', better: 'lower', digits: 0 },
  { key: 'usdzKb', label: 'USDZ', unit: 'KB', better: 'lower', digits: 0 },
  { key: 'sourceTriangles', label: 'triangles', unit: '', better: 'lower', digits: 0 },
  { key: 'triangles', label: 'AR triangles', unit: '', better: 'higher', digits: 0 },
  { key: 'cabinetMs', label: 'one cabinet', unit: 'ms', better: 'lower', digits: 0 },
  { key: 'cabinetUsdzKb', label: 'its USDZ', unit: 'KB', better: 'lower', digits: 1 },
];

const bench: Bench = {
  name: 'ar',
  description: 'AR files per revision (AR GLB and USDZ) of the 2,000-part kitchen and the 60-cabinet job, and one cabinet alone',
  async run({ smoke, repeats, log }) {
    const only = process.env.BENCH_AR;
    const rows: Row[] = [];
    const notes: string[] = [];
    for (const job of jobs(smoke)) {
      if (only && !job.label.includes(only === 'job' ? 'cabinet job' : 'kitchen')) continue;
      const { glb } = await convertFile({ fileName: job.fileName, bytes: await job.bytes() });
      const node = firstCabinet(glb);
      await makeArModel(glb); // warm-up: the meshoptimizer modules compiled, the code paths hot
      const samples: Record<string, number[]> = { ms: [], glbKb: [], usdzKb: [], sourceTriangles: [], triangles: [], cabinetMs: [], cabinetUsdzKb: [] };
      for (let i = 0; i < repeats; i++) {
        let started = performance.now();
        const ar = (await makeArModel(glb))!;
        samples.ms.push(performance.now() - started);
        samples.glbKb.push(ar.glb.byteLength / 1024);
        samples.usdzKb.push(ar.usdz.byteLength / 1024);
        samples.sourceTriangles.push(ar.sourceTriangles);
        samples.triangles.push(ar.triangles);
        if (node >= 0) {
          started = performance.now();
          const cabinet = (await makeArModel(glb, { node }))!;
          samples.cabinetMs.push(performance.now() - started);
          samples.cabinetUsdzKb.push(cabinet.usdz.byteLength / 1024);
        }
        if (i === 0 && ar.simplified) notes.push(`${job.label}: simplified to ${ar.triangles.toLocaleString('en-US')} of ${ar.sourceTriangles.toLocaleString('en-US')} triangles${ar.overBudget ? ', still over budget' : ''}.`);
      }
      log(`${job.label}: AR files in ${samples.ms[0].toFixed(0)} ms, USDZ ${samples.usdzKb[0].toFixed(0)} KB`);
      rows.push({ label: job.label, samples });
    }
    notes.push('Times on this thread, after a warm-up; a server makes them in a conversion thread (whole model: at conversion; one cabinet: on its first request).');
    return [{ title: 'AR files per revision', reference: 'none (the cost AR adds to a revision)', metrics, rows, notes }];
  },
};

export default bench;
