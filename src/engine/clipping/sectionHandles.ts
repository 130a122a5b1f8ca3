/**
 * The section box's handles: a dot at the centre of each face, drawn on top of the model at a
 * constant size on screen and never cut by the box, which a mouse or a finger drags along the
 * face's axis.
 */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Camera } from '@babylonjs/core/Cameras/camera';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateSphere } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import { OVERLAY_GROUP } from '../measure/measureMarkers';
import { surfaceMaterial } from '../render/surfaceMaterial';
import type { Bounds, SectionFace, Vec3 } from '../types';
import { faceCentre, SECTION_FACES } from './sectionBoxMath';

const HANDLE_PIXELS = 16;
/** A mouse grabs a handle within this many pixels of its centre, a finger within TOUCH_GRAB_PX. */
export const GRAB_PX = 14;
export const TOUCH_GRAB_PX = 28;
const HANDLE_COLOR = new Color3(0.2, 0.75, 1);

export class SectionHandles {
  /** Made when the box is first shown: six spheres and a material cost a model's first frame otherwise. */
  private made: { handles: Mesh[]; material: ShaderMaterial } | null = null;

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
  ) {}

  private get handles(): Mesh[] {
    return this.made?.handles ?? [];
  }

  private make(): Mesh[] {
    if (this.made) return this.made.handles;
    const material = surfaceMaterial('section-handle', this.scene, { color: HANDLE_COLOR, lit: false, clip: false });
    material.freeze();
    const handles = SECTION_FACES.map((face) => {
      const mesh = CreateSphere(`section-${face}`, { diameter: 1, segments: 8 }, this.scene);
      mesh.material = material;
      mesh.renderingGroupId = OVERLAY_GROUP;
      mesh.isPickable = false;
      mesh.setEnabled(false);
      return mesh;
    });
    this.made = { handles, material };
    return handles;
  }

  show(box: Bounds | null): void {
    const handles = box ? this.make() : this.handles;
    SECTION_FACES.forEach((face, i) => {
      const mesh = handles[i];
      if (!mesh) return;
      mesh.setEnabled(box !== null);
      if (box) mesh.position.set(...faceCentre(box, face));
    });
  }

  /** The face whose handle is nearest to canvas pixel (x, y) within `radius` pixels, or null. */
  faceAt(x: number, y: number, radius: number, project: (p: Vec3) => { x: number; y: number; inView: boolean }): SectionFace | null {
    let best: SectionFace | null = null;
    let bestDistance = radius;
    SECTION_FACES.forEach((face, i) => {
      const mesh = this.handles[i];
      if (!mesh?.isEnabled(false)) return;
      const p = project([mesh.position.x, mesh.position.y, mesh.position.z]);
      const d = Math.hypot(p.x - x, p.y - y);
      if (p.inView && d <= bestDistance) {
        best = face;
        bestDistance = d;
      }
    });
    return best;
  }

  /** Keeps the handles at a constant size on screen; call before each frame. */
  update(): void {
    const pixelHeight = this.scene.getEngine().getRenderHeight() || 1;
    const c = this.camera;
    const ortho = c.mode === Camera.ORTHOGRAPHIC_CAMERA;
    const tanHalf = Math.tan(c.fov / 2);
    for (const mesh of this.handles) {
      if (!mesh.isEnabled(false)) continue;
      const height = ortho ? (c.orthoTop ?? 1) - (c.orthoBottom ?? -1) : 2 * Vector3.Distance(c.position, mesh.position) * tanHalf;
      mesh.scaling.setAll((HANDLE_PIXELS * height) / pixelHeight);
    }
  }

  dispose(): void {
    for (const mesh of this.handles) mesh.dispose();
    this.made?.material.dispose();
    this.made = null;
  }
}
