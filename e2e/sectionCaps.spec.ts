/**
 * A section through a generated cabinet in solid mode, in a real Chromium: where the section box
 * cuts the carcass panels, their cross-sections are filled in the panel's colour, darker (never
 * the background), and the box's handles are on screen. Cabinet: 600 mm base cabinet with doors,
 * panels 18 mm of white melamine, depth 560 mm, height 720 mm, standing on 100 mm legs.
 */
import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { Assembly } from '../samples/assembly';
import { buildCabinet } from '../samples/cabinet';
import { sampleMaterials } from '../samples/materials';
import { assemblyToGlb } from '../samples/toGlb';
import type { Vec3 } from '../src/engine/types';
import type {} from '../src/engine/testPage';

const MODEL_PATH = '/e2e-models/cabinet-600.glb';
const BACKGROUND = [24, 24, 27];
/** Melamine white (linear 0.9, 0.9, 0.88) in gamma space, at 55 % for the cut's fill. */
const CAP = [0.9, 0.9, 0.88].map((c) => Math.pow(c, 1 / 2.2) * 0.55 * 255);
const m = (mm: number) => mm / 1000;

function cabinetModel(): Assembly {
  const root = { name: 'Kitchen', children: [buildCabinet({ kind: 'base-doors', displayName: 'Base cabinet 1', width: 600, unit: 'mm', run: 'Run A', frontMaterial: 'Oak veneer 19', offset: [0, 100, 0] })] };
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: 'Cabinet', root, partCount: root.children[0].children.length, materials };
}

async function idle(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = await page.evaluate(() => window.engineTest!.engine.getStats().frames);
        await page.evaluate(() => new Promise<void>((resolve) => {
          let n = 0;
          const tick = () => (++n >= 15 ? resolve() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }));
        return (await page.evaluate(() => window.engineTest!.engine.getStats().frames)) === before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

async function pixels(page: Page) {
  await idle(page);
  const png = await page.locator('#viewer').screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  return { png, at };
}

const near = (a: number[], b: number[], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

test('a section box through a cabinet fills the cut panels in solid mode', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const glb = await assemblyToGlb(cabinetModel());
  await page.route((url) => url.pathname === MODEL_PATH, (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }));
  await page.goto(`/engine-test.html?model=${MODEL_PATH}&mode=solid`);
  await page.waitForFunction(() => window.engineTest !== undefined);
  await page.evaluate(() => window.engineTest!.ready);

  // Around the cabinet, then the front face pulled back to the middle of the depth: the doors go,
  // and the sides, top, bottom and shelf are cut square to the view.
  const state = await page.evaluate((z) => {
    const e = window.engineTest!.engine;
    const tree = e.getModel()!.tree;
    const cabinet = tree.nodes[tree.roots[0]].children[0];
    e.setCameraView('front', { animate: false });
    e.sectionAround([cabinet]);
    e.zoomToFit([cabinet], { animate: false });
    return e.moveSectionFace('maxZ', z);
  }, m(280));
  expect(state.enabled).toBe(true);

  const project = (p: Vec3) => page.evaluate((q) => window.engineTest!.engine.project(q), p);
  const shot = await pixels(page);
  await writeFile(testInfo.outputPath('section-caps.png'), shot.png);
  await testInfo.attach('section-caps', { path: testInfo.outputPath('section-caps.png'), contentType: 'image/png' });

  // Points inside the cut of the left side (x 0..18 mm), the right side (582..600 mm) and the top
  // panel (y 702..720 mm above the carcass's underside), away from the shelf pins.
  const cuts: Vec3[] = [
    ...[150, 250, 500, 620].map((y) => [m(6), m(100 + y), m(280)] as Vec3),
    ...[150, 250, 500, 620].map((y) => [m(594), m(100 + y), m(280)] as Vec3),
    ...[100, 300, 500].map((x) => [m(x), m(100 + 711), m(280)] as Vec3),
  ];
  for (const point of cuts) {
    const p = await project(point);
    expect(p.inView).toBe(true);
    const colour = shot.at(p.x, p.y);
    expect(near(colour, BACKGROUND, 30), `background at ${point.join(', ')}: ${colour}`).toBe(false);
    expect(near(colour, CAP, 14), `the cut's fill at ${point.join(', ')}: ${colour}, expected about ${CAP.map(Math.round)}`).toBe(true);
  }

  // Without the box the same points show the doors, lit, not the fill.
  await page.evaluate(() => window.engineTest!.engine.setSectionBox({ enabled: false }));
  const whole = await pixels(page);
  const door = await project([m(6), m(100 + 250), m(280)]);
  expect(near(whole.at(door.x, door.y), CAP, 14)).toBe(false);
});
