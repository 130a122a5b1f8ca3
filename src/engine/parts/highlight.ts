/**
 * A highlight overlay: parts drawn once more in one colour (the selection's, or a comparison
 * tint), as one small mesh rebuilt only when the highlighted set changes.
 */
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { BuiltModel } from '../geometry/buildBatches';
import { partSubset } from '../geometry/partSubset';
import { highlightMaterial } from '../render/materials';

export class Highlight {
  private mesh: Mesh | null = null;
  private readonly material: ShaderMaterial;
  private key = '';

  /**
   * `material`: the overlay's colour (default the selection's). `frozen`: the engine's own overlays
   * are frozen at once; a finish, made while the model is shown, is left unfrozen.
   */
  constructor(
    private readonly scene: Scene,
    material?: ShaderMaterial,
    frozen = true,
  ) {
    this.material = material ?? highlightMaterial(scene);
    if (frozen) this.material.freeze();
  }

  /** The parts moved (the exploded view): the next `set` rebuilds the overlay whatever the set. */
  invalidate(): void {
    this.key = '\u0000';
  }

  /** Shows exactly these part indices highlighted; returns true when the overlay changed. */
  set(model: BuiltModel | null, parts: ReadonlySet<number>): boolean {
    const key = [...parts].sort((a, b) => a - b).join(',');
    if (key === this.key) return false;
    this.key = key;
    this.mesh?.dispose(false, false);
    this.mesh = null;
    if (!model || parts.size === 0) return true;
    const subset = partSubset(model, parts);
    if (subset.indices.length === 0) return true;
    const mesh = new Mesh('highlight', this.scene);
    const data = new VertexData();
    data.positions = subset.positions;
    data.normals = subset.normals;
    data.indices = subset.indices;
    data.applyToMesh(mesh, false);
    mesh.material = this.material;
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.freezeWorldMatrix();
    this.mesh = mesh;
    return true;
  }

  dispose(): void {
    this.mesh?.dispose(false, false);
    this.material.dispose();
  }
}
