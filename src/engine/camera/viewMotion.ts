/**
 * Whether the view moved between frames: two snapshots of the camera's view and projection
 * matrices, filled in place (no allocation per frame).
 */
import type { Camera } from '@babylonjs/core/Cameras/camera';

export class ViewMotion {
  private last = new Float32Array(32);
  private next = new Float32Array(32);
  private haveLast = false;

  constructor(private readonly camera: Camera) {}

  /** Reads the camera's matrices and tells whether they differ from the last frame's. */
  changed(): boolean {
    this.next.set(this.camera.getViewMatrix().asArray(), 0);
    this.next.set(this.camera.getProjectionMatrix().asArray(), 16);
    return this.haveLast && this.next.some((v, i) => v !== this.last[i]);
  }

  /** After a frame: what was read last becomes the frame's view. */
  endFrame(): void {
    [this.last, this.next] = [this.next, this.last];
    this.haveLast = true;
  }
}
