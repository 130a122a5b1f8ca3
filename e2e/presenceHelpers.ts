/** What the presence specs (and the presence screens) share: a model drawn, an orbit by mouse, two cameras compared. */
import { expect, type Page } from '@playwright/test';

interface Camera {
  position: readonly number[];
  target: readonly number[];
}

/** The viewer's model drawn, and the engine's test hooks holding it. */
export async function modelShown(page: Page) {
  await expect(page.locator('[data-model-shown="true"]')).toBeAttached({ timeout: 60_000 });
  await page.waitForFunction(() => window.viewerEngine?.getModel() != null);
}

const cameraOf = (page: Page): Promise<Camera> => page.evaluate(() => window.viewerEngine!.getCameraState());

/** The angle (degrees) between the two cameras' viewing directions and the ratio of their distances to the target. */
function difference(a: Camera, b: Camera): { degrees: number; distance: number } {
  const dir = (c: Camera) => c.position.map((p, i) => p - c.target[i]);
  const length = (v: number[]) => Math.hypot(...v);
  const da = dir(a);
  const db = dir(b);
  const cos = da.reduce((sum, v, i) => sum + v * db[i], 0) / (length(da) * length(db));
  return { degrees: (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI, distance: Math.abs(length(da) / length(db) - 1) };
}

/** Whether the follower's camera is where the presenter's is (1 degree, 1% of distance, the same target within 1%). */
export async function sameView(presenter: Page, follower: Page): Promise<boolean> {
  const [a, b] = await Promise.all([cameraOf(presenter), cameraOf(follower)]);
  const { degrees, distance } = difference(a, b);
  const targetGap = Math.hypot(...a.target.map((t, i) => t - b.target[i])) / Math.hypot(...a.position.map((p, i) => p - a.target[i]));
  return degrees < 1 && distance < 0.01 && targetGap < 0.01;
}

/** Turns the model by dragging the mouse from the canvas's centre. */
export async function orbit(page: Page, dx: number, dy: number) {
  const box = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}
