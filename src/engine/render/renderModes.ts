/**
 * Render modes switch materials and edge colours of the existing batch meshes: no reload, no
 * geometry work, a handful of property writes.
 *   solid        shaded model colours with faint dark edges
 *   xray         see-through surfaces with light edges
 *   wireframe    feature edges only
 *   illustration flat light surfaces with dark edges
 */
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import type { Scene } from '@babylonjs/core/scene';
import type { SourceMaterial } from '../geometry/modelSource';
import { hasVisibleIndices, type ModelMeshes } from '../scene/batchMeshes';
import { RENDER_MODES, type RenderMode } from '../types';
import { illustrationMaterial, solidMaterial, xrayMaterial } from './materials';
import { EDGE_PALETTE } from '../../model/viewLook';

interface EdgeStyle {
  color: Color3;
  alpha: number;
}

const EDGE_STYLES = Object.fromEntries(
  RENDER_MODES.map((mode) => [mode, { color: new Color3(...EDGE_PALETTE[mode].color), alpha: EDGE_PALETTE[mode].alpha }]),
) as Record<RenderMode, EdgeStyle>;

export class RenderModes {
  private readonly solid: ShaderMaterial[];
  private readonly xray: ShaderMaterial;
  private readonly illustration: ShaderMaterial;
  private readonly lineColors: Color3[];

  constructor(
    scene: Scene,
    materials: readonly SourceMaterial[],
    private meshes: ModelMeshes,
  ) {
    this.solid = materials.map((m) => solidMaterial(m, scene));
    this.xray = xrayMaterial(scene);
    this.illustration = illustrationMaterial(scene);
    this.lineColors = materials.map((m) => new Color3(m.color[0], m.color[1], m.color[2]).toGammaSpace());
    for (const m of [...this.solid, this.xray, this.illustration]) m.freeze();
  }

  /** Styles `meshes` from now on (the same model's batches at another level of detail); apply the mode again after. */
  useMeshes(meshes: ModelMeshes): void {
    this.meshes = meshes;
  }

  /** Applies `mode`; call again after visibility changes so empty batches stop drawing. */
  apply(mode: RenderMode): void {
    for (const { batch, mesh } of this.meshes.surfaces) {
      mesh.material = mode === 'solid' ? this.solid[batch.material] : mode === 'xray' ? this.xray : this.illustration;
      mesh.setEnabled(mode !== 'wireframe' && hasVisibleIndices(mesh));
    }
    const style = EDGE_STYLES[mode];
    const edges = this.meshes.edges.mesh;
    edges.color = style.color;
    edges.alpha = style.alpha;
    // The line shader blends only when its material says so.
    if (edges.material) edges.material.alpha = style.alpha;
    edges.setEnabled(hasVisibleIndices(edges));
    for (const { batch, mesh } of this.meshes.lines) {
      mesh.color = mode === 'solid' ? this.lineColors[batch.material] : style.color;
      mesh.alpha = 1;
      mesh.setEnabled(hasVisibleIndices(mesh));
    }
  }

  dispose(): void {
    for (const m of [...this.solid, this.xray, this.illustration]) m.dispose();
  }
}
