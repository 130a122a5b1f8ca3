/** Runs Babylon's glTF loader on GLB bytes into an asset container that never enters the scene. */
import type { AssetContainer } from '@babylonjs/core/assetContainer';
import { LoadAssetContainerAsync } from '@babylonjs/core/Loading/sceneLoader';
import type { Scene } from '@babylonjs/core/scene';
import type { GltfJson } from './gltfJson';

interface ImportedGlb {
  container: AssetContainer;
  json: GltfJson;
}

/** `onProgress` receives the share of glTF meshes created so far, 0..1. */
export async function importGlb(bytes: Uint8Array, scene: Scene, onProgress: (progress: number) => void): Promise<ImportedGlb> {
  let json: GltfJson = {};
  let expected = 1;
  let loaded = 0;
  const container = await LoadAssetContainerAsync(bytes, scene, {
    pluginExtension: '.glb',
    name: 'model.glb',
    pluginOptions: {
      gltf: {
        // Colours are read from the glTF JSON and the engine builds its own shared materials.
        skipMaterials: true,
        compileMaterials: false,
        loadAllMaterials: false,
        createInstances: true,
        onParsed: (data) => {
          json = data.json as GltfJson;
          expected = Math.max(1, (json.nodes ?? []).filter((n) => n.mesh !== undefined).length);
        },
        onMeshLoaded: () => {
          loaded++;
          onProgress(Math.min(1, loaded / expected));
        },
      },
    },
  });
  onProgress(1);
  return { container, json };
}
