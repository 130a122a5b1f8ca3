/**
 * The viewer engine in a real Chromium: the engine test page loads a generated 1,000-part
 * kitchen, then the spec cycles render modes, clips, measures two snapped points, switches every
 * camera view and drags the camera. (Pictures of the viewer are written by scripts/screenshots.ts.)
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { AssemblyNode } from '../samples/assembly';
import { generateAssembly } from '../samples/generate';
import { assemblyToGlb } from '../samples/toGlb';
import type { Vec3 } from '../src/engine/types';
import type {} from '../src/engine/testPage';

const PARTS = 1000;
const MODEL_PATH = '/e2e-models/kitchen-1000.glb';
const MODES = ['wireframe', 'solid', 'xray', 'illustration'] as const;
const VIEWS = ['top', 'bottom', 'left', 'right', 'front', 'back', 'free'] as const;

let glb: Uint8Array;
let door: { id: string; path: number[]; bottom: Vec3; top: Vec3; heightMm: number };

/** The first door of a metric base cabinet in the front run, with two of its front corners in metres. */
function findDoor(root: AssemblyNode): Omit<typeof door, 'id'> {
  const visit = (node: AssemblyNode, at: Vec3, path: number[]): ReturnType<typeof findDoor> | null => {
    if (node.box && /^(Left door|Door)\+.*mm\|/.test(node.name) && at[1] < 0.5 && at[2] === 0) {
      const { origin, size } = node.box;
      const x = at[0] + origin[0] / 1000;
      const y = at[1] + origin[1] / 1000;
      const z = at[2] + (origin[2] + size[2]) / 1000;
      return { path, bottom: [x, y, z], top: [x, y + size[1] / 1000, z], heightMm: size[1] };
    }
    const next: Vec3 = node.offset ? [at[0] + node.offset[0] / 1000, at[1] + node.offset[1] / 1000, at[2] + node.offset[2] / 1000] : at;
    for (let i = 0; i < node.children.length; i++) {
      const found = visit(node.children[i], next, [...path, i]);
      if (found) return found;
    }
    return null;
  };
  const found = visit(root, [0, 0, 0], []);
  if (!found) throw new Error('no door in the generated kitchen');
  return found;
}

/** Share of pixels that differ from the dark background, and a coarse signature of the image. */
async function imageStats(png: Buffer): Promise<{ ink: number; left: number; right: number; signature: number[] }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  let left = 0;
  let right = 0;
  const cells = new Array(64).fill(0);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const differs = Math.abs(data[i] - 24) + Math.abs(data[i + 1] - 24) + Math.abs(data[i + 2] - 27) > 30;
      if (!differs) continue;
      ink++;
      if (x < info.width / 2) left++;
      else right++;
      cells[Math.floor((y / info.height) * 8) * 8 + Math.floor((x / info.width) * 8)] += data[i] + data[i + 1] + data[i + 2];
    }
  }
  const total = info.width * info.height;
  return { ink: ink / total, left: left / total, right: right / total, signature: cells.map((c) => c / total) };
}

/** Pixels of the model within `margin` pixels of the image's edges: the model cut by the canvas. */
async function edgeInk(png: Buffer, margin = 3): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (x >= margin && y >= margin && x < info.width - margin && y < info.height - margin) continue;
      const i = (y * info.width + x) * 3;
      if (Math.abs(data[i] - 24) + Math.abs(data[i + 1] - 24) + Math.abs(data[i + 2] - 27) > 30) ink++;
    }
  }
  return ink;
}

function distance(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0);
}

/** Resolves after `count` frames of the browser (its own animation frames, not a clock). */
const browserFrames = (page: Page, count: number) =>
  page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        const tick = () => (++seen >= n ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );

