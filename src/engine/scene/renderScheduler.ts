/**
 * Render on demand: the render loop runs only while something changes (a request, a camera
 * animation, camera inertia) and stops itself when the scene is still, so an idle viewer draws
 * no frames and runs no per-frame code.
 */
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import type { Scene } from '@babylonjs/core/scene';

interface RenderHooks {
  /** Before a frame; returns true while it needs more frames (animations). */
  beforeFrame(now: number): boolean;
  /** After a frame; returns true while it needs more frames (camera inertia). */
  afterFrame(now: number): boolean;
}

export class RenderScheduler {
  private dirty = false;
  private running = false;
  private disposed = false;
  private held = false;
  frames = 0;
  lastFrameMs = 0;
  private readonly loop = () => this.tick();

  constructor(
    private readonly engine: AbstractEngine,
    private readonly scene: Scene,
    private readonly hooks: RenderHooks,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for one more frame. */
  request(): void {
    if (this.disposed) return;
    this.dirty = true;
    if (!this.running && !this.held) {
      this.running = true;
      this.engine.runRenderLoop(this.loop);
    }
  }

  /** No frame is drawn until `renderNow` (the canvas keeps the picture it shows). */
  hold(): void {
    this.held = true;
  }

  isRunning(): boolean {
    return this.running;
  }

  /** Renders one frame now, outside the loop (first frame after a load, tests). */
  renderNow(): void {
    if (this.disposed) return;
    this.held = false;
    const start = this.now();
    this.hooks.beforeFrame(start);
    this.render(start);
    this.hooks.afterFrame(this.now());
  }

  private render(start: number): void {
    this.dirty = false;
    if (this.scene.activeCamera) this.scene.render();
    this.frames++;
    this.lastFrameMs = this.now() - start;
  }

  private tick(): void {
    if (this.held) return this.stop();
    const start = this.now();
    const animating = this.hooks.beforeFrame(start);
    if (this.dirty || animating) this.render(start);
    const more = this.hooks.afterFrame(this.now());
    if (!animating && !more && !this.dirty) this.stop();
    else this.dirty = true;
  }

  private stop(): void {
    if (!this.running) return;
    this.running = false;
    this.engine.stopRenderLoop(this.loop);
  }

  dispose(): void {
    this.stop();
    this.disposed = true;
  }
}
