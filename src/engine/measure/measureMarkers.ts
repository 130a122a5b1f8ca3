/**
 * Measurement markers: a dot per point, a dot under the pointer (snapped), and the line between
 * the two points, drawn on top of the model at a constant size on screen.
 */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { surfaceMaterial } from '../render/surfaceMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateLines } from '@babylonjs/core/Meshes/Builders/linesBuilder';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import type { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import type { Vec3 } from '../types';

/** Markers are drawn in this rendering group, after the model, with the depth buffer cleared. */
export const OVERLAY_GROUP = 1;
const MARKER_PIXELS = 9;
const POINT_COLOR = new Color3(1, 0.6, 0.2);
const HOVER_COLOR = new Color3(1, 1, 1);

export class MeasureMarkers {
  private readonly dots: Mesh[];
  private readonly hover: Mesh;
  private readonly all: readonly Mesh[];
  private line: LinesMesh | null = null;
  private first: Mesh | null = null;
  private readonly pointMaterial: ShaderMaterial;
  private readonly hoverMaterial: ShaderMaterial;

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
  ) {
    scene.setRenderingAutoClearDepthStencil(OVERLAY_GROUP, true, true, false);
    this.pointMaterial = this.material('measure-point', POINT_COLOR);
    this.hoverMaterial = this.material('measure-hover', HOVER_COLOR);
    this.dots = [0, 1].map((i) => this.dot(`measure-point-${i}`, this.pointMaterial));
    this.hover = this.dot('measure-hover', this.hoverMaterial);
    this.all = [...this.dots, this.hover];
  }

  private material(name: string, color: Color3): ShaderMaterial {
    const m = surfaceMaterial(name, this.scene, { color, lit: false });
    m.freeze();
    return m;
  }

  private dot(name: string, material: ShaderMaterial): Mesh {
    // One sphere's geometry, shared by the three dots (a clone shares its source's vertex buffers).
    const mesh = this.first ? this.first.clone(name, null, true) : CreateSphere(name, { diameter: 1, segments: 8 }, this.scene);
    this.first ??= mesh;
    mesh.material = material;
    mesh.renderingGroupId = OVERLAY_GROUP;
    mesh.isPickable = false;
    mesh.setEnabled(false);
    return mesh;
  }

  setPoints(points: readonly Vec3[]): void {
    this.dots.forEach((dot, i) => {
      const p = points[i];
      dot.setEnabled(p !== undefined);
      if (p) dot.position.set(p[0], p[1], p[2]);
    });
    this.line?.dispose();
    this.line = null;
    if (points.length === 2) {
      const line = CreateLines('measure-line', { points: points.map((p) => new Vector3(p[0], p[1], p[2])) }, this.scene);
      line.color = POINT_COLOR;
      line.renderingGroupId = OVERLAY_GROUP;
      line.isPickable = false;
      this.line = line;
    }
  }

  setHover(point: Vec3 | null): void {
    this.hover.setEnabled(point !== null);
    if (point) this.hover.position.set(point[0], point[1], point[2]);
  }

  /** Keeps the dots at a constant size on screen; call before each frame. */
  update(): void {
    const engine = this.scene.getEngine();
    const pixelHeight = engine.getRenderHeight() || 1;
    const c = this.camera;
    const ortho = c.mode === Camera.ORTHOGRAPHIC_CAMERA;
    const eye = c.position;
    const tanHalf = Math.tan(c.fov / 2);
    for (const dot of this.all) {
      if (!dot.isEnabled(false)) continue;
      const height = ortho ? (c.orthoTop ?? 1) - (c.orthoBottom ?? -1) : 2 * Vector3.Distance(eye, dot.position) * tanHalf;
      dot.scaling.setAll((MARKER_PIXELS * height) / pixelHeight);
    }
  }

  dispose(): void {
    for (const dot of this.all) dot.dispose();
    this.line?.dispose();
    this.pointMaterial.dispose();
    this.hoverMaterial.dispose();
  }
}
