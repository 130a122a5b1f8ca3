import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssemblyNode } from '../../samples/assembly';
import { fitOrthoHalfHeight, VIEW_ANGLES } from '../../src/engine/camera/cameraMath';
import type { ModelInfo, Vec3, ViewerEngine, VisibilityChange } from '../../src/engine/types';
import { generated, HEIGHT, nullEngineViewer, serveGlb, settle, WIDTH } from './engineHarness';

interface Located {
  id: string;
  node: AssemblyNode;
  /** World offset of the node's space, metres. */
  at: Vec3;
}

/** Pairs assembly nodes with tree ids and world offsets. */
function locate(node: AssemblyNode, info: ModelInfo, id: string, at: Vec3, out: Located[]): Located[] {
  out.push({ id, node, at });
  const next: Vec3 = node.offset ? [at[0] + node.offset[0] / 1000, at[1] + node.offset[1] / 1000, at[2] + node.offset[2] / 1000] : at;
  node.children.forEach((child, i) => locate(child, info, info.tree.nodes[id].children[i], next, out));
  return out;
}

function corner(l: Located, fx: number, fy: number, fz: number): Vec3 {
  const { origin, size } = l.node.box!;
  return [l.at[0] + (origin[0] + fx * size[0]) / 1000, l.at[1] + (origin[1] + fy * size[1]) / 1000, l.at[2] + (origin[2] + fz * size[2]) / 1000];
}

let viewer: ViewerEngine;
let info: ModelInfo;
let nodes: Located[];
let door: Located;
let fetchCalls = 0;

beforeAll(async () => {
  const { assembly, glb } = await generated(300);
  serveGlb(glb);
  const fetchStub = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
    fetchCalls++;
    return fetchStub(...args);
  });
  viewer = nullEngineViewer().viewer;
  info = await viewer.load('https://models.test/kitchen.glb');
  nodes = locate(assembly.root, info, info.tree.roots[0], [0, 0, 0], []);
  // A door of a metric base cabinet in the front run.
  door = nodes.find((l) => /^(Left door|Door)\+/.test(l.node.name) && l.node.name.includes('mm') && l.at[2] === 0 && l.at[1] < 0.5)!;
  expect(door).toBeDefined();
  await settle(viewer);
});

afterAll(() => {
  viewer.dispose();
  vi.unstubAllGlobals();
});

describe('render modes', () => {
  it('switch without reloading: wireframe draws only edges, the others surfaces and edges', async () => {
    const solidMeshes: number[] = [];
    for (const mode of ['solid', 'xray', 'illustration', 'wireframe'] as const) {
      viewer.setRenderMode(mode);
      expect(viewer.getRenderMode()).toBe(mode);
      await settle(viewer);
      solidMeshes.push(viewer.getStats().activeMeshes);
    }
    expect(solidMeshes[3]).toBe(1);
    expect(solidMeshes[0]).toBeGreaterThan(1);
    expect(solidMeshes[1]).toBe(solidMeshes[0]);
    expect(solidMeshes[2]).toBe(solidMeshes[0]);
    expect(solidMeshes[0]).toBeLessThanOrEqual(info.partCount / 10);
    expect(fetchCalls).toBe(1);
    expect(viewer.getModel()).toBe(info);
    viewer.setRenderMode('bogus' as never);
    expect(viewer.getRenderMode()).toBe('wireframe');
  });
});

describe('render on demand', () => {
  it('draws no frames while nothing changes', async () => {
    await settle(viewer);
    const frames = viewer.getStats().frames;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(viewer.getStats().frames).toBe(frames);
    viewer.requestRender();
    await settle(viewer);
    const after = viewer.getStats().frames;
    expect(after).toBeGreaterThan(frames);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(viewer.getStats().frames).toBe(after);
  });
});

