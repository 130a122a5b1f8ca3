/** A revision's AR files (the GLB and the USDZ of "View in your room"), made whole or not at all. */
import { makeArModel } from './arModel.js';

export interface ArFiles {
  glb: Uint8Array;
  usdz: Uint8Array;
}

/**
 * The AR files of a GLB, or of one of its nodes (`node`, one cabinet), or null (logged) when they
 * cannot be made: the revision stands without them.
 */
export async function arFiles(glb: Uint8Array, node?: number, onProgress?: (share: number) => void): Promise<ArFiles | null> {
  try {
    const ar = await makeArModel(glb, { node, onProgress });
    if (ar?.overBudget) console.warn(`AR files over budget: ${ar.triangles} triangles, USDZ ${ar.usdz.byteLength} bytes`);
    return ar && { glb: ar.glb, usdz: ar.usdz };
  } catch (error) {
    console.error('AR files failed:', error);
    return null;
  }
}
