/** Every file format the generator writes, by the extension it is saved with. */
import type { Assembly } from '../assembly.js';
import { assemblyToGlb } from '../toGlb.js';
import { assemblyToDae } from './dae.js';
import { assemblyToDxf } from './dxf.js';
import { assemblyToVok, assemblyToZip } from './packages.js';
import { assemblyToStep } from './step.js';

export const SAMPLE_FORMATS = ['glb', 'step', 'dxf', 'dae', 'zip', 'vok'] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];

export const SAMPLE_EXTENSION: Record<SampleFormat, string> = { glb: '.glb', step: '.stp', dxf: '.dxf', dae: '.dae', zip: '.zip', vok: '.vok' };

export async function writeSample(assembly: Assembly, format: SampleFormat): Promise<Uint8Array> {
  const encode = (text: string) => new TextEncoder().encode(text);
  switch (format) {
    case 'glb':
      return assemblyToGlb(assembly);
    case 'step':
      return encode(assemblyToStep(assembly));
    case 'dxf':
      return encode(assemblyToDxf(assembly));
    case 'dae':
      return encode(assemblyToDae(assembly));
    case 'zip':
      return assemblyToZip(assembly);
    case 'vok':
      return assemblyToVok(assembly);
  }
}
