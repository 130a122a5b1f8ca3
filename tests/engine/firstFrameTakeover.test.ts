// @vitest-environment jsdom
/**
 * One WebGL context for a shared link's page: the engine takes the first frame's canvas over
 * (its context and the picture on it) instead of making a second one, draws nothing until its own
 * first frame, and the canvas then moves into the viewer's place for it.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endFirstFrame, firstFrameOnScreen, FONTS_LATER_CLASS, holdPageFonts, leaveFirstFrameCanvas, offerFirstFrame, releasePageFonts, takeFirstFrameCanvas } from '../../src/engine/load/firstFrameHandoff';
import { RenderScheduler } from '../../src/engine/scene/renderScheduler';
import type { AbstractEngine } from '@babylonjs/core/Engines/abstractEngine';
import type { Scene } from '@babylonjs/core/scene';

afterEach(() => {
  endFirstFrame();
  document.body.innerHTML = '';
});

/** A first frame on screen in `place`, as the link's first script offers it. */
function offerDrawn(place: HTMLElement, drawn = true) {
  const canvas = document.createElement('canvas');
  place.appendChild(canvas);
  let released = false;
  const dispose = vi.fn(() => {
    if (!released) canvas.remove();
  });
  offerFirstFrame({
    modelUrl: 'https://models.test/link.glb',
    bytes: new Promise(() => {}),
    model: new Promise(() => {}),
    canvas,
    refit: () => {},
    isDrawn: () => drawn,
    release: () => {
      if (!drawn || released) return null;
      released = true;
      return canvas;
    },
    handOverCamera: () => null,
    dispose,
  });
  return { canvas, dispose };
}

describe('the engine taking over the first frame canvas', () => {
  it('keeps the canvas where it shows until the first frame ends, then moves it into the viewer', () => {
    const slot = document.body.appendChild(document.createElement('div'));
    const home = document.body.appendChild(document.createElement('div'));
    const { canvas, dispose } = offerDrawn(slot);
    expect(takeFirstFrameCanvas(home)).toBe(canvas);
    // Still over the poster, still counted as on screen, and not taken twice.
    expect(canvas.parentElement).toBe(slot);
    expect(firstFrameOnScreen()).toBe(true);
    expect(takeFirstFrameCanvas(home)).toBeNull();
    endFirstFrame();
    expect(canvas.parentElement).toBe(home);
    expect(canvas.isConnected).toBe(true);
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('gives nothing when the first frame is not drawn: the engine makes its own canvas', () => {
    const slot = document.body.appendChild(document.createElement('div'));
    const home = document.body.appendChild(document.createElement('div'));
    const { canvas } = offerDrawn(slot, false);
    expect(takeFirstFrameCanvas(home)).toBeNull();
    endFirstFrame();
    expect(canvas.isConnected).toBe(false);
    expect(home.children).toHaveLength(0);
  });

  it('lets the canvas go when the viewer leaves before its first frame', () => {
    const slot = document.body.appendChild(document.createElement('div'));
    const home = document.body.appendChild(document.createElement('div'));
    const { canvas } = offerDrawn(slot);
    takeFirstFrameCanvas(home);
    leaveFirstFrameCanvas(canvas);
    endFirstFrame();
    expect(canvas.isConnected).toBe(false);
    expect(home.children).toHaveLength(0);
  });
});

describe("a shared link's web fonts", () => {
  afterEach(() => {
    vi.useRealTimers();
    releasePageFonts();
  });

  it('wait from the first frame until its end (the engine drew, or the viewer left)', () => {
    holdPageFonts();
    expect(document.documentElement.classList.contains(FONTS_LATER_CLASS)).toBe(true);
    offerDrawn(document.body);
    takeFirstFrameCanvas(document.createElement('div'));
    expect(document.documentElement.classList.contains(FONTS_LATER_CLASS)).toBe(true);
    endFirstFrame();
    expect(document.documentElement.classList.contains(FONTS_LATER_CLASS)).toBe(false);
  });

  it('come after 20 seconds whatever became of the viewer', () => {
    vi.useFakeTimers();
    holdPageFonts();
    vi.advanceTimersByTime(19_999);
    expect(document.documentElement.classList.contains(FONTS_LATER_CLASS)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.documentElement.classList.contains(FONTS_LATER_CLASS)).toBe(false);
  });

  it('are the system font while they wait, in the stylesheet', () => {
    const css = readFileSync('src/index.css', 'utf8');
    const rule = new RegExp(`html\\.${FONTS_LATER_CLASS}\\s*\\{\\s*--font-sans:\\s*([^;]+);`).exec(css);
    expect(rule?.[1]).toBeDefined();
    expect(rule![1]).not.toContain('Nunito');
    expect(css).toMatch(/--font-sans:\s*'Nunito'/);
  });
});

describe('a render scheduler holding the picture', () => {
  function scheduler() {
    const loops: Array<() => void> = [];
    const engine = { runRenderLoop: (fn: () => void) => loops.push(fn), stopRenderLoop: () => loops.splice(0) } as unknown as AbstractEngine;
    const render = vi.fn();
    const scene = { activeCamera: {}, render } as unknown as Scene;
    const s = new RenderScheduler(engine, scene, { beforeFrame: () => false, afterFrame: () => false });
    return { s, loops, render };
  }

  it('draws nothing on requests until the first frame drawn now, then draws on request again', () => {
    const { s, loops, render } = scheduler();
    s.hold();
    s.request();
    expect(loops).toHaveLength(0);
    expect(render).not.toHaveBeenCalled();
    s.renderNow();
    expect(render).toHaveBeenCalledTimes(1);
    s.request();
    expect(loops).toHaveLength(1);
    loops[0]();
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('draws on request when not held', () => {
    const { s, loops, render } = scheduler();
    s.request();
    loops[0]();
    expect(render).toHaveBeenCalledTimes(1);
  });
});