describe('clipping', () => {
  it('clamps the position to the model extent in the chosen unit', () => {
    const height = info.bounds.max[1] - info.bounds.min[1];
    expect(viewer.setClipping({ enabled: true, axis: 'y', position: -25 })).toMatchObject({ position: 0, max: Math.round(height * 10000) / 10, unit: 'mm', step: 0.1 });
    const top = viewer.setClipping({ position: 1e9 });
    expect(top.position).toBe(top.max);
    expect(viewer.setClipping({ position: 500 }).position).toBe(500);
    viewer.setUnit('in');
    expect(viewer.getClipping()).toMatchObject({ position: 19.685, unit: 'in', step: 0.001, max: Math.round(height * 39.3701 * 1000) / 1000 });
    viewer.setUnit('mm');
    viewer.setClipping({ enabled: false });
  });

  it('makes clipped parts unpickable', async () => {
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
    const c = viewer.project(corner(door, 0.5, 0.5, 1));
    expect(viewer.pickAt(c.x, c.y).partId).toBe(door.id);
    // Keep only what lies behind the door's front face.
    const depth = (door.at[2] + door.node.box!.origin[2] / 1000 - info.bounds.min[2]) * 1000;
    viewer.setClipping({ enabled: true, axis: 'z', inverted: false, position: depth - 1 });
    expect(viewer.pickAt(c.x, c.y).partId).not.toBe(door.id);
    viewer.setClipping({ enabled: false });
    expect(viewer.pickAt(c.x, c.y).partId).toBe(door.id);
  });
});

describe('framing inside the free area', () => {
  it('puts the framed model in the middle of what the panels leave free, in every view', async () => {
    viewer.showAll();
    const b = info.bounds;
    const centre: [number, number, number] = [0, 1, 2].map((k) => (b.min[k]! + b.max[k]!) / 2) as [number, number, number];
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [i & 1 ? b.max[0]! : b.min[0]!, i & 2 ? b.max[1]! : b.min[1]!, i & 4 ? b.max[2]! : b.min[2]!] as [number, number, number]);
    const insets = { top: 60, right: 40, bottom: 120, left: 300 };
    viewer.setFrameInsets(insets);
    for (const view of ['front', 'top', 'free'] as const) {
      viewer.setCameraView(view, { animate: false });
      viewer.resetCamera({ animate: false });
      await settle(viewer);
      const c = viewer.project(centre);
      expect(c.x).toBeCloseTo(insets.left + (WIDTH - insets.left - insets.right) / 2, -1);
      expect(c.y).toBeCloseTo(insets.top + (HEIGHT - insets.top - insets.bottom) / 2, -1);
      for (const corner of corners) {
        const p = viewer.project(corner);
        expect(p.x).toBeGreaterThanOrEqual(insets.left - 1);
        expect(p.x).toBeLessThanOrEqual(WIDTH - insets.right + 1);
        expect(p.y).toBeGreaterThanOrEqual(insets.top - 1);
        expect(p.y).toBeLessThanOrEqual(HEIGHT - insets.bottom + 1);
      }
    }
    viewer.setFrameInsets({ top: 0, right: 0, bottom: 0, left: 0 });
    viewer.resetCamera({ animate: false });
    await settle(viewer);
    const c = viewer.project(centre);
    expect(c.x).toBeCloseTo(WIDTH / 2, -1);
    expect(c.y).toBeCloseTo(HEIGHT / 2, -1);
  });
});

describe('exploded view', () => {
  it('spreads the model (framing grows), drops a measurement taken before, and 0 puts it back as built', async () => {
    viewer.showAll();
    viewer.setRenderMode('solid');
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
    const asBuilt = viewer.getCameraState();
    const a = viewer.project(corner(door, 0, 0, 1));
    viewer.setMeasureActive(true);
    expect(viewer.measureAt(a.x + 2, a.y - 2)).not.toBeNull();
    viewer.setExplode(1);
    expect(viewer.getExplode()).toBe(1);
    expect(viewer.getMeasurement().points).toHaveLength(0);
    viewer.setMeasureActive(false);
    // The view was not moved by the user: it stays framed on the whole exploded model by itself.
    await settle(viewer);
    expect(viewer.getCameraState().orthoHalfHeight!).toBeGreaterThan(asBuilt.orthoHalfHeight!);
    viewer.setExplode(0);
    viewer.resetCamera({ animate: false });
    await settle(viewer);
    expect(viewer.getCameraState()).toEqual(asBuilt);
    expect(viewer.getExplode()).toBe(0);
  });
});

