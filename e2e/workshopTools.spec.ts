/**
 * The workshop tools in the app (issue 35), on a desktop with a mouse and on a phone with touch,
 * in English and in French: the sandbox shows two generated base cabinets (600 and 400 mm, panels
 * 18 mm, depth 560, height 720 on 100 mm legs, doors 19 mm, handles 30 mm deep); the user selects
 * the first by a click or tap on its door, cuts around it with the section box, pulls the box's
 * front face back past the doors by its handle, then measures the inside width face to face
 * (564 mm), the angle at the carcass's inside corner (90°) and the cabinet's overall size
 * (600 x 820 x 609 mm), keeps the width on screen and reads it in inches to 1/16 (22 3/16").
 * Screenshots of each step are attached. The camera is placed through the test build's engine;
 * every pick is a real click or tap.
 */
import { writeFile } from 'node:fs/promises';
import { type CDPSession, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import type { Assembly } from '../samples/assembly';
import { buildCabinet } from '../samples/cabinet';
import { sampleMaterials } from '../samples/materials';
import { assemblyToGlb } from '../samples/toGlb';
import type { Vec3 } from '../src/engine/types';
import type {} from '../src/ui/viewer/CanvasHost';

const m = (mm: number) => mm / 1000;

function kitchen(): Assembly {
  const cabinets = [
    buildCabinet({ kind: 'base-doors', displayName: 'Base cabinet 1', width: 600, unit: 'mm', run: 'Run A', frontMaterial: 'Oak veneer 19', offset: [0, 100, 0] }),
    buildCabinet({ kind: 'base-doors', displayName: 'Base cabinet 2', width: 400, unit: 'mm', run: 'Run A', frontMaterial: 'Oak veneer 19', offset: [600, 100, 0] }),
  ];
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: 'Two cabinets', root: { name: 'Kitchen', children: cabinets }, partCount: cabinets.reduce((n, c) => n + c.children.length, 0), materials };
}

const TEXT = {
  en: { tools: 'Tools', activeTools: 'Active tools', sectionBox: 'Section box', more: 'More', info: 'Part information', clipping: 'Clipping plane', around: 'Cut around the selected cabinet', measure: 'Measure', faceDistance: 'Face to face', angle: 'Angle', overall: 'Overall size', keep: 'Keep on screen', units: 'Units', in16: 'in, to 1/16', width: '564.0 mm', right: '90.0°', sizes: ['600.0 mm', '820.0 mm', '609.0 mm'] },
  fr: { tools: 'Outils', activeTools: 'Outils actifs', sectionBox: 'Boîte de coupe', more: 'Plus', info: 'Informations sur la pièce', clipping: 'Plan de coupe', around: 'Couper autour du meuble sélectionné', measure: 'Mesure', faceDistance: 'Face à face', angle: 'Angle', overall: 'Encombrement', keep: 'Garder à l’écran', units: 'Unités', in16: 'po, au 1/16', width: '564,0 mm', right: '90,0°', sizes: ['600,0 mm', '820,0 mm', '609,0 mm'] },
} as const;

type Lang = keyof typeof TEXT;
type Point = { x: number; y: number };

const DEVICES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, touch: false },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }, touch: true },
] as const;

let glb: Uint8Array;
test.beforeAll(async () => {
  glb = await assemblyToGlb(kitchen());
});

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await writeFile(path, await page.screenshot());
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Opens a right panel from the tool bar, or from behind its More button on a phone. */
async function openPanel(page: Page, lang: Lang, name: string): Promise<Locator> {
  const bar = page.getByRole('navigation', { name: TEXT[lang].tools, exact: true });
  const direct = bar.getByRole('button', { name, exact: true });
  const more = bar.getByRole('button', { name: TEXT[lang].more, exact: true });
  // The bar is drawn: the panel's own button, or More on a narrow screen (count() does not wait).
  await expect(direct.or(more).first()).toBeVisible();
  if (await direct.count()) await direct.click();
  else {
    await more.click();
    await page.getByRole('region', { name: TEXT[lang].more }).getByRole('button', { name }).click();
  }
  const panel = page.getByRole('region', { name, exact: true }).first();
  await expect(panel).toBeVisible();
  return panel;
}

