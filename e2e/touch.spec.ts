/**
 * Touch on the engine, as on a phone (390 x 844, touch events through the DevTools protocol): one
 * finger turns the camera, two fingers pinch it closer and pan it, a tap selects a part, a double tap frames
 * it, two taps measure the height of a door of a generated kitchen, and a held finger aims a
 * measurement point above itself.
 */
import { expect, type Page, test } from '@playwright/test';
import type { AssemblyNode } from '../samples/assembly';
import { generateAssembly } from '../samples/generate';
import { assemblyToGlb } from '../samples/toGlb';
import type { Vec3 } from '../src/engine/types';
import type {} from '../src/engine/testPage';
import { gesture, tap, touch } from './touchInput';

const MODEL_PATH = '/e2e-models/touch-kitchen.glb';
let glb: Uint8Array;
let door: { bottom: Vec3; top: Vec3; heightMm: number };

/** The first door of a metric base cabinet in the front run, with two of its front corners in metres. */
function findDoor(root: AssemblyNode): typeof door {
  const visit = (node: AssemblyNode, at: Vec3): typeof door | null => {
    if (node.box && /^(Left door|Door)\+.*mm\|/.test(node.name) && at[1] < 0.5 && at[2] === 0) {
      const { origin, size } = node.box;
      const x = at[0] + origin[0] / 1000;
      const y = at[1] + origin[1] / 1000;
      const z = at[2] + (origin[2] + size[2]) / 1000;
      return { bottom: [x, y, z], top: [x, y + size[1] / 1000, z], heightMm: size[1] };
    }
    const next: Vec3 = node.offset ? [at[0] + node.offset[0] / 1000, at[1] + node.offset[1] / 1000, at[2] + node.offset[2] / 1000] : at;
    for (const child of node.children) {
      const found = visit(child, next);
      if (found) return found;
    }
    return null;
  };
  const found = visit(root, [0, 0, 0]);
  if (!found) throw new Error('no door in the generated kitchen');
  return found;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });

test.beforeAll(async () => {
  const assembly = generateAssembly({ parts: 120, seed: 2 });
  glb = await assemblyToGlb(assembly);
  door = findDoor(assembly.root);
});

async function settle(page: Page) {
  // The camera coasts after a gesture (inertia): wait until two readings a frame apart agree.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const read = () => JSON.stringify(window.engineTest!.engine.getCameraState().position);
        const a = read();
        await new Promise((r) => setTimeout(r, 120));
        return a === read();
      }),
    )
    .toBe(true);
}

const cameraDistance = (page: Page) =>
  page.evaluate(() => {
    const { position, target } = window.engineTest!.engine.getCameraState();
    return Math.hypot(position[0] - target[0], position[1] - target[1], position[2] - target[2]);
  });

