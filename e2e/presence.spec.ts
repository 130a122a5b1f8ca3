/**
 * Presenting live through the real server, two browsers: the owner at a desk presents and orbits
 * by mouse; the client's link, open in French, follows (camera within 1 degree and 1% of distance,
 * the render mode too); both see who is there; the client looks around by dragging (following
 * stops), the owner moves on, the client follows again; the client has no Present button; a closed
 * tab leaves the owner's list.
 */
import { expect, test } from '@playwright/test';
import { logIn } from './listHelpers';
import { LINK_OWNER_PASSWORD, publishedKitchen } from './linkHelpers';
import { modelShown, orbit, sameView } from './presenceHelpers';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

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
