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
  /** Made when a point or the pointer is first shown: three spheres and two materials cost a model's first frame otherwise. */
  private made: { dots: Mesh[]; hover: Mesh; all: readonly Mesh[]; materials: ShaderMaterial[] } | null = null;
  private line: LinesMesh | null = null;

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
  ) {
    scene.setRenderingAutoClearDepthStencil(OVERLAY_GROUP, true, true, false);
  }

  private make() {
    if (this.made) return this.made;
    const pointMaterial = this.material('measure-point', POINT_COLOR);
    const hoverMaterial = this.material('measure-hover', HOVER_COLOR);
    // One sphere's geometry, shared by the three dots (a clone shares its source's vertex buffers).
    const first = this.dot(CreateSphere('measure-point-0', { diameter: 1, segments: 8 }, this.scene), pointMaterial);
    const dots = [first, this.dot(first.clone('measure-point-1', null, true), pointMaterial)];
    const hover = this.dot(first.clone('measure-hover', null, true), hoverMaterial);
    this.made = { dots, hover, all: [...dots, hover], materials: [pointMaterial, hoverMaterial] };
    return this.made;
  }

  private material(name: string, color: Color3): ShaderMaterial {
    const m = surfaceMaterial(name, this.scene, { color, lit: false });
    m.freeze();
    return m;
  }

  private dot(mesh: Mesh, material: ShaderMaterial): Mesh {
    mesh.material = material;
    mesh.renderingGroupId = OVERLAY_GROUP;
    mesh.isPickable = false;
    mesh.setEnabled(false);
    return mesh;
  }

  setPoints(points: readonly Vec3[]): void {
    const dots = points.length > 0 ? this.make().dots : (this.made?.dots ?? []);
    dots.forEach((dot, i) => {
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
    const hover = point ? this.make().hover : this.made?.hover;
    hover?.setEnabled(point !== null);
    if (point) hover?.position.set(point[0], point[1], point[2]);
  }

  /** Keeps the dots at a constant size on screen; call before each frame. */
  update(): void {
    const engine = this.scene.getEngine();
    const pixelHeight = engine.getRenderHeight() || 1;
    const c = this.camera;
    const ortho = c.mode === Camera.ORTHOGRAPHIC_CAMERA;
    const eye = c.position;
    const tanHalf = Math.tan(c.fov / 2);
    for (const dot of this.made?.all ?? []) {
      if (!dot.isEnabled(false)) continue;
      const height = ortho ? (c.orthoTop ?? 1) - (c.orthoBottom ?? -1) : 2 * Vector3.Distance(eye, dot.position) * tanHalf;
      dot.scaling.setAll((MARKER_PIXELS * height) / pixelHeight);
    }
  }

  dispose(): void {
    for (const dot of this.made?.all ?? []) dot.dispose();
    this.line?.dispose();
    for (const material of this.made?.materials ?? []) material.dispose();
    this.made = null;
  }
}
