// @vitest-environment jsdom
/** Insufficient credits (SPEC §2, §4): titled Error, a Modify subscription link to the account site, dismissable. */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InsufficientCreditsDialog } from '../../../src/ui/dialogs/InsufficientCreditsDialog';
import { renderWithServices } from './dialogHarness';

afterEach(cleanup);

const MESSAGE = 'You have insufficient credits remaining in your subscription to proceed.';

describe('insufficient credits dialog', () => {
  it('is titled Error with the spec message', () => {
    renderWithServices(<InsufficientCreditsDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(MESSAGE);
  });

  it('links Modify subscription to the subscriptions page of the runtime account site, in a new tab', () => {
    renderWithServices(<InsufficientCreditsDialog open onClose={() => {}} />, 'en', { accountSiteUrl: 'https://accounts.example.org/base/' });
    const link = screen.getByRole('link', { name: /^Modify subscription/ });
    expect(link.getAttribute('href')).toBe('https://accounts.example.org/base/en/subscriptions');
    expect(link.textContent).toBe('Modify subscription (opens in a new tab)');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('Close dismisses it', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithServices(<InsufficientCreditsDialog open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape dismisses it', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithServices(<InsufficientCreditsDialog open onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while closed', () => {
    renderWithServices(<InsufficientCreditsDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('speaks French, with the French subscriptions page', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithServices(<InsufficientCreditsDialog open onClose={onClose} />, 'fr', { accountSiteUrl: 'https://acc.test' });
    expect(screen.getByRole('alertdialog', { name: 'Erreur' })).toBeTruthy();
    expect(screen.getByText('Il ne vous reste pas assez de crédits dans votre abonnement pour continuer.')).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Modifier l’abonnement/ });
    expect(link.getAttribute('href')).toBe('https://acc.test/fr/abonnements');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
