/** The generated assembly packed as .zip (a DAE plus a texture) and as .vok (the product's package). */
import { zipSync } from 'fflate';
import { writeVok } from '../../server/convert/vokPackage.js';
import type { Assembly } from '../assembly.js';
import { assemblyToDae } from './dae.js';

const encode = (text: string) => new TextEncoder().encode(text);

/** A 1x1 white PNG, standing in for a texture that travels with the model. */
export const WHITE_PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64'),
);

export function assemblyToZip(assembly: Assembly): Uint8Array {
  return zipSync(
    { 'kitchen/kitchen.dae': encode(assemblyToDae(assembly)), 'kitchen/textures/white.png': WHITE_PNG },
    { level: 6, mtime: new Date('2025-01-01T00:00:00Z') },
  );
}

export function assemblyToVok(assembly: Assembly, units: 'mm' | 'in' = 'mm'): Uint8Array {
  return writeVok({
    name: assembly.name,
    units,
    model: { fileName: 'model.dae', bytes: encode(assemblyToDae(assembly)) },
    resources: { 'textures/white.png': WHITE_PNG },
  });
}