describe('measurement', () => {
  it('snaps clicks near a corner to the vertex and reports the distance in mm and in', async () => {
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
    const bottom = corner(door, 0, 0, 1);
    const top = corner(door, 0, 1, 1);
    const a = viewer.project(bottom);
    const b = viewer.project(top);
    expect(a.inView && b.inView).toBe(true);
    viewer.setMeasureActive(true);
    const first = viewer.measureAt(a.x + 2, a.y - 2);
    expect(first).toMatchObject({ snap: 'vertex', partId: door.id });
    first!.position.forEach((v, i) => expect(v).toBeCloseTo(bottom[i], 4));
    viewer.measureAt(b.x + 2, b.y + 2);
    const m = viewer.getMeasurement();
    const height = door.node.box!.size[1];
    expect(m.points).toHaveLength(2);
    expect(m.length).toBe(Math.round(height * 10) / 10);
    expect(m.vector).toEqual([0, Math.round(height * 10) / 10, 0]);
    viewer.setUnit('in');
    expect(viewer.getMeasurement().length).toBe(Math.round((height / 1000) * 39.3701 * 1000) / 1000);
    viewer.setUnit('mm');
    // A third click starts a new measurement.
    viewer.measureAt(a.x + 2, a.y - 2);
    expect(viewer.getMeasurement().points).toHaveLength(1);
    viewer.setMeasureActive(false);
    expect(viewer.getMeasurement().points).toHaveLength(0);
  });

  it('snaps within the same number of pixels whatever the zoom', async () => {
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
    viewer.setMeasureActive(true);
    const bottom = corner(door, 0, 0, 1);
    for (const zoom of [1, 0.25]) {
      const state = viewer.getCameraState();
      // Zoomed out four times: the same corner, four times smaller on screen.
      if (zoom !== 1) viewer.setCameraState({ ...state, orthoHalfHeight: state.orthoHalfHeight! / zoom }, { animate: false });
      await settle(viewer);
      const a = viewer.project(bottom);
      expect(a.inView).toBe(true);
      // 6 px from the corner: within 0.02 of a 600 px view (12 px) at both zooms.
      const near = viewer.measureAt(a.x + 4, a.y - 4);
      expect(near?.snap, `zoom ${zoom}`).toBe('vertex');
      viewer.clearMeasure();
      // Halfway up the side edge, 3 px in: 15 px or more from either corner, beyond a vertex's reach.
      const mid = viewer.project(corner(door, 0, 0.5, 1));
      const along = viewer.measureAt(mid.x + 3, mid.y);
      expect(along?.snap, `zoom ${zoom}`).toBe('edge');
      viewer.clearMeasure();
    }
    viewer.setMeasureActive(false);
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
  });

  it('stays on the surface away from vertices and edges', () => {
    viewer.setMeasureActive(true);
    const c = viewer.project(corner(door, 0.5, 0.5, 1));
    expect(viewer.measureAt(c.x, c.y)?.snap).toBe('surface');
    viewer.setMeasureActive(false);
  });
});

