/**
 * The dimension lines of the workshop measures (the current one and every kept one), drawn on top
 * of the model as one line system rebuilt when the measures change. Labels are the view's own
 * (it places them with the engine's `project`).
 */
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateLineSystem } from '@babylonjs/core/Meshes/Builders/linesBuilder';
import type { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import type { Scene } from '@babylonjs/core/scene';
import type { DimensionLine } from '../types';
import { OVERLAY_GROUP } from './measureMarkers';

const LINE_COLOR = new Color3(1, 0.85, 0.2);

export class DimensionLines {
  private mesh: LinesMesh | null = null;

  constructor(private readonly scene: Scene) {}

  show(lines: readonly DimensionLine[]): void {
    this.mesh?.dispose();
    this.mesh = null;
    if (lines.length === 0) return;
    const mesh = CreateLineSystem('dimension-lines', { lines: lines.map((l) => [new Vector3(...l.from), new Vector3(...l.to)]) }, this.scene);
    mesh.color = LINE_COLOR;
    mesh.renderingGroupId = OVERLAY_GROUP;
    mesh.isPickable = false;
    this.mesh = mesh;
  }

  dispose(): void {
    this.mesh?.dispose();
  }
}
