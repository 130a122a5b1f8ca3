/**
 * The engine's workshop tools on a generated 600 mm base cabinet (panel 18, depth 560, height 720,
 * door 19, handle 30 deep, legs 100): the section box, face-to-face and angle measures by clicks,
 * overall dimensions, kept measures and the view state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblyToGlb } from '../../samples/toGlb';
import type { CameraState, ModelInfo, Vec3, ViewerEngine } from '../../src/engine/types';
import { HEIGHT, nullEngineViewer, serveGlb, settle, WIDTH } from './engineHarness';
import { assemblyOf, cabinet, m } from './workshopModels';

const MM = 1e-4;
let viewer: ViewerEngine;
let info: ModelInfo;
let cabinetId: string;
const idOf = (name: string) => info.tree.nodes[cabinetId].children.find((c) => info.tree.nodes[c].name === name)!;

beforeAll(async () => {
  serveGlb(await assemblyToGlb(assemblyOf([cabinet({ kind: 'base-doors', width: 600, unit: 'mm', offset: [0, 100, 0] })])));
  viewer = nullEngineViewer().viewer;
  info = await viewer.load('https://models.test/cabinet.glb');
  cabinetId = info.tree.nodes[info.tree.roots[0]].children[0];
  viewer.setRenderMode('solid');
  await settle(viewer);
});

afterAll(() => viewer.dispose());

/** Looks from inside the carcass (centre, a quarter up) towards `target`, and clicks the middle of the canvas. */
function clickLookingAt(target: Vec3): void {
  const state: CameraState = { version: 1, view: 'free', position: [m(300), m(100 + 180), m(280)], target, orthoHalfHeight: null };
  viewer.setCameraState(state, { animate: false });
  viewer.workshopMeasureAt(WIDTH / 2, HEIGHT / 2);
}

describe('the section box', () => {
  it('goes around one cabinet, a little larger than it, and cuts what lies outside', () => {
    const state = viewer.sectionAround([cabinetId]);
    expect(state.enabled).toBe(true);
    expect(state.around).toEqual([cabinetId]);
    expect(state.box.max[0] - state.box.min[0]).toBeCloseTo(m(600 + 4), 4);
    viewer.setCameraView('front', { animate: false });
    const doorCentre = viewer.project([m(150), m(100 + 360), m(579)]);
    expect(viewer.pickAt(doorCentre.x, doorCentre.y).partId).toBe(idOf('Left door'));
    // Pull the front face behind the door: the door is cut away, the shelf or the back shows.
    viewer.moveSectionFace('maxZ', m(500));
    expect(viewer.getSectionBox().box.max[2]).toBeCloseTo(m(500), 9);
    expect(viewer.pickAt(doorCentre.x, doorCentre.y).partId).not.toBe(idOf('Left door'));
    // A face never passes the opposite one.
    expect(viewer.moveSectionFace('maxZ', -5).box.max[2]).toBeCloseTo(state.box.min[2] + 0.001, 9);
    viewer.setSectionBox({ enabled: false });
    expect(viewer.pickAt(doorCentre.x, doorCentre.y).partId).toBe(idOf('Left door'));
  });

  it('folds SPEC\'s clipping plane into the box: both cut', () => {
    viewer.sectionAround([cabinetId]);
    viewer.setCameraView('front', { animate: false });
    const doorTop = viewer.project([m(150), m(100 + 650), m(579)]);
    const doorLow = viewer.project([m(150), m(100 + 100), m(579)]);
    // Keep what lies below 400 mm from the model's bottom (the legs start at y = 0).
    viewer.setClipping({ enabled: true, axis: 'y', inverted: false, position: 400 });
    expect(viewer.pickAt(doorTop.x, doorTop.y).partId).not.toBe(idOf('Left door'));
    expect(viewer.pickAt(doorLow.x, doorLow.y).partId).toBe(idOf('Left door'));
    expect(viewer.getClipping().enabled).toBe(true);
    viewer.setClipping({ enabled: false });
    expect(viewer.pickAt(doorTop.x, doorTop.y).partId).toBe(idOf('Left door'));
    viewer.setSectionBox({ enabled: false });
  });
});

