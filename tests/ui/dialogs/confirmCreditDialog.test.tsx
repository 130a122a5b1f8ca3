// @vitest-environment jsdom
/** Confirm credit usage (SPEC §2, §4): Continue answers true, Cancel (or Escape) answers false. */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmCreditDialog } from '../../../src/ui/dialogs/ConfirmCreditDialog';
import { renderWithLocale } from '../../helpers/renderWithLocale';

afterEach(cleanup);

const MESSAGE = 'You used all free updates for this project. The current update will cost you a credit from you subscription.';

/** Records the answer as the upload machine turns it into socket.answerCredit. */
function setup(locale: 'en' | 'fr' = 'en') {
  const answers: boolean[] = [];
  renderWithLocale(<ConfirmCreditDialog open onContinue={() => answers.push(true)} onCancel={() => answers.push(false)} />, locale);
  return { answers, user: userEvent.setup({ delay: null }) };
}

describe('confirm credit dialog', () => {
  it('asks with the spec message', () => {
    setup();
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm credit usage' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(MESSAGE);
  });

  it('Continue answers true', async () => {
    const { answers, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(answers).toEqual([true]);
  });

  it('Cancel answers false', async () => {
    const { answers, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(answers).toEqual([false]);
  });

  it('Escape answers false', async () => {
    const { answers, user } = setup();
    await user.keyboard('{Escape}');
    expect(answers).toEqual([false]);
  });

  it('shows nothing while closed', () => {
    renderWithLocale(<ConfirmCreditDialog open={false} onContinue={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('speaks French', async () => {
    const { answers, user } = setup('fr');
    expect(screen.getByRole('alertdialog', { name: 'Confirmer l’utilisation d’un crédit' })).toBeTruthy();
    expect(
      screen.getByText('Vous avez utilisé toutes les mises à jour gratuites de ce projet. Cette mise à jour vous coûtera un crédit de votre abonnement.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(answers).toEqual([true, false]);
  });
});
