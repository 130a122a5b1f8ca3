/**
 * Everything that belongs to one loaded model: the merged batches and their meshes, render-mode
 * materials, part visibility and the picker. Built once per load, disposed on the next load.
 *
 * A model with coarse levels (src/model/geometry/coarseLevel.ts) is first built and drawn at the coarse
 * level; `refinement()` then builds the fine batches in steps and swaps them in, keeping the
 * visibility, the render mode's materials and the exploded view. A heavy model keeps its coarse
 * meshes and draws them while the view moves (`showMoving`), the fine ones when it rests. A model
 * whose fine level is over the budget (fineBudget.ts) draws at its fine level only the parts shown,
 * when they fit, and is refined again as they change (`refinement()` after a visibility change).
 */
import type { Scene } from '@babylonjs/core/scene';
import { type BuiltModel, buildBatches, buildBatchesInSteps, type DetailLevel } from '../geometry/buildBatches';
import { applyOffsets, explodeOffsets, planExplode, restPoseOf, type ExplodePlan, type RestPose } from '../geometry/explode';
import type { ModelSource } from '../geometry/modelSource';
import { PartPicker } from '../geometry/partPicker';
import { withDescendants } from '../load/partTree';
import { PartVisibility } from '../parts/partVisibility';
import { RenderModes } from '../render/renderModes';
import type { Bounds, ModelInfo, PartTree, RenderMode } from '../types';
import type { Batch } from '../geometry/buildBatches';
import { applyVisibility, createModelMeshes, disableMeshes, updatePositions, type ModelMeshes } from './batchMeshes';
import { FINE_TRIANGLE_BUDGET, fineTrianglesPerPart, partsToRefine, sameParts } from './fineBudget';

/** A fine level of at least this many triangles keeps its coarse level for moving views (a phone draws a few hundred thousand smoothly). */
const MOVING_COARSE_MIN_TRIANGLES = 300_000;

function triangleCount(batches: readonly Batch[]): number {
  return batches.reduce((n, b) => n + (b.kind === 'triangles' ? b.indices.length / 3 : 0), 0);
}

export class ModelView {
  readonly info: ModelInfo;
  built: BuiltModel;
  meshes: ModelMeshes;
  readonly modes: RenderModes;
  readonly visibility: PartVisibility;
  picker: PartPicker;
  /** Node id -> part index, and back. */
  readonly partIndex: Map<string, number>;
  readonly partIds: string[];
  /** The exploded view's factor (0: as built) and what it needs, made on first use. */
  explodeFactor = 0;
  private rest: RestPose | null = null;
  private plan: ExplodePlan | null = null;
  /** The coarse level kept for moving views once the fine one is in (heavy models only). */
  private moving: { built: BuiltModel; meshes: ModelMeshes; rest: RestPose | null } | null = null;
  private showingCoarse = false;
  private mode: RenderMode = 'solid';
  /** Each part's fine triangles (made on first use), and the parts the batches hold at their fine level ('all' once wholly fine). */
  private fineTriangles: Float64Array | null = null;
  private refined: 'all' | Set<number> = new Set();
  /** What the refinement under way builds (null when none is): a visibility change that needs the same starts nothing. */
  private building: 'all' | Set<number> | null = null;

