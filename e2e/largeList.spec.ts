/**
 * A maker with 1,000 projects: the list says so, reads a page of cards (the next as the end comes
 * near), and every keystroke in the search box narrows it to the right cards. How fast each
 * keystroke answers is the listScreen bench's, not an assertion here. A list of two pages: the
 * second comes on scroll (after a failed try and Try again), and a card of it can be deleted.
 */
import { expect, test } from '@playwright/test';
import { seededName, seedProjects } from '../bench/lib/manyProjects';
import { E2E_DATA_DIR } from '../playwright.config';
import { LIST_PAGE_SIZE as CARDS_PER_PAGE } from '../src/api/projectPages';
import { admin, uniqueUser } from './admin';
import { logIn } from './listHelpers';

const COUNT = 1000;

test('the list of 1,000 projects: a page of cards, more on scroll, search narrows on every keystroke', async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueUser('thousand');
  await admin('user', 'add', username, '--password', 'thousand-e2e-password', '--name', 'Many Projects');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5');
  await seedProjects(E2E_DATA_DIR, username, COUNT);
  await logIn(page, username, 'thousand-e2e-password');

  const grid = page.getByRole('list', { name: 'Projects' });
  const cards = grid.getByRole('link', { name: /^Open / });
  await expect(page.getByTestId('project-count')).toHaveText(`${COUNT} projects`);
  await expect(cards).toHaveCount(CARDS_PER_PAGE);
  // Newest first: the seeded names run from the newest.
  await expect(cards.first()).toHaveAccessibleName(`Open ${seededName(0)}`);

  await test.step('scrolling to the end of the page brings the next page', async () => {
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(CARDS_PER_PAGE);
  });

  await test.step('each keystroke narrows the cards to the names that match', async () => {
    const search = page.getByRole('searchbox');
    const expected = (text: string) => Array.from({ length: COUNT }, (_, i) => seededName(i)).filter((name) => name.toLowerCase().includes(text));
    let typed = '';
    for (const key of 'bathroom 09') {
      typed += key;
      await search.press(key === ' ' ? 'Space' : key);
      const matches = expected(typed);
      await expect(page.getByTestId('project-count')).toHaveText(`${matches.length} of ${COUNT} projects`);
      // The first matches, in order, at least a page of them (the pages already loaded stay).
      await expect.poll(async () => {
        const names = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
        return names.length >= Math.min(matches.length, CARDS_PER_PAGE) && names.every((name, i) => name === `Open ${matches[i]}`);
      }).toBe(true);
    }
    const names = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    expect(names).toEqual(expected('bathroom 09').map((name) => `Open ${name}`));
  });
});

test('on a phone, the cards a search brings answer the first tap on their stage dropdown and menu', async ({ browser }) => {
  test.setTimeout(120_000);
  const username = uniqueUser('phonelist');
  await admin('user', 'add', username, '--password', 'phone-list-e2e-password', '--name', 'Phone Lister');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5');
  // With the demo kitchen's posters, so that the cards load pictures.
  await seedProjects(E2E_DATA_DIR, username, 60, 0, 'demo@example.com');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await phone.newPage();
  await logIn(page, username, 'phone-list-e2e-password');
  await page.getByRole('searchbox').fill('bathroom 003');
  // Bathroom 0030 and 0033 (every third project is a bathroom), mounted by the search under no finger.
  const name = seededName(32);
  await expect(page.getByRole('link', { name: `Open ${name}` })).toBeVisible();
  const stage = page.getByRole('button', { name: `Step of ${name}` });
  await expect(stage).toHaveText('Ready for production');
  const patch = page.waitForResponse((res) => res.request().method() === 'PATCH' && /\/api\/v1\/projects\/\d+$/.test(res.url()));
  await stage.tap();
  await page.getByRole('option', { name: 'Finished', exact: true }).tap();
  expect((await patch).ok()).toBe(true);
  await expect(stage).toHaveText('Finished');

  const other = seededName(29);
  await page.getByRole('button', { name: `Actions for ${other}` }).tap();
  await page.getByRole('menuitem', { name: 'Rename' }).tap();
  await expect(page.getByRole('dialog', { name: 'Rename project' }).getByRole('textbox', { name: 'Project name' })).toHaveValue(other);
  // On a phone's full-width card the whole poster is the right size; no card asks for the small one.
  const asked = await page.locator('ul[aria-label="Projects"] img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc));
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((src) => !src.endsWith('?w=1200'))).toEqual([]);
  await phone.close();
});

test('a list of two pages: the second comes as the end of the grid nears, after Try again when it fails; its cards can be deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const count = CARDS_PER_PAGE + 6;
  const username = uniqueUser('twopages');
  await admin('user', 'add', username, '--password', 'two-pages-e2e-password', '--name', 'Two Pages');
  await admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5');
  await seedProjects(E2E_DATA_DIR, username, count);
  // The first request for the second page fails once.
  let failed = false;
  await page.route(/\/api\/v1\/projects\?.*cursor=/, (route) => {
    if (failed) return route.fallback();
    failed = true;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"Try later"}' });
  });
  await logIn(page, username, 'two-pages-e2e-password');
  const grid = page.getByRole('list', { name: 'Projects' });
  const cards = grid.getByRole('link', { name: /^Open / });
  await expect(page.getByTestId('project-count')).toHaveText(`${count} projects`);
  await expect(cards).toHaveCount(CARDS_PER_PAGE);
  await expect(page.getByRole('link', { name: `Open ${seededName(count - 1)}` })).toHaveCount(0);

  await cards.last().scrollIntoViewIfNeeded();
  const failure = page.getByRole('alert').filter({ hasText: 'More projects could not be loaded.' });
  await expect(failure).toBeVisible();
  await expect(cards).toHaveCount(CARDS_PER_PAGE);
  const second = page.waitForResponse((res) => /cursor=/.test(res.url()) && res.status() === 200);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await second;
  await expect(cards).toHaveCount(count);
  // Newest first: the oldest seeded projects end the list, each once.
  const names = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
  expect(names).toEqual(Array.from({ length: count }, (_, i) => `Open ${seededName(i)}`));
  await expect(failure).toHaveCount(0);

  const last = seededName(count - 1);
  await page.getByRole('button', { name: `Actions for ${last}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: `Open ${last}` })).toHaveCount(0);
  await expect(page.getByTestId('project-count')).toHaveText(`${count - 1} projects`);
});
