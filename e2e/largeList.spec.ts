/**
 * A maker with 1,000 projects: the list says so, puts a page of cards in the page (more as the end
 * comes near), and every keystroke in the search box narrows it to the right cards. How fast each
 * keystroke answers is the listScreen bench's, not an assertion here.
 */
import { expect, test } from '@playwright/test';
import { seededName, seedProjects } from '../bench/lib/manyProjects';
import { E2E_DATA_DIR } from '../playwright.config';
import { CARDS_PER_PAGE } from '../src/ui/list/useRenderWindow';
import { admin, uniqueUser } from './admin';
import { logIn } from './listHelpers';

const COUNT = 1000;

test('the list of 1,000 projects: a page of cards, more on scroll, search narrows on every keystroke', async ({ page }) => {
  test.setTimeout(120_000);
  const username = uniqueUser('thousand');
  admin('user', 'add', username, '--password', 'thousand-e2e-password', '--name', 'Many Projects');
  admin('plan', 'add', username, '--sku', 'PRO', '--name', 'Pro', '--credits', '5');
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
