/**
 * Writes the bundled sample model (the `/sandbox` page and the demo project): a ~60-part kitchen.
 * Called from the build; the GLB is generated, not committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { generateAssembly } from './generate.js';
import { assemblyToGlb } from './toGlb.js';

export const PUBLIC_SAMPLE = { parts: 60, seed: 1 } as const;

/** Writes the sample GLB to `path` (creating its folder) and returns its size in bytes. */
export async function writePublicSample(path: string): Promise<number> {
  const glb = await assemblyToGlb(generateAssembly(PUBLIC_SAMPLE));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, glb);
  return glb.byteLength;
}
