/** The fields of the glTF JSON that the engine reads. */
export interface GltfJson {
  asset?: { version?: string };
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  scene?: number;
  scenes?: Array<{ nodes?: number[] }>;
  nodes?: Array<{
    name?: string;
    children?: number[];
    mesh?: number;
    matrix?: number[];
    translation?: number[];
    rotation?: number[];
    scale?: number[];
  }>;
  meshes?: Array<{
    primitives: Array<{ mode?: number; material?: number; indices?: number; attributes: Record<string, number> }>;
    /** The mesh's coarse level (src/model/geometry/coarseLevel.ts). */
    extensions?: { CV_coarse_mesh?: { mesh?: number } };
  }>;
  materials?: Array<{
    name?: string;
    pbrMetallicRoughness?: { baseColorFactor?: number[] };
    alphaMode?: 'OPAQUE' | 'MASK' | 'BLEND';
    doubleSided?: boolean;
  }>;
  accessors?: Array<{
    bufferView?: number;
    byteOffset?: number;
    componentType: number;
    normalized?: boolean;
    count: number;
    type: string;
    sparse?: unknown;
  }>;
  bufferViews?: Array<{
    buffer: number;
    byteOffset?: number;
    byteLength: number;
    byteStride?: number;
    extensions?: {
      EXT_meshopt_compression?: {
        buffer: number;
        byteOffset?: number;
        byteLength: number;
        byteStride: number;
        count: number;
        mode: 'ATTRIBUTES' | 'TRIANGLES' | 'INDICES';
        filter?: 'NONE' | 'OCTAHEDRAL' | 'QUATERNION' | 'EXPONENTIAL';
      };
    };
  }>;
  buffers?: Array<{ byteLength: number; uri?: string }>;
}