  /** `built`: the batches of `source` when already made (by a link's first frame); else its coarse level's. */
  constructor(
    private readonly scene: Scene,
    private readonly source: ModelSource,
    tree: PartTree,
    built?: BuiltModel,
    /** Fine levels of at least this many triangles keep their coarse level for moving views. */
    private readonly movingMinTriangles = MOVING_COARSE_MIN_TRIANGLES,
    /** Fine triangles drawn at most (fineBudget.ts). */
    private readonly fineBudget = FINE_TRIANGLE_BUDGET,
  ) {
    this.built = built ?? buildBatches(source, undefined, 'coarse');
    if (!this.built.refinable) this.refined = 'all';
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

  /** Part indices of the geometry `ids` carry themselves (their descendants not included). */
  ownPartsOf(ids: readonly string[]): Set<number> {
    const out = new Set<number>();
    for (const id of ids) {
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

  /** Moves the parts to the exploded view at `factor` (0..1); false when nothing moved. */
  explode(factor: number): boolean {
    const f = Math.min(1, Math.max(0, Number.isFinite(factor) ? factor : 0));
    if (f === this.explodeFactor) return false;
    this.rest ??= restPoseOf(this.built);
    this.plan ??= planExplode(this.info.tree, this.partIds, this.rest.partBounds, this.info.bounds);
    const offsets = explodeOffsets(this.plan, f);
    applyOffsets(this.built, this.rest, offsets);
    this.explodeFactor = f;
    updatePositions(this.meshes);
    if (this.moving) {
      this.moving.rest ??= restPoseOf(this.moving.built);
      applyOffsets(this.moving.built, this.moving.rest, offsets);
      updatePositions(this.moving.meshes);
    }
    return true;
  }

  /** Pushes the visibility state to the GPU buffers and re-applies the render mode. */
  syncVisibility(mode: RenderMode): void {
    applyVisibility(this.meshes, this.visibility.visible);
    if (this.moving) applyVisibility(this.moving.meshes, this.visibility.visible);
    this.applyMode(mode);
  }

  /** Styles the meshes drawn now for `mode`; the other level's stay off. */
  applyMode(mode: RenderMode): void {
    this.mode = mode;
    const [shown, hidden] = this.showingCoarse && this.moving ? [this.moving.meshes, this.meshes] : [this.meshes, this.moving?.meshes ?? null];
    this.modes.useMeshes(shown);
    this.modes.apply(mode);
    if (hidden) disableMeshes(hidden);
  }

  /**
   * Draws the coarse level while the view moves and the fine one when it rests (only a heavy
   * model keeps a coarse level once refined); returns whether the coarse level is drawn.
   */
  showMoving(moving: boolean): boolean {
    const coarse = moving && this.moving !== null;
    if (coarse !== this.showingCoarse) {
      this.showingCoarse = coarse;
      this.applyMode(this.mode);
    }
    return coarse;
  }

  /** The meshes drawn now (the coarse level's while the view moves). */
  shownMeshes(): ModelMeshes {
    return this.showingCoarse && this.moving ? this.moving.meshes : this.meshes;
  }

  /** The level drawn now ('coarse' while any part is drawn coarse). */
  detail(): DetailLevel {
    return this.showingCoarse || this.built.refinable ? 'coarse' : 'fine';
  }

  /** How many parts the batches drawn at rest hold at their fine level. */
  refinedParts(): number {
    return this.refined === 'all' ? this.partIds.length : this.refined.size;
  }

  /**
   * The steps that build the batches at the detail the budget allows for the parts shown and swap
   * them in (each a few milliseconds of work; the last one creates the meshes), or null when the
   * batches drawn are already those.
   */
  refinement(): Generator<void, void, void> | null {
    if (this.refined === 'all') return null;
    this.fineTriangles ??= fineTrianglesPerPart(this.source);
    const wanted = partsToRefine(this.fineTriangles, this.visibility.visible, this.fineBudget);
    const same = (a: 'all' | Set<number>, b: 'all' | Set<number>) => (a === 'all' || b === 'all' ? a === b : sameParts(a, b));
    if (same(wanted, this.building ?? this.refined)) return null;
    this.building = wanted;
    const view = this;
    return (function* () {
      const next = wanted === 'all' ? yield* buildBatchesInSteps(view.source, 'fine') : yield* buildBatchesInSteps(view.source, 'coarse', undefined, wanted);
      view.swap(next, wanted);
    })();
  }

  private swap(next: BuiltModel, refined: 'all' | Set<number>): void {
    const factor = this.explodeFactor;
    if (this.moving) {
      // The coarse level is kept already: the batches drawn until now go.
      this.meshes.dispose();
    } else if (refined !== 'all' || triangleCount(next.batches) >= this.movingMinTriangles) {
      // A heavy model, or one over the fine budget (refined again as its parts are shown and hidden), keeps its coarse level.
      this.moving = { built: this.built, meshes: this.meshes, rest: this.rest };
      disableMeshes(this.meshes);
    } else {
      this.meshes.dispose();
    }
    this.refined = refined;
    this.building = null;
    this.built = next;
    this.meshes = createModelMeshes(next, this.scene);
    this.modes.useMeshes(this.meshes);
    this.picker = new PartPicker(next, this.partIds.length);
    // The exploded view is made again from the new batches' rest pose.
    this.rest = null;
    this.plan = null;
    this.explodeFactor = 0;
    if (factor > 0) this.explode(factor);
  }

  dispose(): void {
    this.meshes.dispose();
    this.moving?.meshes.dispose();
    this.modes.dispose();
  }
}
