/**
 * The exploded view on a shared link: the slider under the render modes moves the kitchen apart
 * (the picture changes a lot at 0.5) and back to the assembly as built at 0 (the picture is the
 * first one again, but for a few pixels of antialiasing).
 */
import { expect, test } from '@playwright/test';
import { canvasPixels, changed } from './pixels';
import { publishedKitchen } from './linkHelpers';

test('the exploded view slider moves the kitchen apart and back as built', async ({ page }) => {
  const link = await publishedKitchen(40, 'Exploded kitchen');
  await page.goto(`/s/${link.accessKey}`);
  await expect(page.locator('[data-model-shown="true"]')).toBeVisible({ timeout: 30_000 });
  const tools = page.getByRole('navigation', { name: 'Tools', exact: true });
  await tools.getByRole('button', { name: 'Render mode' }).click();
  const panel = page.getByRole('region', { name: 'Render mode' }).first();
  await panel.getByRole('radio', { name: 'Solid' }).click();
  const slider = panel.getByRole('slider', { name: /Exploded view/ });
  await expect(slider).toHaveValue('0');
  const asBuilt = await canvasPixels(page);

  await slider.fill('50');
  await expect(panel.getByText('50 %')).toBeVisible();
  const exploded = await canvasPixels(page);
  expect(changed(asBuilt, exploded)).toBeGreaterThan(0.02);

  await slider.fill('0');
  await expect(panel.getByText('0 %')).toBeVisible();
  const back = await canvasPixels(page);
  expect(changed(asBuilt, back)).toBeLessThan(changed(asBuilt, exploded) / 10);
});
