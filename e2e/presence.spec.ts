/**
 * Presenting live through the real server, two browsers: the owner at a desk presents and orbits
 * by mouse; the client's link, open in French, follows (camera within 1 degree and 1% of distance,
 * the render mode too); both see who is there; the client looks around by dragging (following
 * stops), the owner moves on, the client follows again; the client has no Present button; a closed
 * tab leaves the owner's list.
 */
import { expect, test, type Page } from '@playwright/test';
import { logIn } from './listHelpers';
import { LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

interface Camera {
  position: readonly number[];
  target: readonly number[];
}

async function modelShown(page: Page) {
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

/** Whether the guest's camera is where the owner's is (1 degree, 1% of distance, the same target within 1%). */
async function sameView(owner: Page, guest: Page): Promise<boolean> {
  const [a, b] = await Promise.all([cameraOf(owner), cameraOf(guest)]);
  const { degrees, distance } = difference(a, b);
  const targetGap = Math.hypot(...a.target.map((t, i) => t - b.target[i])) / Math.hypot(...a.position.map((p, i) => p - a.target[i]));
  return degrees < 1 && distance < 0.01 && targetGap < 0.01;
}

async function orbit(page: Page, dx: number, dy: number) {
  const box = (await page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
  await page.mouse.up();
}

test('the owner presents and orbits; the client follows, looks around alone, follows again; both see who is here', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const link = await publishedKitchen(40, 'Presented kitchen');
  await logIn(page, link.username, LINK_OWNER_PASSWORD);
  await page.goto(`/projects/${link.projectId}`);
  await modelShown(page);
  const ownerBar = page.getByRole('region', { name: 'Who is here' });
  await expect(ownerBar.getByTestId('presence-count')).toHaveText(/1 here/);

  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
  const guest = await clientContext.newPage();
  await guest.goto(`/s/${link.accessKey}`);
  await modelShown(guest);
  const guestBar = guest.getByRole('region', { name: 'Qui est là' });
  await expect(guestBar.getByTestId('presence-count')).toHaveText(/2 ici/);
  await expect(ownerBar.getByTestId('presence-count')).toHaveText(/2 here/);
  // A guest cannot present.
  await expect(guestBar.getByRole('button', { name: 'Présenter' })).toHaveCount(0);

  await test.step('the owner presents: the client follows the orbit and the render mode', async () => {
    await ownerBar.getByRole('button', { name: 'Present', exact: true }).click();
    await expect(guestBar.getByText('Vous suivez Link Owner')).toBeVisible();
    await expect(ownerBar.getByTestId('presence-followers')).toHaveText('1 following');
    await orbit(page, 220, -60);
    await expect.poll(() => sameView(page, guest), { timeout: 10_000 }).toBe(true);
    await page.evaluate(() => window.viewerEngine!.setRenderMode('xray'));
    await expect.poll(() => guest.evaluate(() => window.viewerEngine!.getRenderMode()), { timeout: 10_000 }).toBe('xray');
    await orbit(page, -150, 40);
    await expect.poll(() => sameView(page, guest), { timeout: 10_000 }).toBe(true);
  });

  await test.step('the client drags: following stops; the owner moves on; the client follows again', async () => {
    await orbit(guest, 0, 120);
    await expect(guestBar.getByRole('button', { name: 'Suivre à nouveau' })).toBeVisible();
    await expect(ownerBar.getByTestId('presence-followers')).toHaveText('0 following');
    await orbit(page, 180, 0);
    await expect.poll(() => sameView(page, guest)).toBe(false);
    await guestBar.getByRole('button', { name: 'Suivre à nouveau' }).click();
    await expect(guestBar.getByText('Vous suivez Link Owner')).toBeVisible();
    await expect.poll(() => sameView(page, guest), { timeout: 10_000 }).toBe(true);
  });

  await test.step('the list names both; a closed tab leaves it', async () => {
    await ownerBar.getByTestId('presence-count').click();
    const list = page.getByTestId('presence-list');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('Link Owner');
    await expect(list).toContainText('Guest 1');
    await page.keyboard.press('Escape');
    await guest.close();
    await expect(ownerBar.getByTestId('presence-count')).toHaveText(/1 here/);
  });
  await clientContext.close();
});
