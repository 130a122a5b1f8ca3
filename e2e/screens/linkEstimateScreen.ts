/**
 * The link estimate machine's screen: the cost estimate in a guest's Shared project panel, on a
 * published kitchen whose owner offers it. The panel's read of the estimate is held until the
 * path's answer: the server's own estimate, or a 500; Retry reads again. After each step the panel
 * shows what the oracle expects: that it is computing, the failure with its Retry, or the total
 * the server prices for the link.
 */
import { expect, type Page } from '@playwright/test';
import type { Estimate } from '../../src/model/cutting/estimate';
import { DEFAULT_WORKSHOP_SETTINGS } from '../../src/model/cutting/workshopSettings';
import { linkEstimateModel, type LinkEstimateExpected } from '../../tests/models/linkEstimate';
import { e2eServer, publishedKitchen } from '../linkHelpers';
import { HeldRequests, refuse } from './requests';
import type { ScreenDriver } from './screenPaths';

const TEXTS = { panel: 'Shared project', title: 'Cost estimate', loading: 'Computing the estimate…', failed: 'The estimate could not be computed.' };

interface EstimateScreen {
  accessKey: string;
  reads: HeldRequests;
}

let link: Promise<string> | null = null;
/** One link per worker that offers its estimate (read-only paths share it). */
function offeringLink(): Promise<string> {
  link ??= (async () => {
    const kitchen = await publishedKitchen(10, 'Estimate kitchen');
    const send = (path: string, method: string, body: unknown) =>
      fetch(`${e2eServer.url}/api/v1/${path}`, { method, headers: { authorization: `Bearer ${kitchen.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // A price for each part cut, so the estimate has a total; and the estimate offered on the link.
    expect((await send('settings/workshop', 'PUT', { ...DEFAULT_WORKSHOP_SETTINGS, labourPerPart: 5 })).ok, 'the workshop prices').toBe(true);
    expect((await send(`projects/${kitchen.projectId}`, 'PATCH', { shareOptions: { isEstimateAvailable: true } })).status, 'the estimate offered').toBe(204);
    return kitchen.accessKey;
  })();
  return link;
}

const section = (page: Page) => page.getByRole('region', { name: TEXTS.title });

export const linkEstimateScreen: ScreenDriver<EstimateScreen, LinkEstimateExpected> = {
  model: linkEstimateModel,
  answers: 'held',
  async open(page) {
    const accessKey = await offeringLink();
    const screen: EstimateScreen = { accessKey, reads: new HeldRequests('its read of the estimate') };
    await page.route((url) => url.pathname === `/api/v1/projects/accessKeys/${accessKey}/estimate`, screen.reads.hold);
    await page.goto(`/s/${accessKey}`);
    // The machine starts with the panel that shows the estimate.
    const button = page.getByRole('button', { name: TEXTS.panel, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    return screen;
  },
  user: {
    'linkEstimate.retry': (page) => section(page).getByRole('button').click(),
  },
  server: {
    'xstate.done.actor.loadEstimate': async (_, screen) => (await screen.reads.next()).continue(),
    'xstate.error.actor.loadEstimate': async (_, screen) => refuse(await screen.reads.next()),
  },
  async expect(page, screen, e, where) {
    const panel = section(page);
    await expect(panel.getByText(TEXTS.loading), where).toBeVisible({ visible: e.value === 'loading' });
    await expect(panel.getByRole('alert'), where).toHaveCount(e.value === 'failed' ? 1 : 0);
    if (e.value === 'failed') await expect(panel.getByRole('alert'), where).toContainText(TEXTS.failed);
    const total = panel.getByTestId('estimate-total');
    if (e.value === 'loaded') {
      // The total the server prices for the link (10 parts cut at 5 each: not nothing).
      const estimate = (await (await fetch(`${e2eServer.url}/api/v1/projects/accessKeys/${screen.accessKey}/estimate`)).json()) as Estimate;
      await expect(total, where).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: estimate.currency }).format(estimate.total));
    } else {
      await expect(total, where).toHaveCount(0);
    }
    // The reads the page asked for: one at the start, one per Retry.
    await expect.poll(() => screen.reads.sent, { message: `${where}: reads of the estimate` }).toBe(e.reads);
  },
};