test('one finger turns, two fingers pinch and pan, a tap selects, a double tap frames, taps and a held finger measure', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.route(
    (url) => url.pathname === MODEL_PATH,
    (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }),
  );
  await page.goto(`/engine-test.html?model=${MODEL_PATH}&mode=solid`);
  await page.waitForFunction(() => window.engineTest !== undefined);
  await page.evaluate(() => window.engineTest!.ready);
  const cdp = await context.newCDPSession(page);
  const box = (await page.locator('#viewer').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // The page never scrolls or zooms under a gesture: the canvas takes every touch.
  expect(await page.locator('#viewer').evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');

  // One finger: the camera turns around its target, at the same distance.
  const before = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  const distanceBefore = await cameraDistance(page);
  await gesture(cdp, [centre], [{ x: centre.x + 120, y: centre.y }]);
  await settle(page);
  const turned = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  expect(turned.position).not.toEqual(before.position);
  expect(await cameraDistance(page)).toBeCloseTo(distanceBefore, 3);
  expect(await page.evaluate(() => window.engineTest!.engine.hasUserMovedCamera())).toBe(true);
  expect(await page.evaluate(() => window.engineTest!.picks.length)).toBe(0);

  // Two fingers spreading apart: the camera comes closer.
  await gesture(
    cdp,
    [
      { x: centre.x - 30, y: centre.y },
      { x: centre.x + 30, y: centre.y },
    ],
    [
      { x: centre.x - 140, y: centre.y },
      { x: centre.x + 140, y: centre.y },
    ],
  );
  await settle(page);
  expect(await cameraDistance(page)).toBeLessThan(distanceBefore * 0.9);
  expect(await page.evaluate(() => window.engineTest!.picks.length)).toBe(0);

  // Two fingers moving together: the view pans (the target moves), the distance stays.
  const beforePan = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  const distanceBeforePan = await cameraDistance(page);
  await gesture(
    cdp,
    [
      { x: centre.x - 50, y: centre.y },
      { x: centre.x + 50, y: centre.y },
    ],
    [
      { x: centre.x - 50, y: centre.y - 120 },
      { x: centre.x + 50, y: centre.y - 120 },
    ],
  );
  await settle(page);
  const panned = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  expect(Math.hypot(...panned.target.map((v, i) => v - beforePan.target[i]))).toBeGreaterThan(0.05);
  expect(await cameraDistance(page)).toBeCloseTo(distanceBeforePan, 2);

  // A tap a few pixels beside the door's edge still selects a part.
  await page.evaluate(() => window.engineTest!.engine.resetCamera({ animate: false }));
  await page.evaluate(() => window.engineTest!.engine.setCameraView('front', { animate: false }));
  const mid: Vec3 = [door.bottom[0] + 0.05, (door.bottom[1] + door.top[1]) / 2, door.bottom[2]];
  const onDoor = await page.evaluate((p) => window.engineTest!.engine.project(p), mid);
  await tap(cdp, { x: box.x + onDoor.x, y: box.y + onDoor.y });
  await expect.poll(() => page.evaluate(() => window.engineTest!.picks.at(-1)?.partId ?? null)).not.toBeNull();
  const picked = await page.evaluate(() => window.engineTest!.picks.at(-1)!.partId);

  // A second tap at once: a double tap frames that part (the camera comes much closer).
  const framedBefore = await cameraDistance(page);
  await tap(cdp, { x: box.x + onDoor.x, y: box.y + onDoor.y });
  await settle(page);
  expect(await page.evaluate(() => window.engineTest!.picks.at(-1)!.partId)).toBe(picked);
  expect(await cameraDistance(page)).toBeLessThan(framedBefore * 0.6);

  // Measurement by touch, on the part the double tap framed: two taps near the door's corners snap to them.
  await page.evaluate(() => window.engineTest!.engine.setMeasureActive(true));
  for (const [corner, dy] of [
    [door.bottom, -4],
    [door.top, 4],
  ] as const) {
    const p = await page.evaluate((c) => window.engineTest!.engine.project(c), corner);
    expect(p.inView).toBe(true);
    await tap(cdp, { x: box.x + p.x + 4, y: box.y + p.y + dy });
  }
  const measurement = await page.evaluate(() => window.engineTest!.engine.getMeasurement());
  expect(measurement.points.map((p) => p.snap)).toEqual(['vertex', 'vertex']);
  expect(measurement.length).toBe(Math.round(door.heightMm * 10) / 10);

  // A finger held below the door's top corner aims a cross-hair 60 px above itself (the finger
  // would hide the point): the snapped point shows while it is held, and lifting it places the point there.
  const corner = await page.evaluate((c) => window.engineTest!.engine.project(c), door.top);
  const finger = { x: box.x + corner.x + 3, y: box.y + corner.y + 3 + 60 };
  expect(finger.y).toBeLessThan(box.y + box.height);
  const cameraBefore = await page.evaluate(() => window.engineTest!.engine.getCameraState());
  await touch(cdp, 'touchStart', [finger]);
  await expect.poll(() => page.evaluate(() => window.engineTest!.engine.getMeasureHover()?.snap ?? null)).toBe('vertex');
  await touch(cdp, 'touchMove', [{ x: finger.x + 1, y: finger.y + 1 }]);
  await touch(cdp, 'touchEnd', []);
  const aimed = await page.evaluate(() => window.engineTest!.engine.getMeasurement());
  expect(aimed.points).toHaveLength(1);
  aimed.points[0].position.forEach((v, axis) => expect(v).toBeCloseTo(door.top[axis], 3));
  // Aiming did not turn the camera.
  expect(await page.evaluate(() => window.engineTest!.engine.getCameraState())).toEqual(cameraBefore);
});