/** Canvas point of a model point, in page pixels. */
async function onScreen(page: Page, point: Vec3): Promise<Point & { inView: boolean }> {
  const canvas = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  const p = await page.evaluate((q) => window.viewerEngine!.project(q), point);
  return { x: canvas.x + p.x, y: canvas.y + p.y, inView: p.inView };
}

/** A click, or a tap held still long enough to aim (the aim sits above the finger), on a model point. */
async function pick(page: Page, cdp: CDPSession | null, point: Vec3): Promise<void> {
  const p = await onScreen(page, point);
  expect(p.inView).toBe(true);
  if (!cdp) {
    await page.mouse.click(p.x, p.y);
    return;
  }
  await page.touchscreen.tap(p.x, p.y);
}

/**
 * Places the camera (through the test build's engine): looking from `position` towards `target`,
 * then framed on the first cabinet within what the panels leave free, so that these points show
 * on the canvas itself, not under a panel or sheet.
 */
async function lookInto(page: Page, position: Vec3, target: Vec3, points: Vec3[]): Promise<void> {
  for (const zoom of [1, 0.8, 0.65, 0.5]) {
    await page.evaluate(
      ([pos, tgt, k]) => {
        const e = window.viewerEngine!;
        const tree = e.getModel()!.tree;
        const cabinet = tree.nodes[tree.roots[0]].children.find((id) => tree.nodes[id].name === 'Base cabinet 1')!;
        e.setCameraState({ version: 1, view: 'free', position: pos, target: tgt, orthoHalfHeight: null }, { animate: false });
        e.zoomToFit([cabinet], { animate: false });
        // Closer than the fit when asked: the points are inside the cabinet.
        const s = e.getCameraState();
        const closer = s.position.map((v, i) => s.target[i] + (v - s.target[i]) * k) as unknown as typeof pos;
        e.setCameraState({ ...s, position: closer }, { animate: false });
      },
      [position, target, zoom] as const,
    );
    let free = true;
    for (const point of points) {
      const q = await onScreen(page, point);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName ?? '', q);
      if (!q.inView || hit !== 'CANVAS') free = false;
    }
    if (free) return;
  }
  throw new Error('the points could not be brought into view beside the panels');
}

/** Drags a point of the canvas by (dx, dy) pixels with the mouse, or with one finger through the DevTools protocol. */
async function drag(page: Page, cdp: CDPSession | null, from: Point, dx: number, dy: number): Promise<void> {
  const steps = 10;
  if (!cdp) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx, from.y + dy, { steps });
    await page.mouse.up();
    return;
  }
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: Point | null) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 0 }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= steps; i++) await touch('touchMove', { x: from.x + (dx * i) / steps, y: from.y + (dy * i) / steps });
  await touch('touchEnd', null);
}

