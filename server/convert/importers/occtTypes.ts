/** The shape of occt-import-js results (the package ships no types). */
export interface OcctMesh {
  name: string;
  color?: [number, number, number];
  brep_faces: Array<{ first: number; last: number; color: [number, number, number] | null }>;
  attributes: { position: { array: number[] }; normal?: { array: number[] } };
  index: { array: number[] };
}

export interface OcctNode {
  name: string;
  meshes: number[];
  children: OcctNode[];
}

export interface OcctResult {
  success: boolean;
  root: OcctNode;
  meshes: OcctMesh[];
}

export interface OcctParams {
  linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
  linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
  linearDeflection?: number;
  angularDeflection?: number;
}

export interface OcctModule {
  ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadIgesFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  ReadBrepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
}

let occt: Promise<OcctModule> | undefined;

/** The OpenCascade module, loaded once per thread, its console output silenced. */
export function loadOcct(): Promise<OcctModule> {
  occt ??= import('occt-import-js').then((m) => {
    const factory = (m.default ?? m) as (options?: object) => Promise<OcctModule>;
    return factory({ print: () => {}, printErr: () => {} });
  });
  return occt;
}

/** Drops the module (after it ran out of memory): the next conversion gets a fresh instance. */
export function forgetOcct(): void {
  occt = undefined;
}
