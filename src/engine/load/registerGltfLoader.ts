/**
 * Registers the glTF loader once, with its extensions loaded on demand, and routes meshopt
 * decoding to the decoder bundled with the app (the `meshoptimizer` package, the same version as
 * the encoder of the conversion pipeline), so that nothing is fetched from a CDN.
 */
import { RegisterSceneLoaderPlugin } from '@babylonjs/core/Loading/sceneLoader';
import { MeshoptCompression } from '@babylonjs/core/Meshes/Compression/meshoptCompression';
import { GLTFFileLoaderMetadata } from '@babylonjs/loaders/glTF/glTFFileLoader.metadata';
import { registerBuiltInGLTFExtensions } from '@babylonjs/loaders/glTF/2.0/Extensions/dynamic';
import { MeshoptDecoder } from 'meshoptimizer/decoder';

let registered = false;

/** The part of MeshoptCompression that the glTF meshopt extension calls. */
interface MeshoptDecoderFacade {
  decodeGltfBufferAsync(source: Uint8Array, count: number, stride: number, mode: 'ATTRIBUTES' | 'TRIANGLES' | 'INDICES', filter?: string): Promise<Uint8Array>;
  dispose(): void;
}

const bundledDecoder: MeshoptDecoderFacade = {
  async decodeGltfBufferAsync(source, count, stride, mode, filter) {
    await MeshoptDecoder.ready;
    const target = new Uint8Array(count * stride);
    MeshoptDecoder.decodeGltfBuffer(target, count, stride, source, mode, filter);
    return target;
  },
  dispose() {},
};

export function registerGltfLoader(meshoptDecoderUrl?: string): void {
  if (meshoptDecoderUrl) {
    // An explicitly hosted decoder script replaces the bundled one.
    MeshoptCompression.Configuration = { decoder: { url: meshoptDecoderUrl } };
    (MeshoptCompression as unknown as { _Default: unknown })._Default = null;
  } else {
    (MeshoptCompression as unknown as { _Default: MeshoptDecoderFacade })._Default = bundledDecoder;
  }
  if (registered) return;
  registered = true;
  RegisterSceneLoaderPlugin({
    ...GLTFFileLoaderMetadata,
    createPlugin: async (options) => {
      const [{ GLTFFileLoader, RegisterGLTF2Loader }, { RegisterInstancedMesh }] = await Promise.all([
        import('@babylonjs/loaders/glTF/2.0/glTFLoader.pure'),
        import('@babylonjs/core/Meshes/instancedMesh.pure'),
      ]);
      RegisterInstancedMesh();
      RegisterGLTF2Loader();
      return new GLTFFileLoader(options[GLTFFileLoaderMetadata.name]);
    },
  });
  registerBuiltInGLTFExtensions();
}