for (const device of DEVICES) {
  for (const lang of ['en', 'fr'] as const) {
    test.describe(`${device.name}, ${lang}`, () => {
      test.use(device.use);

      test(`section box around one cabinet, inside width, angle and overall size (${device.name}, ${lang})`, async ({ page }, testInfo) => {
        test.setTimeout(180_000);
        const t = TEXT[lang];
        await page.route((url) => url.pathname === '/sample.glb', (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }));
        if (lang === 'fr') {
          await page.goto('/fr');
          await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
          await expect(page).toHaveURL(/\/login$/);
        }
        await page.goto('/sandbox');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('dialog', { name: /Loading|Chargement/ })).toBeHidden({ timeout: 30_000 });
        await page.waitForFunction(() => window.viewerEngine?.getModel() != null);
        const cdp = device.touch ? await page.context().newCDPSession(page) : null;
        await page.evaluate(() => window.viewerEngine!.setRenderMode('solid'));

        // Select the first cabinet's door by a click or a tap, then cut around its cabinet.
        const doorFront: Vec3 = [m(150), m(100 + 400), m(579)];
        await lookInto(page, [m(500), m(900), m(2400)], [m(500), m(400), m(300)], [doorFront]);
        await pick(page, cdp, doorFront);
        // The part's data sheet opens on the first selection: closed again, it leaves the view free.
        await page.getByRole('button', { name: t.info, exact: true }).click();
        await expect(page.getByRole('region', { name: t.info, exact: true })).toHaveCount(0);
        const clipping = await openPanel(page, lang, t.clipping);
        await clipping.getByRole('button', { name: t.around }).click();
        await expect.poll(() => page.evaluate(() => window.viewerEngine!.getSectionBox().enabled)).toBe(true);
        const box = await page.evaluate(() => window.viewerEngine!.getSectionBox().box);
        expect(box.min[0]).toBeCloseTo(m(-2), 3);
        expect(box.max[0]).toBeCloseTo(m(602), 3);
        // The active tools' chips name it (a phone's sheet covers them).
        if (!device.touch) await expect(page.getByRole('list', { name: t.activeTools })).toContainText(t.sectionBox);
        await shoot(page, testInfo, `section-box-${device.name}-${lang}`);

        // Pull the box's front face back past the doors by its handle (seen from the side, the Z axis runs across the screen).
        await lookInto(page, [m(2200), m(900), m(900)], [m(300), m(400), m(300)], [[m(300), m(410), box.max[2]]]);
        const handle = await onScreen(page, [m(300), m(410), box.max[2]]);
        const back = await onScreen(page, [m(300), m(410), m(380)]);
        await drag(page, cdp, handle, back.x - handle.x, back.y - handle.y);
        await expect.poll(() => page.evaluate(() => window.viewerEngine!.getSectionBox().box.max[2])).toBeLessThan(m(540));

        // Face to face: the inner faces of the two sides, seen from in front of the open carcass.
        const leftInner: Vec3 = [m(18), m(100 + 200), m(300)];
        const rightInner: Vec3 = [m(582), m(100 + 200), m(300)];
        const bottomTop: Vec3 = [m(300), m(100 + 18), m(300)];
        const measure = await openPanel(page, lang, t.measure);
        await measure.getByRole('radio', { name: t.faceDistance }).click();
        await lookInto(page, [m(300), m(560), m(1500)], [m(300), m(300), m(250)], [leftInner, rightInner, bottomTop]);
        await pick(page, cdp, leftInner);
        await pick(page, cdp, rightInner);
        await expect(measure.getByTestId('workshop-result')).toContainText(t.width);
        await expect(page.getByTestId('dimension-labels')).toContainText(t.width);
        await measure.getByRole('button', { name: t.keep }).click();
        await expect(measure.getByTestId('kept-measures')).toContainText(t.width);

        // The angle at the carcass's inside corner: the left side's inner face and the bottom's top face.
        await measure.getByRole('radio', { name: t.angle }).click();
        // The panel grew (the kept measure): frame again beside it.
        await lookInto(page, [m(300), m(560), m(1500)], [m(300), m(300), m(250)], [leftInner, bottomTop]);
        await pick(page, cdp, leftInner);
        await pick(page, cdp, bottomTop);
        await expect(measure.getByTestId('workshop-result')).toContainText(t.right);
        await shoot(page, testInfo, `width-and-angle-${device.name}-${lang}`);

        // Overall size: a click on any part of the cabinet measures the cabinet.
        await measure.getByRole('radio', { name: t.overall }).click();
        await lookInto(page, [m(300), m(560), m(1500)], [m(300), m(300), m(250)], [leftInner]);
        await pick(page, cdp, leftInner);
        for (const size of t.sizes) await expect(measure.getByTestId('workshop-result')).toContainText(size);
        await shoot(page, testInfo, `overall-size-${device.name}-${lang}`);

        // Inches to 1/16: the kept width reads as a joiner writes it.
        await measure.getByRole('combobox', { name: t.units }).selectOption({ label: t.in16 });
        await expect(measure.getByTestId('kept-measures')).toContainText('22 3/16"');
      });
    });
  }
}

/** Six base cabinets in a run (3.6 m): one cabinet is a sixth of the whole view. */
function longRun(): Assembly {
  const cabinets = Array.from({ length: 6 }, (_, i) =>
    buildCabinet({ kind: 'base-doors', displayName: `Base cabinet ${i + 1}`, width: 600, unit: 'mm', run: 'Run A', frontMaterial: 'Oak veneer 19', offset: [600 * i, 100, 0] }),
  );
  const materials: Record<string, [number, number, number]> = {};
  for (const [key, color] of Object.entries(sampleMaterials)) materials[key] = [...color];
  return { name: 'Six cabinets', root: { name: 'Kitchen', children: cabinets }, partCount: cabinets.reduce((n, c) => n + c.children.length, 0), materials };
}

