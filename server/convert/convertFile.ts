/**
 * The whole conversion of one file, on the current thread: check -> import -> share repeated
 * meshes -> GLB. The worker pool (converter.ts) runs this off the API's event loop.
 */
import { activityText } from '../../src/api/conversionActivity.js';
import type { ConversionNote } from '../../src/api/conversionNotes.js';
import { detectFormat } from './detect.js';
import { ConversionError, conversionErrors } from './errors.js';
import { writeGlb } from './glbWriter.js';
import { importModel, type ProgressCallback } from './importModel.js';
import { shareRepeatedMeshes } from './instancing.js';
import { sceneStats } from './scene.js';
import { machiningOfScene } from './machining/revisionMachining.js';
import type { ZipLimits } from './zipArchive.js';

interface ConvertInput {
  fileName: string;
  bytes: Uint8Array;
  maxBytes?: number;
  zipLimits?: ZipLimits;
  onProgress?: ProgressCallback;
  /** Threads this conversion may use, its own included; memory budget of each. */
  threads?: number;
  memoryLimitMb?: number;
}

export interface ConversionStats {
  triangles: number;
  lines: number;
  nodes: number;
  /** Nodes that draw geometry. */
  parts: number;
  /** Distinct meshes in the GLB (parts beyond this count are instances). */
  meshes: number;
  ms: number;
  /** Resident set size high-water mark of the converting process, bytes. */
  peakRssBytes: number;
  /** Time spent reading the panels' machining, summed over the threads that read parts (ms). */
  machiningMs: number;
}

export interface ConvertOutput {
  glb: Uint8Array;
  stats: ConversionStats;
  /** What the user should know about the conversion (losses, assumptions). */
  notes: ConversionNote[];
  /** The machining of its panels tied to the GLB's nodes (JSON), or null (server/convert/machining). */
  machining: Uint8Array | null;
}

export async function convertFile(input: ConvertInput): Promise<ConvertOutput> {
  const started = performance.now();
  const progress: ProgressCallback = input.onProgress ?? (() => {});
  progress(0, activityText({ step: 'checking' }));
  const format = detectFormat(input.fileName, input.bytes, { maxBytes: input.maxBytes });
  let scene;
  try {
    scene = await importModel(format, input.fileName, input.bytes, { onProgress: progress, zipLimits: input.zipLimits, threads: input.threads, memoryLimitMb: input.memoryLimitMb });
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw conversionErrors.brokenFile(input.fileName, format.toUpperCase());
  }
  const counts = sceneStats(scene);
  if (counts.triangles === 0 && counts.lines === 0) throw conversionErrors.emptyModel(input.fileName);
  progress(0.8, activityText({ step: 'sharing' }));
  scene = shareRepeatedMeshes(scene);
  const compressing = activityText({ step: 'compressing' });
  progress(0.85, compressing);
  const glb = await writeGlb(scene, { onProgress: (share) => progress(0.85 + 0.14 * share, compressing) });
  const tied = performance.now();
  const machining = machiningOfScene(scene);
  const machiningMs = (scene.machiningMs ?? 0) + performance.now() - tied;
  progress(1, activityText({ step: 'done' }));
  const notes = scene.notes ?? [];
  return {
    glb,
    notes,
    machining: machining && new TextEncoder().encode(JSON.stringify(machining)),
    stats: {
      ...counts,
      meshes: scene.meshes.length,
      ms: Math.round(performance.now() - started),
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      machiningMs: Math.round(machiningMs),
    },
  };
}