describe('workshop measures by clicks', () => {
  it('measures the inside width between the sides: 564 mm', () => {
    viewer.setWorkshopTool('faceDistance');
    clickLookingAt([0, m(100 + 180), m(280)]);
    expect(viewer.getWorkshopMeasures().current?.faces).toHaveLength(1);
    clickLookingAt([m(600), m(100 + 180), m(280)]);
    const current = viewer.getWorkshopMeasures().current!;
    expect(current.faces.map((f) => f.partId)).toEqual([idOf('Left side'), idOf('Right side')]);
    expect(Math.abs(current.value! - m(564))).toBeLessThan(MM);
    expect(current.lines).toHaveLength(1);
  });

  it('keeps a measure while another is taken, then clears them one by one', () => {
    const id = viewer.keepMeasure()!;
    expect(viewer.getWorkshopMeasures().kept.map((k) => k.id)).toEqual([id]);
    viewer.setWorkshopTool('angle');
    clickLookingAt([0, m(100 + 180), m(280)]);
    clickLookingAt([m(300), m(100), m(280)]);
    const angle = viewer.getWorkshopMeasures().current!;
    expect(angle.faces.map((f) => f.partId)).toEqual([idOf('Left side'), idOf('Bottom')]);
    expect(Math.abs(angle.value! - 90)).toBeLessThan(0.1);
    const second = viewer.keepMeasure()!;
    expect(viewer.getWorkshopMeasures().kept).toHaveLength(2);
    viewer.clearWorkshopMeasure(id);
    expect(viewer.getWorkshopMeasures().kept.map((k) => k.id)).toEqual([second]);
  });

  it('reads 90 degrees between two edges of a side that meet at its corner', () => {
    viewer.setWorkshopTool('angle');
    // Seen from the left, square to the left side's outer face; clicks just inside its bottom edge
    // and just inside its front edge, well away from the corner where they meet.
    viewer.setCameraState({ version: 1, view: 'free', position: [-1.5, m(300), m(300)], target: [0, m(300), m(300)], orthoHalfHeight: null }, { animate: false });
    for (const point of [[0, m(100 + 4), m(250)], [0, m(100 + 400), m(560 - 4)]] as Vec3[]) {
      const p = viewer.project(point);
      viewer.workshopMeasureAt(p.x, p.y);
    }
    const angle = viewer.getWorkshopMeasures().current!;
    expect(angle.edges.map((e) => e.partId)).toEqual([idOf('Left side'), idOf('Left side')]);
    expect(angle.faces).toHaveLength(0);
    expect(Math.abs(angle.value! - 90)).toBeLessThan(0.1);
    expect(angle.lines).toHaveLength(2);
  });

  it('reports two faces that are not parallel as such, with no distance', () => {
    viewer.setWorkshopTool('faceDistance');
    clickLookingAt([0, m(100 + 180), m(280)]);
    clickLookingAt([m(300), m(100), m(280)]);
    expect(viewer.getWorkshopMeasures().current).toMatchObject({ value: null, problem: 'notParallel' });
  });

  it('gives the overall dimensions of the cabinet, and of the model from a click on nothing', () => {
    const overall = viewer.measureOverall([cabinetId])!;
    [600, 820, 609].forEach((mm, i) => expect(Math.abs(overall.size![i] - m(mm))).toBeLessThan(MM));
    expect(overall.lines.map((l) => l.axis)).toEqual(['x', 'y', 'z']);
    viewer.setWorkshopTool('overall');
    viewer.setCameraView('front', { animate: false });
    expect(viewer.workshopMeasureAt(2, 2)?.partIds).toBeNull();
  });
});

describe('the view state of a pinned note', () => {
  it('holds the camera, the section box and the kept measures, and restores them', () => {
    viewer.clearAllWorkshopMeasures();
    viewer.measureOverall([cabinetId]);
    viewer.keepMeasure();
    // Around the side's cabinet: the kept measure of the cabinet stays inside the box (one reaching outside would be cleared).
    viewer.sectionAround([idOf('Left side')], { wholeCabinet: true });
    viewer.setCameraView('top', { animate: false });
    const saved = JSON.parse(JSON.stringify(viewer.getViewState()));
    expect(saved.sectionBox.enabled).toBe(true);
    expect(saved.measures).toHaveLength(1);

    viewer.setSectionBox({ enabled: false });
    viewer.clearAllWorkshopMeasures();
    viewer.setCameraView('front', { animate: false });
    viewer.setViewState(saved, { animate: false });
    expect(viewer.getSectionBox()).toMatchObject({ enabled: true, box: saved.sectionBox.box });
    expect(viewer.getWorkshopMeasures().kept).toEqual(saved.measures);
    expect(viewer.getCameraState().view).toBe('top');
  });
});
