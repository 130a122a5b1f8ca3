/**
 * "Cut around the selected cabinet" on a run of six 600 mm cabinets: the box goes around the one
 * cabinet and the camera frames the box (not the whole run, where the cabinet is a sixth of the
 * view under the handles); the overall size taken of the whole run before, whose labels would
 * float in empty space, is cleared, while a measure inside the box stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblyToGlb } from '../../samples/toGlb';
import type { Bounds, ModelInfo, ViewerEngine } from '../../src/engine/types';
import { HEIGHT, nullEngineViewer, serveGlb, settle } from './engineHarness';
import { assemblyOf, cabinet } from './workshopModels';

let viewer: ViewerEngine;
let info: ModelInfo;
let first: string;

beforeAll(async () => {
  const run = Array.from({ length: 6 }, (_, i) => cabinet({ kind: 'base-doors', width: 600, unit: 'mm', displayName: `Base cabinet ${i + 1}`, offset: [600 * i, 100, 0] }));
  serveGlb(await assemblyToGlb(assemblyOf(run)));
  viewer = nullEngineViewer().viewer;
  info = await viewer.load('https://models.test/run.glb');
  first = info.tree.nodes[info.tree.roots[0]].children[0];
  viewer.setRenderMode('solid');
  await settle(viewer);
});

afterAll(() => viewer.dispose());

/** How much of the canvas height the box's corners span, or 0 when a corner is out of view. */
function heightShare(box: Bounds): number {
  const ys: number[] = [];
  for (let i = 0; i < 8; i++) {
    const p = viewer.project([i & 1 ? box.max[0] : box.min[0], i & 2 ? box.max[1] : box.min[1], i & 4 ? box.max[2] : box.min[2]]);
    if (!p.inView) return 0;
    ys.push(p.y);
  }
  return (Math.max(...ys) - Math.min(...ys)) / HEIGHT;
}

describe('cut around the selected cabinet', () => {
  it('frames the camera on the box and clears the measures the box leaves outside', async () => {
    viewer.resetCamera({ animate: false });
    const whole = viewer.measureOverall();
    viewer.keepMeasure();
    const door = info.tree.nodes[first].children.find((id) => /door/i.test(info.tree.nodes[id].name))!;
    const inside = viewer.measureOverall([door], { wholeCabinet: true });
    expect(whole?.size?.[0]).toBeCloseTo(3.6, 3);
    expect(inside?.size?.[0]).toBeCloseTo(0.6, 3);
    const before = heightShare(viewer.sectionAround([door], { wholeCabinet: true }).box);
    viewer.setSectionBox({ enabled: false });
    viewer.resetCamera({ animate: false });

    const state = viewer.sectionAround([door], { wholeCabinet: true, frame: true });
    expect(state.enabled).toBe(true);
    expect(state.around).toEqual([first]);
    await settle(viewer, 60);
    // The whole run's size is gone, the cabinet's own stays.
    expect(viewer.getWorkshopMeasures().kept).toEqual([]);
    expect(viewer.getWorkshopMeasures().current?.id).toBe(inside!.id);
    const after = heightShare(state.box);
    expect(before).toBeLessThan(0.3);
    expect(after).toBeGreaterThan(0.6);
  });
});
