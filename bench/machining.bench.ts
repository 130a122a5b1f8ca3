/**
 * Machining from the model: the generated drilled job (samples/realJob) of 150 cabinets (2 in a
 * smoke run), written with identical parts shared and with every part its own solid, and the same
 * job made to measure (no panel repeats), converted by
 * the real converter (default pool) with the machining read, against the same conversion with it
 * left out (MACHINING_READ=0, same run: the reference). Then, from what the conversion stored, the
 * time to build the machining list and the zip (a DXF per panel, the drilling CSV) and a cabinet's
 * drawing PDF, as the routes do on request.
 *
 * Targets: at most 20 % more on the conversion, or the zip within 10 s of asking.
 */
import { generateJob, jobToStep } from '../samples/realJob/job';
import { createConverter } from '../server/convert/converter';
import { panelDrawingPdf } from '../server/http/machiningDrawing';
import { machiningZip } from '../server/http/machiningFiles';
import { DEFAULT_WORKSHOP_SETTINGS } from '../src/model/cutting/workshopSettings';
import { DEFAULT_MACHINING_LAYERS } from '../src/model/machining/dxfLayers';
import { machiningList } from '../src/model/machining/machiningList';
import { revisionMachiningSchema } from '../src/model/machining/panelMachining';
import { namedTreeOfGlb } from '../src/model/parts/gltfPartTree';
import { median } from './lib/stats';
import type { Bench, Row, Table } from './lib/types';

const TARGETS = { extraShare: 0.2, zipMs: 10_000 };

async function convert(fileName: string, bytes: Uint8Array, machining: boolean, warmUp: boolean) {
  const before = process.env.MACHINING_READ;
  process.env.MACHINING_READ = machining ? '1' : '0';
  const converter = createConverter();
  try {
    // Threads started and WebAssembly compiled, as in a running server.
    if (warmUp) await converter.convert({ fileName: 'warm-up.stp', bytes: new TextEncoder().encode(jobToStep(generateJob({ cabinets: 1, seed: 9 }), { shared: true })) });
    const started = performance.now();
    const out = await converter.convert({ fileName, bytes: bytes.slice() });
    return { ms: performance.now() - started, out };
  } finally {
    await converter.close();
    if (before === undefined) delete process.env.MACHINING_READ;
    else process.env.MACHINING_READ = before;
  }
}

const bench: Bench = {
  name: 'machining',
  description: 'machining read at conversion (150-cabinet drilled job, shared and one solid per part) against the conversion without it; zip and PDF built on request',
  async run({ smoke, repeats, log }) {
    const cabinets = smoke ? 2 : 150;
    const runs = smoke ? 1 : Math.min(repeats, 2);
    const rows: Row[] = [];
    const files: Row[] = [];
    const notes: string[] = [];
    // A smoke run proves the bench on the shared layout alone; the custom-size job has no panel that repeats.
    const layouts = smoke ? (['shared'] as const) : (['shared', 'flat', 'custom'] as const);
    for (const layout of layouts) {
      const label = `${cabinets} ${layout === 'custom' ? 'custom ' : ''}cabinets, ${layout === 'flat' ? 'one solid per part' : 'shared parts'}`;
      const bytes = new TextEncoder().encode(jobToStep(generateJob({ cabinets, seed: 3, custom: layout === 'custom' }), { shared: layout !== 'flat' }));
      const withMs: number[] = [];
      const withoutMs: number[] = [];
      const readMs: number[] = [];
      let last: Awaited<ReturnType<typeof convert>>['out'] | undefined;
      for (let i = 0; i < runs; i++) {
        const without = await convert('job.stp', bytes, false, !smoke);
        withoutMs.push(without.ms);
        const withIt = await convert('job.stp', bytes, true, !smoke);
        withMs.push(withIt.ms);
        readMs.push(withIt.out.stats.machiningMs);
        last = withIt.out;
        log(`${label}: ${Math.round(withIt.ms)} ms with machining (${withIt.out.stats.machiningMs} ms of reading over the threads), ${Math.round(without.ms)} ms without`);
      }
      rows.push({ label: `${label}, without machining (reference)`, samples: { ms: withoutMs } });
      rows.push({ label: `${label}, with machining`, samples: { ms: withMs, readMs }, versus: `${label}, without machining (reference)` });
      const extra = median(withMs) / median(withoutMs) - 1;
      notes.push(`${label}: ${(extra * 100).toFixed(1)} % more on the conversion (target at most ${TARGETS.extraShare * 100} %)`);
      // On request: the list, the zip, a cabinet's drawings.
      const stored = revisionMachiningSchema.parse(JSON.parse(new TextDecoder().decode(last!.assets.machining!)));
      const tree = namedTreeOfGlb(last!.glb)!;
      const zipMs: number[] = [];
      const pdfMs: number[] = [];
      let zipBytes = 0;
      let panels = 0;
      let bores = 0;
      for (let i = 0; i < Math.max(1, runs); i++) {
        let started = performance.now();
        const list = machiningList(tree, DEFAULT_WORKSHOP_SETTINGS, stored, 1);
        const zip = machiningZip(list.panels, DEFAULT_MACHINING_LAYERS);
        zipMs.push(performance.now() - started);
        zipBytes = zip.byteLength;
        panels = list.panels.length;
        bores = list.panels.reduce((sum, p) => sum + p.bores.length, 0);
        const cabinet = list.panels.find((p) => p.cabinetNode)!.cabinetNode;
        started = performance.now();
        await panelDrawingPdf(list.panels.filter((p) => p.cabinetNode === cabinet), 'cabinet', 'en');
        pdfMs.push(performance.now() - started);
      }
      files.push({ label, samples: { zipMs, zipKb: [zipBytes / 1024], pdfMs, panels: [panels], bores: [bores], machiningKb: [last!.assets.machining!.byteLength / 1024] } });
      notes.push(`${label}: the zip of ${panels} panels and ${bores} bores in ${Math.round(median(zipMs))} ms (target within ${TARGETS.zipMs / 1000} s of asking)`);
    }
    const conversion: Table = {
      title: 'Conversion with the machining read',
      reference: 'the same conversion with the machining left out (MACHINING_READ=0), same run',
      metrics: [
        { key: 'ms', label: 'conversion', unit: 'ms', better: 'lower' },
        { key: 'readMs', label: 'machining read (sum over threads)', unit: 'ms', better: 'lower' },
      ],
      rows,
      notes,
    };
    const onRequest: Table = {
      title: 'Machining files on request',
      reference: 'the 10 s target',
      metrics: [
        { key: 'zipMs', label: 'list + zip', unit: 'ms', better: 'lower' },
        { key: 'zipKb', label: 'zip', unit: 'KB', better: 'lower' },
        { key: 'pdfMs', label: "a cabinet's PDF", unit: 'ms', better: 'lower' },
        { key: 'panels', label: 'panels', unit: '', better: 'higher' },
        { key: 'bores', label: 'bores', unit: '', better: 'higher' },
        { key: 'machiningKb', label: 'stored JSON', unit: 'KB', better: 'lower' },
      ],
      rows: files,
    };
    return [conversion, onRequest];
  },
};

export default bench;
