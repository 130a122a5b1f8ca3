/**
 * GLB bytes -> ModelSource and glTF JSON. The direct reader handles what the conversion pipeline
 * writes; any other GLB goes through Babylon's glTF loader, imported only when needed.
 *
 * The meshopt decoder (its WebAssembly compiled as its module is evaluated) is a chunk of its own:
 * a shared link's model was read by the page's first frame, and the engine there never decodes.
 */
import type { Scene } from '@babylonjs/core/scene';
import { loadOnce } from '../../model/loadOnce';
import type { ModelSource } from '../geometry/modelSource';
import type { GltfJson } from './gltfJson';
import { type MeshoptDecode, parseGlbChunks, readGlb, UnsupportedGlbError } from './glbReader';

interface LoadedSource {
  json: GltfJson;
  source: ModelSource;
}

/**
 * The meshopt decoder, ready: imported once. A load that will read a model itself asks for it as it
 * starts, so the chunk arrives while the model downloads.
 */
export const loadMeshoptDecoder = loadOnce(async (): Promise<MeshoptDecode> => {
  const { MeshoptDecoder } = await import('meshoptimizer/decoder');
  await MeshoptDecoder.ready;
  return MeshoptDecoder.decodeGltfBuffer;
});

function usesMeshopt(json: GltfJson): boolean {
  return (json.extensionsUsed ?? []).includes('EXT_meshopt_compression');
}

export async function loadModelSource(bytes: Uint8Array, scene: Scene, onProgress: (progress: number) => void): Promise<LoadedSource> {
  try {
    const chunks = parseGlbChunks(bytes);
    const decode = usesMeshopt(chunks.json) ? await loadMeshoptDecoder() : null;
    const source = readGlb(chunks, decode, onProgress);
    return { json: chunks.json, source };
  } catch (error) {
    if (!(error instanceof UnsupportedGlbError)) throw error;
  }
  const [{ registerGltfLoader }, { importGlb }, { readModelSource }] = await Promise.all([
    import('./registerGltfLoader'),
    import('./importGlb'),
    import('./readModelSource'),
  ]);
  registerGltfLoader();
  const { container, json } = await importGlb(bytes, scene, onProgress);
  try {
    return { json, source: readModelSource(container, json) };
  } finally {
    container.dispose();
  }
}
