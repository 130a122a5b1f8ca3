// @vitest-environment jsdom
/**
 * My Subscriptions (SPEC §2, §3, §9) with the real plans machine over the fake API: an UNLIMITED
 * plan shows only its name; another shows days left rounded up to whole days of 86,400,000 ms and
 * projects left (total minus consumed) over the total. The clock is fixed through the `now` prop.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionPlan } from '../../../src/api/schemas';
import { SubscriptionsDialog } from '../../../src/ui/dialogs/SubscriptionsDialog';
import { fakeProjectsApi } from '../../helpers/fakeProjectsApi';
import { renderWithServices } from './dialogHarness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DAY = 86_400_000;
/** 10 January 2026, noon, local time (dates are shown in the browser's zone). */
const NOW = new Date(2026, 0, 10, 12, 0).getTime();

const plan = (overrides: Partial<SubscriptionPlan> & Pick<SubscriptionPlan, 'sku' | 'name'>): SubscriptionPlan => ({
  consumedCreditCount: 0,
  totalCreditCount: 10,
  maxUpdatePerCredit: 3,
  expirationDate: new Date(NOW + 30 * DAY),
  ...overrides,
});

const PLANS: SubscriptionPlan[] = [
  plan({ sku: 'UNLIMITED', name: 'Unlimited', consumedCreditCount: 4, totalCreditCount: 10, expirationDate: new Date(NOW + 5 * DAY) }),
  // Two days and one millisecond: rounded up to 3.
  plan({ sku: 'PRO10', name: 'Pro 10', consumedCreditCount: 3, totalCreditCount: 10, expirationDate: new Date(NOW + 2 * DAY + 1) }),
  // Exactly one day; one project of one left.
  plan({ sku: 'STARTER', name: 'Starter', consumedCreditCount: 0, totalCreditCount: 1, expirationDate: new Date(NOW + DAY) }),
  // 1.4 days: rounded up to 2 (not to the nearest).
  plan({ sku: 'TEAM', name: 'Team', consumedCreditCount: 20, totalCreditCount: 25, expirationDate: new Date(NOW + 1.4 * DAY) }),
];

function setup(plans: SubscriptionPlan[] = PLANS, options: { locale?: 'en' | 'fr'; now?: number | null } = {}) {
  const api = fakeProjectsApi([], plans);
  const loads = vi.spyOn(api, 'activePlans');
  const onClose = vi.fn();
  const now = options.now === null ? undefined : (options.now ?? NOW);
  const view = renderWithServices(<SubscriptionsDialog open onClose={onClose} now={now} />, options.locale ?? 'en', { projectsApi: api });
  return { ...view, api, loads, onClose, user: userEvent.setup({ delay: null }) };
}

const itemOf = (name: string) => screen.getByText(name).closest('li')!;

describe('My Subscriptions dialog', () => {
  it('is titled My Subscriptions and loads the active plans', async () => {
    const { loads } = setup();
    expect(screen.getByRole('dialog', { name: 'My Subscriptions' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your subscriptions...');
    expect(await screen.findByText('Pro 10')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('shows only the name of an UNLIMITED plan', async () => {
    setup();
    await screen.findByText('Unlimited');
    const item = itemOf('Unlimited');
    expect(item.textContent).toBe('Unlimited');
    expect(within(item).queryByText(/left/)).toBeNull();
    expect(within(item).queryByText(/Expires/)).toBeNull();
  });

  it('shows days left rounded up and projects left over the total for other plans', async () => {
    setup();
    await screen.findByText('Pro 10');
    const pro = itemOf('Pro 10');
    expect(within(pro).getByText('3 days left')).toBeTruthy();
    expect(within(pro).getByText('7/10 projects left')).toBeTruthy();
    expect(within(pro).getByText('Expires on 12/01/2026')).toBeTruthy();
    const starter = itemOf('Starter');
    expect(within(starter).getByText('1 day left')).toBeTruthy();
    expect(within(starter).getByText('1/1 project left')).toBeTruthy();
    const team = itemOf('Team');
    expect(within(team).getByText('2 days left')).toBeTruthy();
    expect(within(team).getByText('5/25 projects left')).toBeTruthy();
  });

  it('never shows negative days or projects', async () => {
    setup([plan({ sku: 'OLD', name: 'Old plan', consumedCreditCount: 7, totalCreditCount: 5, expirationDate: new Date(NOW - 3 * DAY) })]);
    await screen.findByText('Old plan');
    const item = itemOf('Old plan');
    expect(within(item).getByText('0 days left')).toBeTruthy();
    expect(within(item).getByText('0/5 projects left')).toBeTruthy();
  });

  it('counts days from the current time when no clock is given', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW + 12 * 3_600_000);
    // From noon on the 10th plus 12 h, 2 days and 1 ms are left 1.5 days (+1 ms): rounded up to 2.
    setup(undefined, { now: null });
    await screen.findByText('Pro 10');
    expect(within(itemOf('Pro 10')).getByText('2 days left')).toBeTruthy();
    expect(within(itemOf('Starter')).getByText('1 day left')).toBeTruthy();
  });

  it('says when there is no active plan', async () => {
    setup([]);
    expect(await screen.findByText('No active subscription.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('says when the plans could not be loaded, and tries again', async () => {
    const api = fakeProjectsApi([], PLANS);
    api.failNext.plans = 1;
    const user = userEvent.setup({ delay: null });
    renderWithServices(<SubscriptionsDialog open onClose={() => {}} now={NOW} />, 'en', { projectsApi: api });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your subscriptions could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pro 10')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links Modify subscription to the account site, and Close calls onClose', async () => {
    const { user, onClose } = setup();
    await screen.findByText('Pro 10');
    const link = screen.getByRole('link', { name: /^Modify subscription/ });
    expect(link.getAttribute('href')).toBe('https://account.test/en/subscriptions');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('loads the plans each time it opens, and not while closed', async () => {
    const api = fakeProjectsApi([], PLANS);
    const loads = vi.spyOn(api, 'activePlans');
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            My subscriptions
          </button>
          <SubscriptionsDialog open={open} onClose={() => setOpen(false)} now={NOW} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderWithServices(<Host />, 'en', { projectsApi: api });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loads).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'My subscriptions' }));
    await screen.findByText('Pro 10');
    expect(loads).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    api.plans = [plan({ sku: 'NEW', name: 'New plan', consumedCreditCount: 1, totalCreditCount: 2 })];
    await user.click(screen.getByRole('button', { name: 'My subscriptions' }));
    expect(await screen.findByText('New plan')).toBeTruthy();
    expect(screen.queryByText('Pro 10')).toBeNull();
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('speaks French', async () => {
    setup(undefined, { locale: 'fr' });
    expect(screen.getByRole('dialog', { name: 'Mes abonnements' })).toBeTruthy();
    await screen.findByText('Pro 10');
    expect(itemOf('Unlimited').textContent).toBe('Unlimited');
    const pro = itemOf('Pro 10');
    expect(within(pro).getByText('3 jours restants')).toBeTruthy();
    expect(within(pro).getByText('7/10 projets restants')).toBeTruthy();
    expect(within(pro).getByText('Expire le 12/01/2026')).toBeTruthy();
    expect(within(itemOf('Starter')).getByText('1 jour restant')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Modifier l’abonnement/ }).getAttribute('href')).toBe('https://account.test/fr/abonnements');
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });
});
