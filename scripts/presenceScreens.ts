/**
 * Pictures of presenting live (docs/screens/): the owner presenting with the list of who is here
 * open and a client's point on the model (`presence-presenter-<desktop|phone>[-fr].png`), and the
 * client following (`presence-follower-<desktop|phone>[-fr].png`), at 1440 x 900 and 390 x 844
 * (touch), in English and French: owner at a desk with the client on a phone, then the other way.
 */
import type { Browser } from '@playwright/test';
import { modelShown, orbit } from '../e2e/presenceHelpers';
import { newPage } from './revisionScreens';
import { DESKTOP, PHONE, type Login, type Shot } from './shotKit';

const TEXTS = {
  en: { present: 'Present', following: /^Following /, point: 'Point' },
  fr: { present: 'Présenter', following: /^Vous suivez /, point: 'Montrer' },
};

export async function presenceShots(browser: Browser, origin: string, login: Login, project: { id: number; accessKey: string }, shot: Shot): Promise<void> {
  for (const language of ['en', 'fr'] as const) {
    const t = TEXTS[language];
    const suffix = language === 'fr' ? '-fr' : '';
    for (const [ownerSize, guestSize, ownerDevice, guestDevice] of [
      [DESKTOP, PHONE, 'desktop', 'phone'],
      [PHONE, DESKTOP, 'phone', 'desktop'],
    ] as const) {
      const owner = await newPage(browser, origin, ownerSize, language === 'fr', login);
      await owner.page.goto(`/projects/${project.id}`);
      await modelShown(owner.page);
      const guest = await newPage(browser, origin, guestSize, language === 'fr');
      await guest.page.goto(`/s/${project.accessKey}`);
      await modelShown(guest.page);
      await owner.page.getByRole('button', { name: t.present, exact: true }).click();
      await guest.page.getByText(t.following).waitFor();
      // The owner turns the model a little; the client's view follows.
      if (ownerDevice === 'desktop') await orbit(owner.page, 160, -30);
      // The client points at the model; the owner sees it.
      // Point turns off once a point is made on a part: a few places of the view are tried until one is.
      const pointButton = guest.page.getByRole('button', { name: t.point, exact: true });
      const box = (await guest.page.locator('canvas[data-engine-ready="true"]').boundingBox())!;
      for (const [fx, fy] of [[0.5, 0.3], [0.5, 0.7], [0.45, 0.25], [0.55, 0.65], [0.4, 0.5], [0.6, 0.5]]) {
        if ((await pointButton.getAttribute('aria-pressed')) !== 'true') await pointButton.click();
        const [x, y] = [box.x + box.width * fx, box.y + box.height * fy];
        if (guestDevice === 'phone') await guest.page.touchscreen.tap(x, y);
        else await guest.page.mouse.click(x, y);
        const made = await pointButton
          .and(guest.page.locator('[aria-pressed="false"]'))
          .waitFor({ timeout: 1500 })
          .then(() => true, () => false);
        if (made) break;
      }
      // The marker itself has no size (its dot and name hang off it): seen once placed in view.
      await owner.page.waitForFunction(() => [...document.querySelectorAll('[data-testid="presence-pointers"] [role="img"]')].some((m) => (m as HTMLElement).style.visibility === 'visible'), undefined, { timeout: 10_000 });
      await owner.page.getByTestId('presence-count').click();
      await owner.page.getByTestId('presence-list').waitFor();
      await shot(owner.page, `presence-presenter-${ownerDevice}${suffix}`);
      await shot(guest.page, `presence-follower-${guestDevice}${suffix}`);
      await guest.context.close();
      await owner.context.close();
    }
  }
}
