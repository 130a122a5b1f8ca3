/**
 * Frame statistics for the debug window (SPEC §2): draw calls of the last frame, counted by
 * wrapping the canvas's WebGL draw functions (the public WebGL API, not Babylon's internals), from
 * the first time they are asked for; a page that never opens the debug window pays nothing.
 */
import type { Scene } from '@babylonjs/core/scene';

const DRAW_FUNCTIONS = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'] as const;

interface FrameStats {
  /** Draw calls of the last frame drawn since counting started (0 before, or without a canvas). */
  drawCalls(): number;
  dispose(): void;
}

export function createFrameStats(scene: Scene, canvas: HTMLCanvasElement | null): FrameStats {
  let current = 0;
  let last = 0;
  let undo: (() => void) | null = null;
  const start = () => {
    // getContext returns the context the engine already created on this canvas.
    const gl = (canvas?.getContext('webgl2') ?? canvas?.getContext('webgl')) as (WebGL2RenderingContext & Record<string, unknown>) | null;
    if (!gl) return;
    const originals = DRAW_FUNCTIONS.filter((name) => typeof gl[name] === 'function').map((name) => [name, gl[name] as (...args: unknown[]) => void] as const);
    for (const [name, original] of originals) {
      gl[name] = (...args: unknown[]) => {
        current++;
        original.apply(gl, args);
      };
    }
    const before = scene.onBeforeRenderObservable.add(() => (current = 0));
    const after = scene.onAfterRenderObservable.add(() => (last = current));
    undo = () => {
      for (const [name, original] of originals) gl[name] = original;
      scene.onBeforeRenderObservable.remove(before);
      scene.onAfterRenderObservable.remove(after);
    };
  };
  return {
    drawCalls() {
      if (!undo) start();
      return last;
    },
    dispose() {
      undo?.();
      undo = null;
    },
  };
}
