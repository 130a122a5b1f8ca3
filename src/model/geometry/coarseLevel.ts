/**
 * The coarse level of a model's detailed meshes (drilled panels, rounded doors, modelled hardware),
 * drawn first and while nothing finer is ready: the converter writes it, the engine and a link's
 * first frame read it.
 *
 * In the GLB, a mesh that has one names it in an extension of its own (listed in `extensionsUsed`,
 * never required, so other viewers ignore it and draw the fine mesh):
 *
 *   meshes[i].extensions.CV_coarse_mesh = { mesh: j }
 *
 * Mesh j is referenced by no node. It has as many primitives as mesh i, in the same order and
 * with the same materials, and its positions are in mesh i's own space (the same dequantization
 * as mesh i's nodes apply), so it is drawn with the matrices of mesh i's nodes. A primitive not
 * worth simplifying shares mesh i's accessors.
 */
export const COARSE_MESH_EXTENSION = 'CV_coarse_mesh';

/**
 * How far the coarse surface may stray from the fine one, metres: 2 mm, under a pixel of a phone
 * showing a whole cabinet, and enough to close 5 mm system holes, hinge cups and 2 mm fillets.
 */
export const COARSE_ERROR_M = 0.002;

/** Meshes of fewer triangles are drawn as they are. */
export const COARSE_MIN_TRIANGLES = 64;

/** A coarse level is kept only when it has at most this share of the fine triangles. */
export const COARSE_MAX_SHARE = 0.5;