/** Waits until the engine has drawn nothing for 15 browser frames: it renders on demand, so it is idle. */
async function idle(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = await page.evaluate(() => window.engineTest!.engine.getStats().frames);
        await browserFrames(page, 15);
        return (await page.evaluate(() => window.engineTest!.engine.getStats().frames)) === before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function shot(page: Page): Promise<Buffer> {
  await idle(page);
  return page.locator('#viewer').screenshot();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const assembly = generateAssembly({ parts: PARTS, seed: 1 });
  glb = await assemblyToGlb(assembly);
  door = { id: '', ...findDoor(assembly.root) };
});

test('the engine test page loads, renders on demand, and switches modes, clipping, measurement and views', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(
    (url) => url.pathname === MODEL_PATH,
    (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }),
  );
  await page.goto(`/engine-test.html?model=${MODEL_PATH}`);
  await page.waitForFunction(() => window.engineTest !== undefined);
  const info = await page.evaluate(() => window.engineTest!.ready);
  expect(info.partCount).toBe(PARTS);
  expect(await page.evaluate(() => window.engineTest!.progress.at(-1))).toMatchObject({ phase: 'renderModes', progress: 1, overall: 1 });

  // Resolve the door's node id by walking the same child path in the reported tree.
  door.id = await page.evaluate((path) => {
    const tree = window.engineTest!.engine.getModel()!.tree;
    let id = tree.roots[0];
    for (const i of path) id = tree.nodes[id].children[i];
    return id;
  }, door.path);
  expect(await page.evaluate((id) => window.engineTest!.engine.getModel()!.tree.nodes[id].name, door.id)).toMatch(/door/i);

  // Render on demand: no frames while nothing changes.
  await idle(page);
  const frames = await page.evaluate(() => window.engineTest!.engine.getStats().frames);
  await browserFrames(page, 40);
  expect(await page.evaluate(() => window.engineTest!.engine.getStats().frames)).toBe(frames);

  // Render modes, each saved as a screenshot.
  const signatures: number[][] = [];
  for (const mode of MODES) {
    await page.evaluate((m) => window.engineTest!.engine.setRenderMode(m), mode);
    const stats = await imageStats(await shot(page));
    expect(stats.ink, `${mode} draws the model`).toBeGreaterThan(0.05);
    const drawCalls = await page.evaluate(() => window.engineTest!.engine.getStats().drawCalls);
    expect(drawCalls).toBeGreaterThan(0);
    expect(drawCalls).toBeLessThanOrEqual(PARTS / 10);
    for (const other of signatures) expect(distance(stats.signature, other), `${mode} looks different`).toBeGreaterThan(5);
    signatures.push(stats.signature);
  }

  // Clipping along X at the middle removes the right half of the model (front view, solid).
  await page.evaluate(() => {
    const e = window.engineTest!.engine;
    e.setRenderMode('solid');
    e.setCameraView('front', { animate: false });
  });
  const whole = await imageStats(await shot(page));
  const clip = await page.evaluate(() => {
    const e = window.engineTest!.engine;
    const max = e.setClipping({ enabled: true, axis: 'x', inverted: false, position: 0 }).max;
    return e.setClipping({ position: max / 2 });
  });
  expect(clip.position).toBeCloseTo(clip.max / 2, 0);
  expect(await page.evaluate(() => window.engineTest!.engine.setClipping({ position: 1e9 }).position)).toBe(clip.max);
  await page.evaluate((p) => window.engineTest!.engine.setClipping({ position: p }), clip.position);
  const clipped = await imageStats(await shot(page));
  expect(clipped.left).toBeGreaterThan(whole.left * 0.8);
  expect(clipped.right).toBeLessThan(whole.right * 0.5);
  await page.evaluate(() => window.engineTest!.engine.setClipping({ enabled: false }));

  // Measurement: two clicks near the door's corners snap to them.
  await page.evaluate(() => window.engineTest!.engine.setMeasureActive(true));
  await idle(page);
  const box = (await page.locator('#viewer').boundingBox())!;
  for (const corner of [door.bottom, door.top]) {
    const p = await page.evaluate((c) => window.engineTest!.engine.project(c), corner);
    expect(p.inView).toBe(true);
    await page.mouse.move(box.x + p.x + 3, box.y + p.y + (corner === door.bottom ? -3 : 3));
    await page.mouse.down();
    await page.mouse.up();
  }
  const measurement = await page.evaluate(() => window.engineTest!.engine.getMeasurement());
  expect(measurement.points.map((p) => p.snap)).toEqual(['vertex', 'vertex']);
  expect(measurement.points.map((p) => p.partId)).toEqual([door.id, door.id]);
  expect(measurement.length).toBe(Math.round(door.heightMm * 10) / 10);
  await page.evaluate(() => window.engineTest!.engine.setMeasureActive(false));

  // Every camera view: orthographic except free, each showing the model differently.
  const views: number[][] = [];
  for (const view of VIEWS) {
    await page.evaluate((v) => window.engineTest!.engine.setCameraView(v, { animate: false }), view);
    const state = await page.evaluate(() => window.engineTest!.engine.getCameraState());
    expect(state.view).toBe(view);
    expect(state.orthoHalfHeight === null).toBe(view === 'free');
    const stats = await imageStats(await shot(page));
    expect(stats.ink, `${view} shows the model`).toBeGreaterThan(0.02);
    views.push(stats.signature);
  }
  expect(distance(views[0], views[2])).toBeGreaterThan(5); // top vs left

  // Dragging the canvas moves the camera and is reported as a user move; reset clears it.
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(false);
  const before = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await idle(page);
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(true);
  expect(await page.evaluate(() => window.engineTest!.engine.getCameraState())).not.toEqual(before);
  // A preset after the user moved the view frames the model, and a panel opened then (the canvas's
  // free area shrinks) frames it again inside what is left.
  await page.evaluate(() => window.engineTest!.engine.setCameraView('front', { animate: false }));
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(false);
  const inFreeArea = (insets: { top: number; right: number; bottom: number; left: number }) =>
    page.evaluate((inset) => {
      const { engine } = window.engineTest!;
      const canvas = document.querySelector<HTMLCanvasElement>('#viewer')!;
      const { min, max } = engine.getModel()!.bounds;
      const corners = [min[0], max[0]].flatMap((x) => [min[1], max[1]].flatMap((y) => [min[2], max[2]].map((z) => [x, y, z] as const)));
      return corners.filter((c) => {
        const p = engine.project(c);
        return p.x >= inset.left - 1 && p.x <= canvas.clientWidth - inset.right + 1 && p.y >= inset.top - 1 && p.y <= canvas.clientHeight - inset.bottom + 1;
      }).length;
    }, insets);
  const panel = { top: 64, right: 0, bottom: 56, left: 0.45 * box.width };
  await page.evaluate((insets) => window.engineTest!.engine.setFrameInsets(insets), panel);
  await idle(page);
  expect(await inFreeArea(panel)).toBe(8);
  await page.evaluate(() => window.engineTest!.engine.setFrameInsets({ top: 0, right: 0, bottom: 0, left: 0 }));
  await page.evaluate(() => window.engineTest!.engine.resetCamera({ animate: false }));
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(false);

  // The wheel zooms towards the cursor: the model's point under it stays under it, in the free
  // view (Babylon's zoom to the mouse location) and in an orthographic one (the rig's own wheel).
  for (const view of ['free', 'front'] as const) {
    await page.evaluate((v) => window.engineTest!.engine.setCameraView(v, { animate: false }), view);
    await idle(page);
    const middle = await page.evaluate(() => {
      const { min, max } = window.engineTest!.engine.getModel()!.bounds;
      return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2] as [number, number, number];
    });
    const centre = await page.evaluate((p) => window.engineTest!.engine.project(p), middle);
    // A point on the first door, away from the view's centre.
    const onDoor = await page.evaluate((p) => window.engineTest!.engine.project(p), [door.bottom[0] + 0.05, (door.bottom[1] + door.top[1]) / 2, door.bottom[2]] as [number, number, number]);
    const cursor = { x: Math.round(onDoor.x), y: Math.round(onDoor.y) };
    expect(Math.hypot(cursor.x - centre.x, cursor.y - centre.y), `${view}: the cursor is away from the centre`).toBeGreaterThan(40);
    const under = await page.evaluate(({ x, y }) => window.engineTest!.engine.pickAt(x, y).point, cursor);
    expect(under, `${view}: the model is under the cursor`).not.toBeNull();
    await page.mouse.move(box.x + cursor.x, box.y + cursor.y);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -120);
    await idle(page);
    const after = await page.evaluate((p) => window.engineTest!.engine.project(p), under!);
    const centreAfter = await page.evaluate((p) => window.engineTest!.engine.project(p), middle);
    expect(Math.hypot(after.x - cursor.x, after.y - cursor.y), `${view}: the point stays under the cursor`).toBeLessThan(6);
    // Zoomed in: the model's centre moved away from the cursor on screen.
    expect(Math.hypot(centreAfter.x - after.x, centreAfter.y - after.y), `${view}: the wheel zoomed in`).toBeGreaterThan(Math.hypot(centre.x - cursor.x, centre.y - cursor.y) * 1.1);
  }
  await page.evaluate(() => window.engineTest!.engine.resetCamera({ animate: false }));
  await idle(page);

  // A narrower canvas (a docked panel, a smaller window) keeps an unmoved view framed: every
  // corner of the model stays on screen, where a fixed camera would crop the sides.
  const cornersInView = () =>
    page.evaluate(() => {
      const { engine } = window.engineTest!;
      const { min, max } = engine.getModel()!.bounds;
      const corners = [min[0], max[0]].flatMap((x) => [min[1], max[1]].flatMap((y) => [min[2], max[2]].map((z) => [x, y, z] as const)));
      return corners.filter((c) => engine.project(c).inView).length;
    });
  await page.evaluate(() => window.engineTest!.engine.setCameraView('free', { animate: false }));
  await expect.poll(cornersInView).toBe(8);
  const wide = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(cornersInView).toBe(8);
  // (the camera moved back to keep the model's width on a narrower canvas)
  expect(await page.evaluate(() => window.engineTest!.engine.getCameraState().position)).not.toEqual(wide.position);
  // Once the user has moved the camera, a resize leaves it where the user put it.
  await page.mouse.move(210, 400);
  await page.mouse.down();
  await page.mouse.move(260, 420, { steps: 4 });
  await page.mouse.up();
  await idle(page); // the drag's inertia has settled: the engine draws while the camera coasts
  const moved = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => page.evaluate(() => document.querySelector<HTMLCanvasElement>('#viewer')?.clientWidth)).toBe(1280);
  await idle(page);
  const after = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  // A refit to the wider canvas would bring the camera much closer; inertia's last steps move it by millimetres.
  after.position.forEach((value, axis) => expect(value).toBeCloseTo(moved.position[axis], 1));
  after.target.forEach((value, axis) => expect(value).toBeCloseTo(moved.target[axis], 1));

  // A view the user moved that shows the whole model keeps it whole when the exploded view spreads it.
  await page.evaluate(() => window.engineTest!.engine.setRenderMode('solid'));
  await page.evaluate(() => window.engineTest!.engine.resetCamera({ animate: false }));
  const area = (await page.locator('#viewer').boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2 + 30, area.y + area.height / 2, { steps: 3 });
  await page.mouse.up();
  await idle(page);
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(true);
  expect(await edgeInk(await shot(page)), 'the whole model on the canvas before').toBe(0);
  await page.evaluate(() => window.engineTest!.engine.setExplode(1));
  expect(await edgeInk(await shot(page)), 'the whole exploded model on the canvas').toBe(0);
  await page.evaluate(() => window.engineTest!.engine.setExplode(0));

  expect(errors).toEqual([]);
});