test('cut around the selected cabinet: the camera frames the box, "Section box" is on, the earlier overall size is gone', async ({ page }) => {
  test.setTimeout(120_000);
  const t = TEXT.en;
  const run = await assemblyToGlb(longRun());
  await page.route((url) => url.pathname === '/sample.glb', (route) => route.fulfill({ body: Buffer.from(run), contentType: 'model/gltf-binary' }));
  await page.goto('/sandbox');
  await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: /Loading/ })).toBeHidden({ timeout: 30_000 });
  await page.waitForFunction(() => window.viewerEngine?.getModel() != null);
  await page.evaluate(() => window.viewerEngine!.setRenderMode('solid'));

  // The whole run's overall size, kept on screen.
  const measure = await openPanel(page, 'en', t.measure);
  await measure.getByRole('radio', { name: t.overall }).click();
  await measure.getByRole('button', { name: 'Size of the model' }).click();
  await measure.getByRole('button', { name: t.keep }).click();
  await expect(page.getByTestId('dimension-labels')).toContainText('3600.0 mm');
  await measure.getByRole('radio', { name: t.faceDistance }).click();
  await page.getByRole('navigation', { name: t.tools, exact: true }).getByRole('button', { name: t.measure, exact: true }).click();
  await expect(measure).toHaveCount(0);

  // Select the first cabinet by its door, then look at the whole run again.
  const doorFront: Vec3 = [m(150), m(100 + 400), m(579)];
  await lookInto(page, [m(500), m(900), m(2400)], [m(500), m(400), m(300)], [doorFront]);
  // Once, at the end of a full run on a busy machine, this click selected nothing (the button
  // stayed disabled for two minutes; alone the test passes every time): the pick is made again
  // until the part is selected, its information button enabled.
  const info = page.getByRole('button', { name: t.info, exact: true });
  await expect(async () => {
    if (await info.isDisabled()) await pick(page, null, doorFront);
    await expect(info).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await info.click();
  await page.evaluate(() => window.viewerEngine!.resetCamera({ animate: false }));

  const clipping = await openPanel(page, 'en', t.clipping);
  await clipping.getByRole('button', { name: t.around }).click();
  await expect(clipping.getByRole('switch', { name: t.sectionBox })).toBeChecked();
  await expect(page.getByTestId('dimension-labels')).not.toContainText('3600.0 mm');
  // The camera frames the box: all of it in view, and large (not a sixth of the run under the handles).
  const box = await page.evaluate(() => window.viewerEngine!.getSectionBox().box);
  expect(box.max[0] - box.min[0]).toBeCloseTo(m(604), 3);
  const canvas = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  await expect
    .poll(async () => {
      const corners: Point[] = [];
      for (let i = 0; i < 8; i++) {
        const p = await onScreen(page, [i & 1 ? box.max[0] : box.min[0], i & 2 ? box.max[1] : box.min[1], i & 4 ? box.max[2] : box.min[2]]);
        if (!p.inView) return 0;
        corners.push(p);
      }
      const ys = corners.map((p) => p.y);
      return (Math.max(...ys) - Math.min(...ys)) / canvas.height;
    })
    .toBeGreaterThan(0.5);
});

test.describe('French at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every button of the measure and clipping panels holds its words ("Encombrement" in its button)', async ({ page }) => {
    test.setTimeout(90_000);
    await page.route((url) => url.pathname === '/sample.glb', (route) => route.fulfill({ body: Buffer.from(glb), contentType: 'model/gltf-binary' }));
    await page.goto('/fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/sandbox');
    await expect(page.locator('canvas[data-engine-ready="true"]')).toBeVisible({ timeout: 30_000 });
    for (const name of [TEXT.fr.measure, TEXT.fr.clipping]) {
      const panel = await openPanel(page, 'fr', name);
      // A word wider than its button runs past its border: the button's content is wider than its box.
      const overflowing = await panel.locator('button').evaluateAll((buttons) =>
        buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.textContent?.trim()}: ${b.scrollWidth} > ${b.clientWidth}`),
      );
      expect(overflowing, name).toEqual([]);
      if (name === TEXT.fr.measure) await expect(panel.getByRole('radio', { name: TEXT.fr.overall })).toBeVisible();
    }
  });
});