describe('isolation and visibility', () => {
  it('hides everything but the isolated cabinet and frames it', async () => {
    const cabinetId = info.tree.nodes[door.id].parent!;
    const changes: VisibilityChange[] = [];
    const off = viewer.onVisibilityChange.subscribe((c) => changes.push(c));
    viewer.isolate([cabinetId]);
    off();
    const hidden = new Set(changes.flatMap((c) => c.changes.filter((x) => !x.isVisible).map((x) => x.id)));
    const cabinet = nodes.find((l) => l.id === cabinetId)!;
    const inside = new Set(nodes.filter((l) => isInside(l.id, cabinetId)).map((l) => l.id));
    for (const l of nodes) {
      if (inside.has(l.id) || l.id === info.tree.roots[0]) expect(hidden.has(l.id)).toBe(false);
      else expect(hidden.has(l.id)).toBe(true);
    }
    await settle(viewer);
    const target = viewer.getCameraState().target;
    const box = nodes.filter((l) => inside.has(l.id) && l.node.box).flatMap((l) => [corner(l, 0, 0, 0), corner(l, 1, 1, 1)]);
    for (let k = 0; k < 3; k++) {
      const lo = Math.min(...box.map((p) => p[k]));
      const hi = Math.max(...box.map((p) => p[k]));
      expect(target[k]).toBeCloseTo((lo + hi) / 2, 3);
    }
    expect(cabinet.node.children.length).toBeGreaterThan(0);
  });

  it('ignores hidden parts when picking and can isolate without moving the camera', async () => {
    const other = nodes.find((l) => l.node.box && !isInside(l.id, info.tree.nodes[door.id].parent!))!;
    const before = viewer.getCameraState();
    viewer.isolate([other.id], { moveCamera: false });
    await settle(viewer);
    expect(viewer.getCameraState()).toEqual(before);
    viewer.setCameraView('front', { animate: false });
    await settle(viewer);
    const c = viewer.project(corner(other, 0.5, 0.5, 0.5));
    viewer.hide([other.id]);
    expect(viewer.pickAt(c.x, c.y).partId).toBeNull();
    viewer.showAll();
    expect(Object.values(info.tree.nodes).length).toBeGreaterThan(0);
  });

  it('draws the selection as one extra mesh', async () => {
    viewer.setRenderMode('solid');
    await settle(viewer);
    const base = viewer.getStats().activeMeshes;
    viewer.setSelection([door.id]);
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 1);
    viewer.setSelection([]);
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base);
  });

  it('tints compared parts with one overlay per kind of change, only where visible, until cleared', async () => {
    viewer.setRenderMode('solid');
    await settle(viewer);
    const base = viewer.getStats().activeMeshes;
    const other = nodes.find((l) => l.node.box && l.id !== door.id)!;
    viewer.setTints({ added: [door.id], changed: [other.id] });
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 2);
    viewer.hide([other.id]);
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 1);
    viewer.showAll();
    viewer.setTints({});
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base);
  });

  it('a tint colours the node\'s own geometry, not its descendants: a changed job name leaves its parts unpainted', async () => {
    viewer.setRenderMode('solid');
    await settle(viewer);
    const base = viewer.getStats().activeMeshes;
    const root = info.tree.roots[0];
    viewer.setTints({ changed: [root] });
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base);
    viewer.setTints({ changed: [root, door.id] });
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 1);
    viewer.setTints({});
    await settle(viewer);
  });

  it('draws chosen finishes, one overlay per colour, in solid mode only, kept for the next model and removed by {}', async () => {
    viewer.setRenderMode('solid');
    await settle(viewer);
    const base = viewer.getStats().activeMeshes;
    const other = nodes.find((l) => l.node.box && l.id !== door.id)!;
    viewer.setPartColours({ '#20c040': [door.id], '#C9A227': [other.id] });
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 2);
    // A cabinet's id colours the parts it holds.
    viewer.setPartColours({ '#20c040': [info.tree.roots[0]] });
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base + 1);
    viewer.setRenderMode('xray');
    await settle(viewer);
    const xray = viewer.getStats().activeMeshes;
    viewer.setPartColours({});
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(xray);
    viewer.setRenderMode('solid');
    await settle(viewer);
    expect(viewer.getStats().activeMeshes).toBe(base);
  });

  it('isolates nodes without their descendants when asked: only the door stays, not the kitchen around it', async () => {
    const root = info.tree.roots[0];
    viewer.isolate([root, door.id], { moveCamera: false, descendants: false });
    expect(viewer.getPartVisibility().shown).toEqual([door.id]);
    viewer.isolate([door.id], { moveCamera: false });
    expect(viewer.getPartVisibility().shown).toEqual([door.id]);
    viewer.showAll();
    expect(viewer.getPartVisibility().hidden).toEqual([]);
  });
});

describe('camera', () => {
  it('uses orthographic views framed with a 9% margin and a perspective free view', async () => {
    viewer.showAll();
    viewer.setCameraView('top', { animate: false });
    const top = viewer.getCameraState();
    expect(top.view).toBe('top');
    expect(top.orthoHalfHeight).toBeCloseTo(fitOrthoHalfHeight(info.bounds, VIEW_ANGLES.top.alpha, VIEW_ANGLES.top.beta, WIDTH / HEIGHT), 6);
    expect(top.position[1]).toBeGreaterThan(info.bounds.max[1]);
    viewer.setCameraView('free', { animate: false });
    const free = viewer.getCameraState();
    expect(free.orthoHalfHeight).toBeNull();
    expect(free.position[2]).toBeGreaterThan(info.bounds.max[2]);
  });

  it('stores and restores a camera state (per notice step)', async () => {
    viewer.setCameraView('left', { animate: false });
    const stored = viewer.getCameraState();
    viewer.setCameraView('front', { animate: false });
    viewer.setCameraState(stored, { animate: false });
    const restored = viewer.getCameraState();
    expect(restored.view).toBe('left');
    restored.position.forEach((v, i) => expect(v).toBeCloseTo(stored.position[i], 6));
    expect(restored.orthoHalfHeight).toBeCloseTo(stored.orthoHalfHeight!, 6);
    viewer.setCameraState({ ...stored, version: 2 } as never);
    expect(viewer.getCameraState().view).toBe('left');
  });

  it('animates resets over about a second', async () => {
    viewer.setCameraView('free', { animate: false });
    const start = performance.now();
    viewer.setCameraView('right');
    await settle(viewer, 50);
    expect(performance.now() - start).toBeGreaterThan(900);
    expect(viewer.getCameraState().view).toBe('right');
  });
});

function isInside(id: string, ancestor: string): boolean {
  for (let n: string | null = id; n; n = info.tree.nodes[n].parent) if (n === ancestor) return true;
  return false;
}
