/** The same geometry as our GLB, written by @gltf-transform/core as plain float32 attributes (no quantization, no compression). */
import { writeGlb } from '../../server/convert/glbWriter';
import type { Assembly } from '../../samples/assembly';
import { assemblyToScene } from '../../samples/toScene';

export function assemblyToPlainGlb(assembly: Assembly): Promise<Uint8Array> {
  return writeGlb(assemblyToScene(assembly), { compress: false });
}
