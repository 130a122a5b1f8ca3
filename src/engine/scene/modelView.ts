/**
 * Everything that belongs to one loaded model: the merged batches and their meshes, render-mode
 * materials, part visibility and the picker. Built once per load, disposed on the next load.
 */
import type { Scene } from '@babylonjs/core/scene';
import { type BuiltModel, buildBatches } from '../geometry/buildBatches';
import type { ModelSource } from '../geometry/modelSource';
import { PartPicker } from '../geometry/partPicker';
import { withDescendants } from '../load/partTree';
import { PartVisibility } from '../parts/partVisibility';
import { RenderModes } from '../render/renderModes';
import type { Bounds, ModelInfo, PartTree, RenderMode } from '../types';
import { applyVisibility, createModelMeshes, type ModelMeshes } from './batchMeshes';

export class ModelView {
  readonly info: ModelInfo;
  readonly built: BuiltModel;
  readonly meshes: ModelMeshes;
  readonly modes: RenderModes;
  readonly visibility: PartVisibility;
  readonly picker: PartPicker;
  /** Node id -> part index, and back. */
  readonly partIndex: Map<string, number>;
  readonly partIds: string[];

  constructor(scene: Scene, source: ModelSource, tree: PartTree) {
    this.built = buildBatches(source);
    this.partIds = source.parts.map((p) => p.id);
    this.partIndex = new Map(this.partIds.map((id, i) => [id, i]));
    this.meshes = createModelMeshes(this.built, scene);
    this.modes = new RenderModes(scene, source.materials, this.meshes);
    this.visibility = new PartVisibility(tree, this.partIndex);
    this.picker = new PartPicker(this.built, this.partIds.length);
    this.info = { tree, partCount: this.partIds.length, bounds: this.built.bounds };
  }

  /** Part indices of `ids` and their descendants. */
  partsOf(ids: readonly string[]): Set<number> {
    const out = new Set<number>();
    for (const id of withDescendants(this.info.tree, ids)) {
      const part = this.partIndex.get(id);
      if (part !== undefined) out.add(part);
    }
    return out;
  }

  /** Bounds of the given parts (default: the visible ones); null when there is nothing. */
  boundsOf(parts?: ReadonlySet<number>): Bounds | null {
    const b = this.built.partBounds;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    const visible = this.visibility.visible;
    for (let p = 0; p < this.partIds.length; p++) {
      if (parts ? !parts.has(p) : !visible[p]) continue;
      for (let k = 0; k < 3; k++) {
        if (b[p * 6 + k] < min[k]) min[k] = b[p * 6 + k];
        if (b[p * 6 + 3 + k] > max[k]) max[k] = b[p * 6 + 3 + k];
      }
    }
    if (!Number.isFinite(min[0]) || !Number.isFinite(max[0])) return null;
    return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
  }

  /** Pushes the visibility state to the GPU buffers and re-applies the render mode. */
  syncVisibility(mode: RenderMode): void {
    applyVisibility(this.meshes, this.visibility.visible);
    this.modes.apply(mode);
  }

  dispose(): void {
    this.meshes.dispose();
    this.modes.dispose();
  }
}
