/**
 * The plans machine's screen: My Subscriptions, opened from the list's user panel (Manage
 * subscription) by an account with a plan "Pro" of 5 projects. The dialog's read of the plans is
 * held until the path's answer: the server's own, or a 500; Try again reads again. After each step
 * the dialog shows what the oracle expects: loading, the failure and its Try again, or the plans,
 * each with its name and the projects left as the server counts them.
 */
import { expect, type Page } from '@playwright/test';
import type { SubscriptionPlan } from '../../src/api/schemas';
import { plansModel, type PlansExpected } from '../../tests/models/plansBranding';
import { e2eServer } from '../linkHelpers';
import { logIn } from '../listHelpers';
import { newAccount, type Account } from './accounts';
import { HeldRequests, refuse } from './requests';
import type { ScreenDriver } from './screenPaths';

const TEXTS = { title: 'My Subscriptions', loading: 'Loading your subscriptions...', failed: 'Your subscriptions could not be loaded.' };

interface PlansScreen {
  token: string;
  reads: HeldRequests;
}

let account: Promise<Account> | null = null;
/** One account per worker with its plan (the paths only read it). */
const withPlan = () => (account ??= newAccount('plans', { name: 'Plans Tester' }));

const dialogOf = (page: Page) => page.getByRole('dialog', { name: TEXTS.title });

export const plansScreen: ScreenDriver<PlansScreen, PlansExpected> = {
  model: plansModel,
  answers: 'held',
  async open(page) {
    const { username, password, token } = await withPlan();
    await logIn(page, username, password);
    const screen: PlansScreen = { token, reads: new HeldRequests('its read of the plans') };
    await page.route('**/api/v1/subscriptionPlans/active', screen.reads.hold);
    await page.getByRole('button', { name: 'Open the user panel', exact: true }).click();
    await page.getByRole('button', { name: 'Manage subscription', exact: true }).click();
    return screen;
  },
  user: {
    'plans.retry': (page) => dialogOf(page).getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
  },
  server: {
    'xstate.done.actor.loadPlans': async (_, screen) => (await screen.reads.next()).continue(),
    'xstate.error.actor.loadPlans': async (_, screen) => refuse(await screen.reads.next()),
  },
  async expect(page, screen, e, where) {
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('status').filter({ hasText: TEXTS.loading }), where).toHaveCount(e.value === 'loading' ? 1 : 0);
    await expect(dialog.getByRole('alert').filter({ hasText: TEXTS.failed }), where).toHaveCount(e.value === 'failed' ? 1 : 0);
    const items = dialog.getByRole('listitem');
    if (e.value === 'ready') {
      // The plans the server holds for the account, each with its name and the projects left.
      const held = (await (await fetch(`${e2eServer.url}/api/v1/subscriptionPlans/active`, { headers: { authorization: `Bearer ${screen.token}` } })).json()) as SubscriptionPlan[];
      await expect(items, where).toHaveCount(held.length);
      for (const [i, plan] of held.entries()) {
        await expect(items.nth(i), where).toContainText(plan.name);
        await expect(items.nth(i), where).toContainText(`${plan.totalCreditCount - plan.consumedCreditCount}/${plan.totalCreditCount} projects left`);
      }
    } else {
      await expect(items, where).toHaveCount(0);
    }
    await expect.poll(() => screen.reads.sent, { message: `${where}: reads of the plans` }).toBe(e.loads);
  },
};
