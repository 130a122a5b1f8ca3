/** The generated assembly as the GLB the conversion pipeline outputs (same writer). */
import { writeGlb } from '../server/convert/glbWriter.js';
import type { Assembly } from './assembly.js';
import { assemblyToScene } from './toScene.js';

export function assemblyToGlb(assembly: Assembly): Promise<Uint8Array> {
  return writeGlb(assemblyToScene(assembly));
}
